import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '../../../utils/cn.ts';

/** SPEC §9: a section animates in once, when a tenth of it is visible. */
const THRESHOLD = 0.1;

/**
 * Fades and lifts its content in the first time it scrolls into view. Under
 * `prefers-reduced-motion` (Tailwind's motion-safe) the content is simply there; without
 * IntersectionObserver it is shown at once.
 */
export function Reveal({ className, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (!element || shown) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <div
      ref={ref}
      data-revealed={shown}
      className={cn(
        'motion-safe:transition-[opacity,translate] motion-safe:duration-700 motion-safe:ease-out',
        !shown && 'motion-safe:translate-y-6 motion-safe:opacity-0',
        className,
      )}
      {...props}
    />
  );
}
