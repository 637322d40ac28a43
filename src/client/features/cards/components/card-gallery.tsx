import { ASSET_TIERS, TIER_INFO } from '#shared/tiers.ts';
import { useCardArt } from '../api/get-card-assets.ts';
import { CardImage } from './card-image.tsx';

/** /cards: the four public cards side by side. */
export function CardGallery() {
  const { ready, src } = useCardArt();
  return (
    <ul
      aria-label="Card gallery"
      data-testid="card-gallery"
      className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-4 md:gap-6"
    >
      {ASSET_TIERS.map((tier) => (
        <li key={tier}>
          <figure>
            {ready ? (
              <CardImage
                tier={tier}
                src={src(tier)}
                alt={`Waj ${TIER_INFO[tier].name} card`}
                priority
                fetchPriority="low"
                className="shadow-[0_20px_36px_-20px_rgb(0_0_0/0.5)] motion-safe:animate-fade-in"
              />
            ) : (
              <div className="aspect-[856/540] w-full rounded-[3.7%/5.9%] bg-muted" />
            )}
            <figcaption className="mt-4 text-center text-xs font-semibold tracking-[0.22em] text-muted-foreground uppercase">
              {TIER_INFO[tier].name}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
