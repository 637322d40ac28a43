import type { ReactNode } from 'react';
import { cn } from '#client/utils/cn.ts';

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'start' | 'center';
  className?: string;
};

/** A section's eyebrow, h2 (its `id` labels the section) and optional lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'start',
  className,
}: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow ? (
        <p className="mb-4 text-xs font-semibold tracking-[0.22em] text-gold uppercase">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="text-3xl leading-tight sm:text-4xl md:text-[2.75rem]">
        {title}
      </h2>
      {children ? (
        <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{children}</p>
      ) : null}
    </div>
  );
}

type HeadedSectionProps = Omit<SectionHeadingProps, 'children' | 'className'> & {
  /** The lead paragraph under the heading. */
  lead?: ReactNode;
  testId: string;
  children: ReactNode;
};

/** A section of the cards pages, labelled by its heading, then its content. */
export function HeadedSection({ id, testId, lead, children, ...heading }: HeadedSectionProps) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <SectionHeading id={id} {...heading}>
        {lead}
      </SectionHeading>
      {children}
    </section>
  );
}
