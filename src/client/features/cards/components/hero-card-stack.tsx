import { useRef, type CSSProperties, type RefObject } from 'react';
import { TIER_INFO, type AssetTier } from '#shared/tiers.ts';
import { cn } from '#client/utils/cn.ts';
import { useCardArt } from '../api/get-card-assets.ts';
import { usePointerParallax } from '../hooks/use-pointer-parallax.ts';
import { CardImage } from './card-image.tsx';

/**
 * Back to front. `depth` scales how far a card follows the pointer, so nearer cards travel
 * further and the stack reads as layers in space.
 */
const LAYERS: { tier: AssetTier; left: number; top: number; rotate: number; depth: number }[] = [
  { tier: 'standard', left: 2, top: 4, rotate: -12, depth: 0.35 },
  { tier: 'noir', left: 10, top: 18, rotate: -5, depth: 0.7 },
  { tier: 'titan', left: 18, top: 32, rotate: 2, depth: 1.05 },
  { tier: 'monarch', left: 26, top: 46, rotate: 8, depth: 1.4 },
];

const tilt: CSSProperties = {
  transform: 'rotateX(calc(var(--py) * -7deg)) rotateY(calc(var(--px) * 9deg))',
  transformStyle: 'preserve-3d',
};

function layerStyle({ left, top, rotate, depth }: (typeof LAYERS)[number]): CSSProperties {
  return {
    left: `${left}%`,
    top: `${top}%`,
    transform: `translate3d(calc(var(--px) * ${depth * 22}px), calc(var(--py) * ${depth * 16}px), ${depth * 40}px) rotate(${rotate}deg)`,
  };
}

type HeroCardStackProps = {
  /** Where pointer movement is followed (the whole hero); defaults to the stack itself. */
  area?: RefObject<HTMLElement | null>;
  className?: string;
};

/** The home page's fanned stack of the four public cards, following the pointer on wide screens. */
export function HeroCardStack({ area, className }: HeroCardStackProps) {
  const { ready, src } = useCardArt();
  const stack = useRef<HTMLDivElement>(null);
  usePointerParallax(area ?? stack, stack);

  return (
    <div
      ref={stack}
      data-testid="hero-card-stack"
      style={{ '--px': 0, '--py': 0 } as CSSProperties}
      className={cn(
        'relative mx-auto aspect-[10/9] w-full max-w-[34rem] [perspective:1400px]',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="absolute inset-[8%] rounded-full bg-[radial-gradient(closest-side,color-mix(in_srgb,var(--gold-soft)_28%,transparent),transparent)] blur-2xl"
      />
      <div className="absolute inset-0" style={tilt}>
        {LAYERS.map((layer) => (
          <div
            key={layer.tier}
            data-testid="hero-card"
            className="absolute w-[68%] will-change-transform"
            style={layerStyle(layer)}
          >
            {ready ? (
              <CardImage
                tier={layer.tier}
                src={src(layer.tier)}
                alt={`Waj ${TIER_INFO[layer.tier].name} card`}
                priority
                fetchPriority="low"
                className="shadow-[0_28px_50px_-22px_rgb(0_0_0/0.55)] motion-safe:animate-fade-in"
              />
            ) : (
              <div className="aspect-[856/540] w-full" />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
