import { COMPANY } from './company.ts';

/** Card tiers, lowest to highest (SPEC §3, §9). Order matters: downgrades go only to lower tiers. */
export const TIERS = ['standard', 'noir', 'titan', 'monarch', 'elite'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierInfo {
  tier: Tier;
  name: string;
  description: string;
  /** Brand colour of the card finish, used by the site and the press palette. */
  colour: string;
}

export const TIER_INFO: Record<Tier, TierInfo> = {
  standard: {
    tier: 'standard',
    name: 'Standard',
    description: 'The essentials of private banking, beautifully done.',
    colour: '#E8E2D5',
  },
  noir: {
    tier: 'noir',
    name: 'Noir',
    description: 'Higher limits and partner perks in a matte black finish.',
    colour: '#1B1B1F',
  },
  titan: {
    tier: 'titan',
    name: 'Titan',
    description: 'Metal card, lounge access and a dedicated success manager.',
    colour: '#A2A6AC',
  },
  monarch: {
    tier: 'monarch',
    name: 'Monarch',
    description: 'A personal account executive and a 24/7 priority line.',
    colour: '#1F2B66',
  },
  elite: {
    tier: 'elite',
    name: 'Elite',
    description: 'Bespoke limits and concierge, by invitation only.',
    colour: '#B08D57',
  },
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

/** Tiers an applicant may downgrade to from an offered tier: strictly lower ones only. */
export function tiersBelow(tier: Tier): Tier[] {
  return TIERS.slice(0, tierRank(tier));
}

/** Tiers staff may set with 'Override Tier' (SPEC §2: Standard, Noir, Monarch, Titan only). */
export const OVERRIDE_TIERS = [
  'standard',
  'noir',
  'monarch',
  'titan',
] as const satisfies readonly Tier[];

/** Tiers that have card artwork assets (SPEC §3: elite has none). */
export const ASSET_TIERS = [
  'standard',
  'noir',
  'titan',
  'monarch',
] as const satisfies readonly Tier[];
export type AssetTier = (typeof ASSET_TIERS)[number];

/** True when `tier` is `base` or a higher tier (features carry upwards). */
export function tierIncludes(tier: Tier, base: Tier): boolean {
  return tierRank(tier) >= tierRank(base);
}

/** SPEC §9: the lounge programme's launch quarter, a company fact; shown only until it passes. */
export const LOUNGE_LAUNCH: string = COMPANY.loungeLaunch;

/**
 * What each tier's card on /cards lists (SPEC §3, tier bullets). Each tier after Standard
 * lists what it adds; Elite stands apart (no public application form).
 */
export const TIER_BULLETS: Record<Tier, readonly string[]> = {
  standard: [
    'Virtual + physical card',
    'In-app budgeting',
    'UK payments',
    'Contactless + wallet',
    'Priority chat support 9-5',
  ],
  noir: [
    'Everything in Standard',
    'Higher spend and ATM limits',
    'Priority queue support',
    'Virtual disposables',
    'Partner perks',
  ],
  titan: [
    'Everything in Noir',
    'Metal card',
    'Lounge access (coming soon)',
    'Early access to drops',
    'Dedicated success manager',
  ],
  monarch: [
    'Everything in Titan',
    'Personal account executive',
    'International payments',
    '24/7 priority line',
    'Private event invites',
  ],
  elite: [
    'Bespoke limits and concierge',
    'Personal relationship director',
    'No public form: by invitation only',
  ],
};

export interface TierFeature {
  name: string;
  /** One line for the feature's info tooltip. */
  description: string;
  /** The lowest tier that has it; every tier above has it too. */
  from: Tier;
  /**
   * The quarter a feature that is not yet live launches in: it shows as coming soon, and the
   * quarter is added only while it is still to come.
   */
  launch?: string;
}

/** SPEC §3: the tier feature matrix, twelve features by five tiers. */
export const TIER_FEATURES: readonly TierFeature[] = [
  {
    name: 'Virtual & physical card',
    description: 'A virtual card the moment you are approved, and a physical card by post.',
    from: 'standard',
  },
  {
    name: 'Mobile wallets',
    description: 'Pay from your phone or watch wherever contactless is accepted.',
    from: 'standard',
  },
  {
    name: 'UK transfers',
    description: 'Send and receive pounds across UK bank accounts, in seconds.',
    from: 'standard',
  },
  {
    name: 'Priority support',
    description: 'Members reach a person first, never a queue of bots.',
    from: 'standard',
  },
  {
    name: 'Higher limits',
    description: 'Raised daily spend and ATM withdrawal limits.',
    from: 'noir',
  },
  {
    name: 'Disposable virtuals',
    description: 'Single-use virtual card numbers for one-off and online payments.',
    from: 'noir',
  },
  {
    name: 'Metal card',
    description: 'A weighted metal card, cut and finished for your tier.',
    from: 'titan',
  },
  {
    name: 'Lounge access',
    description: 'Airport lounge access for you and a guest, coming soon.',
    from: 'titan',
    launch: LOUNGE_LAUNCH,
  },
  {
    name: 'Dedicated manager',
    description: 'A named manager who knows your account and answers directly.',
    from: 'titan',
  },
  {
    name: "Int'l payments",
    description: 'Send money abroad in major currencies at transparent rates.',
    from: 'monarch',
  },
  {
    name: 'Private events',
    description: 'Invitations to member dinners, previews and private viewings.',
    from: 'monarch',
  },
  {
    name: 'Bespoke limits',
    description: 'Limits set around your circumstances, agreed with your relationship director.',
    from: 'elite',
  },
];
