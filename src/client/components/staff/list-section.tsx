import type { ReactNode } from 'react';
import { cn } from '#client/utils/cn.ts';

type ListSectionProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** Under the heading: what the list is, or its counts. */
  description?: ReactNode;
  descriptionClassName?: string | undefined;
  /** Beside the heading, e.g. a button acting on the whole list. */
  actions?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
};

/** A section of a staff tab: its heading, a line under it, and its list. */
export function ListSection({
  id,
  title,
  description,
  descriptionClassName,
  actions,
  className,
  children,
}: ListSectionProps) {
  const heading = (
    <div>
      <h2 id={id} className="font-serif text-xl leading-tight">
        {title}
      </h2>
      {description ? (
        <p className={cn('mt-1 text-sm text-muted-foreground', descriptionClassName)}>
          {description}
        </p>
      ) : null}
    </div>
  );
  return (
    <section aria-labelledby={id} className={cn('grid gap-3', className)}>
      {actions ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
