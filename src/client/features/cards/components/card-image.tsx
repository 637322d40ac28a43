import { useState, type ComponentProps } from 'react';
import type { Tier } from '#shared/tiers.ts';
import { cn } from '#client/utils/cn.ts';
import { BUNDLED_CARD_ART, CARD_HEIGHT, CARD_WIDTH } from '../utils/card-art.ts';

type CardImageProps = Omit<ComponentProps<'img'>, 'src' | 'width' | 'height'> & {
  tier: Tier;
  /** Uploaded artwork; the bundled face stands in if it cannot be loaded. */
  src: string;
  /**
   * Above the fold: load at once and ahead of other images. A decorative face beside the page's
   * largest text (the home hero, the /cards gallery) passes `fetchPriority="low"` as well, so
   * the text's font comes first (decision 059).
   */
  priority?: boolean;
};

/**
 * A card face at the card's own proportions. Width, height and aspect ratio are fixed before
 * the image arrives, so nothing around it moves while it loads.
 */
export function CardImage({
  tier,
  src,
  priority = false,
  alt,
  className,
  ...props
}: CardImageProps) {
  const bundled = BUNDLED_CARD_ART[tier];
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? bundled : src;
  return (
    <img
      src={shown}
      alt={alt}
      width={CARD_WIDTH}
      height={CARD_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      draggable={false}
      onError={() => {
        if (shown !== bundled) setFailed(src);
      }}
      className={cn('aspect-[856/540] h-auto w-full rounded-[3.7%/5.9%] select-none', className)}
      {...props}
    />
  );
}
