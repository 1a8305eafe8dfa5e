/** The subscription plans of SPEC.md section 9. Price ids come from the server with checkout. */
export interface Plan {
  id: 'starter' | 'basic' | 'premium';
  name: string;
  /** Monthly price in US dollars; 0 is free. */
  priceUsd: number;
  popular: boolean;
  designSlotsPerWorkspace: number;
  aiTokens: number;
  storage: string;
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceUsd: 0,
    popular: false,
    designSlotsPerWorkspace: 10,
    aiTokens: 50,
    storage: '2 GB',
  },
  {
    id: 'basic',
    name: 'Basic',
    priceUsd: 9,
    popular: true,
    designSlotsPerWorkspace: 50,
    aiTokens: 1000,
    storage: '10 GB',
  },
  {
    id: 'premium',
    name: 'Premium',
    priceUsd: 29,
    popular: false,
    designSlotsPerWorkspace: 200,
    aiTokens: 5000,
    storage: '100 GB',
  },
];

/** Included in every plan. */
export const planInclusions = [
  'Bulk listings on Printify',
  'Bulk mockup generation',
  'Workflow automation',
] as const;
