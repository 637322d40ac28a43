import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { monthlyFeeLabel } from '#shared/fees.ts';
import { TIER_BULLETS, TIER_INFO, type Tier } from '#shared/tiers.ts';
import { CardFace } from './card-face.tsx';

/**
 * A tier as the offer presents it: the card, its name and colour, its monthly fee (src/shared
 * fees, the figure the signature covers) and what it includes.
 */
export function TierShowcase({ tier, badge }: { tier: Tier; badge?: ReactNode }) {
  const info = TIER_INFO[tier];
  return (
    <div className="grid gap-8" data-testid="tier-showcase">
      <CardFace
        tier={tier}
        priority
        alt={`The ${info.name} card`}
        className="mx-auto max-w-sm md:mx-0"
      />
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            aria-hidden="true"
            className="size-3.5 rounded-full border border-foreground/20"
            style={{ backgroundColor: info.colour }}
          />
          <p className="font-serif text-3xl leading-none" data-testid="offer-tier">
            {info.name}
          </p>
          {badge}
        </div>
        <p className="mt-3 text-lg" data-testid="offer-fee">
          <span className="text-muted-foreground">Monthly fee: </span>
          <span className="font-medium">{monthlyFeeLabel(tier)}</span>
        </p>
        <p className="mt-3 leading-relaxed text-muted-foreground">{info.description}</p>
        <ul className="mt-6 grid gap-2.5">
          {TIER_BULLETS[tier].map((bullet) => (
            <li key={bullet} className="flex items-start gap-3 text-sm">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
              {bullet}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
