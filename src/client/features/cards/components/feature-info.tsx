import { Info } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import type { TierFeature } from '#shared/tiers.ts';
import { Tooltip, TooltipContent, TooltipTrigger } from '#client/components/ui/simple-tooltip.tsx';

/**
 * An info button whose tooltip explains a feature. Hover and keyboard focus open it as usual;
 * a tap or click toggles it too, because touch screens have no hover.
 */
export function FeatureInfo({ feature }: { feature: TierFeature }) {
  const [open, setOpen] = useState(false);
  // Radix closes an open tooltip on pointerdown, before the click: remember how it was.
  const openAtPointerDown = useRef(false);
  const onClick = (event: MouseEvent) => {
    // Stops Radix's own close-on-click; this handler decides.
    event.preventDefault();
    const wasOpen = event.detail === 0 ? open : openAtPointerDown.current;
    setOpen(!wasOpen);
  };
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger
        asChild
        onPointerDown={() => {
          openAtPointerDown.current = open;
        }}
        onClick={onClick}
      >
        <button
          type="button"
          aria-label={`About ${feature.name}`}
          className="-m-1.5 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-gold focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </TooltipTrigger>
      {/* Clear of the screen's edges on a phone, however close to one the button sits. */}
      <TooltipContent
        side="top"
        collisionPadding={16}
        className="max-w-[min(20rem,calc(100vw-2rem))]"
      >
        {feature.description}
      </TooltipContent>
    </Tooltip>
  );
}
