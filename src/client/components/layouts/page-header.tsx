import type { ReactNode } from 'react';
import { cn } from '../../utils/cn.ts';
import { Container } from './container.tsx';

/** Ellipses turned about one centre: the engraved rosette of a banknote, drawn in hairlines. */
const ROSETTE_PETALS = Array.from({ length: 18 }, (_, index) => index * 10);

/** Decorative: always hidden from assistive technology. */
export function Rosette({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 400 400"
      aria-hidden="true"
      focusable="false"
      className={cn('pointer-events-none', className)}
    >
      <g fill="none" stroke="currentColor" strokeWidth="0.75">
        {ROSETTE_PETALS.map((angle) => (
          <ellipse
            key={angle}
            cx="200"
            cy="200"
            rx="190"
            ry="62"
            transform={`rotate(${angle} 200 200)`}
          />
        ))}
        <circle cx="200" cy="200" r="62" />
        <circle cx="200" cy="200" r="190" />
      </g>
    </svg>
  );
}

/** Small gold line above a heading; the rule before it keeps it from reading as a link. */
export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        'flex items-center gap-3 text-xs font-semibold tracking-[0.22em] text-gold uppercase',
        className,
      )}
    >
      <span aria-hidden="true" className="h-px w-8 bg-gold-soft" />
      {children}
    </p>
  );
}

type PageHeaderProps = {
  /** Small line above the heading. */
  eyebrow: string;
  /** The page's one h1. */
  title: ReactNode;
  /** The opening paragraph under the heading. */
  lede: ReactNode;
  /** Calls to action under the lede. */
  children?: ReactNode;
};

/**
 * The opening of a content page: eyebrow, h1 and lede on a quiet engraved backdrop. Pair it
 * with <Head /> and follow it with <PageSection>s, so every content page opens the same way.
 */
export function PageHeader({ eyebrow, title, lede, children }: PageHeaderProps) {
  return (
    <div className="relative isolate overflow-hidden border-b border-border bg-linear-to-b from-muted/70 to-background">
      <Rosette className="absolute -top-24 -right-40 -z-10 size-[22rem] text-gold-soft/25 sm:-right-24 md:-top-28 md:right-[-4rem] md:size-[34rem] dark:text-gold-soft/15" />
      <Container className="pt-14 pb-14 md:pt-24 md:pb-20">
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 className="mt-6 max-w-3xl text-[2.75rem] leading-[1.05] md:text-6xl">{title}</h1>
        <div className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground md:text-xl">
          {lede}
        </div>
        {children ? <div className="mt-9 flex flex-wrap items-center gap-3">{children}</div> : null}
      </Container>
    </div>
  );
}

type SectionHeaderProps = {
  eyebrow?: string;
  /** The section's h2; give it an id and point the section's aria-labelledby at it. */
  title: ReactNode;
  id: string;
  children?: ReactNode;
  className?: string;
};

/** Eyebrow, h2 and an optional short introduction at the top of a page section. */
export function SectionHeader({ eyebrow, title, id, children, className }: SectionHeaderProps) {
  return (
    <div className={cn('max-w-2xl', className)}>
      {eyebrow ? <Eyebrow className="mb-4">{eyebrow}</Eyebrow> : null}
      <h2 id={id} className="text-3xl leading-tight md:text-4xl">
        {title}
      </h2>
      {children ? (
        <div className="mt-4 leading-relaxed text-muted-foreground">{children}</div>
      ) : null}
    </div>
  );
}
