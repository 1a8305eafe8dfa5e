/**
 * The subscription plans of SPEC.md section 9: the one table that quotas, the account page and
 * the landing page read. Plain data (no zod), so the web app can import it cheaply.
 */
export type PlanId = 'starter' | 'basic' | 'premium';

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars; 0 is free. */
  priceUsd: number;
  popular: boolean;
  designSlotsPerWorkspace: number;
  aiTokensPerMonth: number;
  storageBytes: number;
  /** The storage limit as sellers read it. */
  storageLabel: string;
}

const GB = 1024 ** 3;

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceUsd: 0,
    popular: false,
    designSlotsPerWorkspace: 10,
    aiTokensPerMonth: 50,
    storageBytes: 2 * GB,
    storageLabel: '2 GB',
  },
  {
    id: 'basic',
    name: 'Basic',
    priceUsd: 9,
    popular: true,
    designSlotsPerWorkspace: 50,
    aiTokensPerMonth: 1000,
    storageBytes: 10 * GB,
    storageLabel: '10 GB',
  },
  {
    id: 'premium',
    name: 'Premium',
    priceUsd: 29,
    popular: false,
    designSlotsPerWorkspace: 200,
    aiTokensPerMonth: 5000,
    storageBytes: 100 * GB,
    storageLabel: '100 GB',
  },
];

/** The plan of every new account until billing exists. */
export const defaultPlanId: PlanId = 'starter';

/** The plan with this id; an unknown id falls back to the free plan. */
export function planById(id: string): Plan {
  return plans.find((plan) => plan.id === id) ?? (plans[0] as Plan);
}

/** Included in every plan. */
export const planInclusions = [
  'Bulk listings on Printify',
  'Bulk mockup generation',
  'Workflow automation',
] as const;
