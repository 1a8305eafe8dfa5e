import type { WorkspaceProgress } from '@podflow/contract/workspaces';

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** What a workspace tile says it holds: "3 designs · 12 mockups · 2 listings". */
export function workspaceContentsText(progress: WorkspaceProgress): string {
  return [
    count(progress.designs, 'design', 'designs'),
    count(progress.mockups, 'mockup', 'mockups'),
    count(progress.designs_listed, 'listing', 'listings'),
  ].join(' · ');
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "Last activity 5 minutes ago" (or "just now" within the minute), in the browser's language. */
export function lastActivityText(at: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - at);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (elapsed >= size) return `Last activity ${format.format(-Math.floor(elapsed / size), unit)}`;
  }
  return 'Last activity just now';
}
