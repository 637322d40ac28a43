import { ASSET_TIERS, TIER_INFO } from '#shared/tiers.ts';
import { DownloadLink } from './download-link.tsx';

/** Size of the tier renders in `/press/` (the card's ISO/IEC 7810 ratio, at print resolution). */
const RENDER_WIDTH = 1712;
const RENDER_HEIGHT = 1080;

export function CardRenders() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {ASSET_TIERS.map((tier) => {
        const { name } = TIER_INFO[tier];
        const href = `/press/waj-card-${tier}.png`;
        return (
          <li key={tier} className="overflow-hidden rounded-lg border border-border bg-card">
            <div className="bg-muted/60 px-8 py-10 sm:px-10">
              <img
                src={href}
                alt={`The Waj ${name} card`}
                width={RENDER_WIDTH}
                height={RENDER_HEIGHT}
                loading="lazy"
                decoding="async"
                className="h-auto w-full drop-shadow-[0_18px_24px_rgb(0_0_0/0.22)]"
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-4 border-t border-border p-5">
              <div>
                <h3 className="text-lg">{name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  PNG, {RENDER_WIDTH} × {RENDER_HEIGHT} px
                </p>
              </div>
              <DownloadLink href={href} subject={`${name} card render`} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
