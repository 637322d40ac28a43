import elite from '../../../assets/cards/elite.svg?no-inline';
import monarch from '../../../assets/cards/monarch.svg?no-inline';
import noir from '../../../assets/cards/noir.svg?no-inline';
import standard from '../../../assets/cards/standard.svg?no-inline';
import titan from '../../../assets/cards/titan.svg?no-inline';
import type { Tier } from '../../../../shared/tiers.ts';
import { cn } from '../../../utils/cn.ts';

const CARD_ART: Record<Tier, string> = { standard, noir, titan, monarch, elite };

/** A tier's bundled card face at the card's own proportions (ID-1, 856 × 540). */
export function CardFace({
  tier,
  alt = '',
  className,
  priority = false,
}: {
  tier: Tier;
  alt?: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={CARD_ART[tier]}
      alt={alt}
      width={856}
      height={540}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={cn(
        'aspect-[856/540] h-auto w-full rounded-[3.7%/5.9%] shadow-[0_18px_40px_-18px_rgb(0_0_0/0.45)] select-none',
        className,
      )}
    />
  );
}
