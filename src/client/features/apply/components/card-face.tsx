import elite from '#client/assets/cards/elite.svg?no-inline';
import monarch from '#client/assets/cards/monarch.svg?no-inline';
import noir from '#client/assets/cards/noir.svg?no-inline';
import standard from '#client/assets/cards/standard.svg?no-inline';
import titan from '#client/assets/cards/titan.svg?no-inline';
import type { Tier } from '#shared/tiers.ts';
import { cn } from '#client/utils/cn.ts';

const CARD_ART: Record<Tier, string> = { standard, noir, titan, monarch, elite };

/** The ink of each finish's masked number (the artwork's own '••••' colour). */
const DIGIT_INK: Record<Tier, string> = {
  standard: 'rgb(42 44 49 / 0.8)',
  noir: '#b9bbc2',
  titan: '#2c3036',
  monarch: '#e3c98f',
  elite: '#d9bd80',
};

const LAST4 = /^\d{4}$/;

/**
 * A tier's bundled card face at the card's own proportions (ID-1, 856 × 540). The artwork
 * prints the masked '••••' only; the last four digits are the member's own, drawn over it when
 * known (never a sample number beside their real one).
 */
export function CardFace({
  tier,
  last4 = null,
  alt = '',
  className,
  priority = false,
}: {
  tier: Tier;
  /** The member's card's last four digits; none are printed without them. */
  last4?: string | null;
  alt?: string;
  className?: string;
  priority?: boolean;
}) {
  const digits = last4 && LAST4.test(last4) ? last4 : null;
  const image = (
    <img
      src={CARD_ART[tier]}
      alt={alt && digits ? `${alt} ending ${digits}` : alt}
      width={856}
      height={540}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={cn(
        'aspect-[856/540] h-auto w-full rounded-[3.7%/5.9%] shadow-[0_18px_40px_-18px_rgb(0_0_0/0.45)] select-none',
        digits ? null : className,
      )}
    />
  );
  if (!digits) return image;
  return (
    <div className={cn('relative', className)}>
      {image}
      {/* The artwork's own coordinates, so the digits scale with the card at any width. */}
      <svg
        viewBox="0 0 856 540"
        aria-hidden="true"
        data-testid="card-face-digits"
        className="pointer-events-none absolute inset-0 size-full select-none"
      >
        <text
          x={158}
          y={448.5}
          fill={DIGIT_INK[tier]}
          fontSize={25}
          fontFamily="ui-sans-serif, system-ui, sans-serif"
          fontWeight={500}
          letterSpacing={3}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {digits}
        </text>
      </svg>
    </div>
  );
}
