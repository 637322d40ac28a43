import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { TIER_BULLETS, TIER_INFO, TIERS, type Tier } from '#shared/tiers.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { cn } from '#client/utils/cn.ts';
import { useCardArt, type CardArt } from '../api/get-card-assets.ts';
import { CardImage } from './card-image.tsx';

/** SPEC §2 (/cards): Titan is 'Popular'; Elite is 'Invitation Only' and takes expressions of interest. */
const BADGE: Partial<Record<Tier, string>> = { titan: 'Popular', elite: 'Invitation Only' };
const ACTION: Record<Tier, string> = {
  standard: 'Apply for Standard',
  noir: 'Apply for Noir',
  titan: 'Apply for Titan',
  monarch: 'Apply for Monarch',
  elite: 'Expression of Interest',
};

type TierCardProps = {
  tier: Tier;
  art: CardArt;
  founder: boolean;
};

function Thumbnail({ tier, art, className }: { tier: Tier; art: CardArt; className?: string }) {
  return (
    <div className={cn('shrink-0', className)}>
      {art.ready ? (
        <CardImage tier={tier} src={art.src(tier)} alt="" />
      ) : (
        <div className="aspect-[856/540] w-full rounded-[3.7%/5.9%] bg-muted" />
      )}
    </div>
  );
}

type BadgesProps = { tier: Tier; founder: boolean; className?: string };

function Badges({ tier, founder, className }: BadgesProps) {
  const badge = BADGE[tier];
  if (!badge && !founder) return null;
  return (
    <div className={cn('flex flex-col items-end gap-2', className)}>
      {badge ? <Badge variant={tier === 'titan' ? 'default' : 'gold'}>{badge}</Badge> : null}
      {founder ? <Badge variant="outline">Founding perk</Badge> : null}
    </div>
  );
}

function Bullets({ tier, className }: { tier: Tier; className?: string }) {
  return (
    <ul className={cn('space-y-3 text-sm', className)}>
      {TIER_BULLETS[tier].map((bullet) => (
        <li key={bullet} className="flex items-start gap-2.5">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          <span>{bullet}</span>
        </li>
      ))}
    </ul>
  );
}

function Action({ tier, className }: { tier: Tier; className?: string }) {
  const featured = tier === 'titan';
  return (
    <Button asChild variant={featured ? 'default' : 'outline'} className={className}>
      <Link to={paths.apply.root.getHref()}>{ACTION[tier]}</Link>
    </Button>
  );
}

function TierCard({ tier, art, founder }: TierCardProps) {
  const { name, description } = TIER_INFO[tier];
  const featured = tier === 'titan';
  return (
    <li
      data-testid={`tier-card-${tier}`}
      className={cn(
        'flex flex-col rounded-lg border bg-card p-6',
        featured ? 'border-gold-soft shadow-[0_0_0_1px_var(--gold-soft)]' : 'border-border',
      )}
    >
      <div className="flex min-h-14 items-start justify-between gap-3">
        <Thumbnail tier={tier} art={art} className="w-22" />
        <Badges tier={tier} founder={founder} />
      </div>
      <h3 className="mt-5 text-2xl">{name}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground lg:min-h-[4.25rem]">
        {description}
      </p>
      <Bullets tier={tier} className="mt-6 flex-1 border-t border-border pt-6" />
      <Action tier={tier} className="mt-8 w-full" />
    </li>
  );
}

/** Elite stands apart: no public form, so it gets its own wide row below the four. */
function EliteCard({ art, founder }: Omit<TierCardProps, 'tier'>) {
  const { name, description } = TIER_INFO.elite;
  return (
    <li
      data-testid="tier-card-elite"
      className="grid gap-8 rounded-lg border border-gold-soft/60 bg-card bg-[radial-gradient(ellipse_at_100%_0%,color-mix(in_srgb,var(--gold-soft)_14%,transparent),transparent_60%)] p-6 sm:col-span-2 md:p-8 lg:col-span-4 lg:grid-cols-[auto_1fr_auto] lg:items-center lg:gap-12"
    >
      <Thumbnail tier="elite" art={art} className="w-36 lg:w-44" />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="text-2xl">{name}</h3>
            <Badges tier="elite" founder={founder} className="flex-row flex-wrap" />
          </div>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
        </div>
        <Bullets tier="elite" />
      </div>
      <Action tier="elite" className="w-full lg:w-auto" />
    </li>
  );
}

type TierCardsProps = {
  /** The visitor is a founding member: every tier shows the founding perk. */
  founder: boolean;
};

export function TierCards({ founder }: TierCardsProps) {
  const art = useCardArt();
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {TIERS.filter((tier) => tier !== 'elite').map((tier) => (
        <TierCard key={tier} tier={tier} art={art} founder={founder} />
      ))}
      <EliteCard art={art} founder={founder} />
    </ul>
  );
}
