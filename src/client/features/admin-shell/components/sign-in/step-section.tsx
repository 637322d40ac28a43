import type { ReactNode } from 'react';
import { useFocusOnMount } from '../../hooks/use-focus-on-mount.ts';

/**
 * One step of setting up a second factor: its heading takes focus when the step appears (a
 * screen reader hears where it is), then what the step asks, then the step itself.
 */
export function StepSection({
  id,
  title,
  intro,
  introId,
  className,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  introId?: string;
  className: string;
  children: ReactNode;
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby={id} className={className}>
      <div className="grid gap-1">
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-xl leading-tight outline-none"
        >
          {title}
        </h2>
        <p id={introId} className="text-sm text-muted-foreground">
          {intro}
        </p>
      </div>
      {children}
    </section>
  );
}
