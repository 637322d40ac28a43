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
    colour: '#C9CCD1',
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
    colour: '#6E7378',
  },
  monarch: {
    tier: 'monarch',
    name: 'Monarch',
    description: 'A personal account executive and a 24/7 priority line.',
    colour: '#B08D57',
  },
  elite: {
    tier: 'elite',
    name: 'Elite',
    description: 'Bespoke limits and concierge, by invitation only.',
    colour: '#0E2A2F',
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
