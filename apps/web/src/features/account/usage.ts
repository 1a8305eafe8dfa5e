import type { PlanUsage } from '@podflow/contract/billing';

/** One quota of the plan as a bar shows it. */
export interface UsageMeter {
  /** The bar's visible label and accessible name. */
  label: string;
  used: number;
  limit: number;
  /** "12 / 50", "1.4 GB / 2 GB". */
  shown: string;
  /** How full it is, 0 and up (over 100 when over the limit). */
  percent: number;
  over: boolean;
}

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const count = new Intl.NumberFormat('en-US');

/** A byte count as people read it: 512 B, 1.4 GB, 10 GB. */
export function formatStorage(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${units[unit]}`;
}

function meter(label: string, used: number, limit: number, shown: string): UsageMeter {
  const percent = limit > 0 ? (used / limit) * 100 : used > 0 ? Infinity : 0;
  return { label, used, limit, shown, percent, over: used > limit };
}

/** The three quotas of SPEC.md section 9, as the account page shows them. */
export function usageMeters(usage: PlanUsage): UsageMeter[] {
  return [
    meter(
      'Designs in your fullest workspace',
      usage.designs_in_fullest_workspace,
      usage.design_slots_per_workspace,
      `${count.format(usage.designs_in_fullest_workspace)} / ${count.format(usage.design_slots_per_workspace)}`,
    ),
    meter(
      'Storage',
      usage.storage_bytes_used,
      usage.storage_bytes,
      `${formatStorage(usage.storage_bytes_used)} / ${formatStorage(usage.storage_bytes)}`,
    ),
    meter(
      'AI tokens this month',
      usage.ai_tokens_used,
      usage.ai_tokens_per_month,
      `${count.format(usage.ai_tokens_used)} / ${count.format(usage.ai_tokens_per_month)}`,
    ),
  ];
}
