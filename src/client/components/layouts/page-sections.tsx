import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { telHref } from '#shared/company.ts';
import { paths } from '../../config/paths.ts';
import { COMPANY } from '../../config/site.ts';
import { cn } from '../../utils/cn.ts';
import { Button } from '../ui/button.tsx';
import { Container } from './container.tsx';
import { Eyebrow, SectionHeader } from './page-header.tsx';

/** A link inside a content page's running text: gold underline that thickens on hover. */
export const TEXT_LINK =
  'text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2';

/** The lost and stolen card number, to call from running text. */
export function LostCardPhoneLink() {
  return (
    <a href={telHref(COMPANY.lostCardPhone)} className={TEXT_LINK}>
      {COMPANY.lostCardPhone}
    </a>
  );
}

type SplitSectionProps = {
  /** The h2's id; the section is labelled by it. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  /** The short introduction under the heading. */
  intro?: ReactNode;
  /** Extra classes on the section (a rule below it). */
  className?: string;
  /** What stands beside the heading on wide screens. */
  children: ReactNode;
};

/** A content page section with its heading on the left and its body beside it (wide screens). */
export function SplitSection({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: SplitSectionProps) {
  return (
    <section
      aria-labelledby={id}
      className={cn('grid gap-10', className, 'py-16 md:py-24 lg:grid-cols-[1fr_1.4fr] lg:gap-20')}
    >
      <SectionHeader id={id} eyebrow={eyebrow} title={title}>
        {intro}
      </SectionHeader>
      {children}
    </section>
  );
}

type ClosingBandProps = {
  /** The h2's id; the band is labelled by it. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  text: ReactNode;
  /** The call(s) to action on the right (below on phones). */
  children: ReactNode;
};

/** The quiet full-width band that closes a content page: a heading, a line and its actions. */
export function ClosingBand({ id, eyebrow, title, text, children }: ClosingBandProps) {
  return (
    <section aria-labelledby={id} className="border-t border-border bg-muted/60">
      <Container className="flex flex-col items-start gap-8 py-16 md:flex-row md:items-center md:justify-between md:py-20">
        <div className="max-w-xl">
          {eyebrow ? <Eyebrow className="mb-4">{eyebrow}</Eyebrow> : null}
          <h2 id={id} className="text-3xl md:text-4xl">
            {title}
          </h2>
          <p className="mt-3 leading-relaxed text-muted-foreground">{text}</p>
        </div>
        {children}
      </Container>
    </section>
  );
}

type IconCardProps = {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  /** Shown on the icon's row, at the far end (a badge). */
  aside?: ReactNode;
  className?: string;
  testId?: string;
};

/** A list item of a content page's card grid: an icon in a gold ring, an h3 and a line of text. */
export function IconCard({ icon, title, text, aside, className, testId }: IconCardProps) {
  const ring = (
    <span className="flex size-12 items-center justify-center rounded-full border border-gold-soft/50 text-gold">
      {icon}
    </span>
  );
  return (
    <li data-testid={testId} className={className}>
      {aside ? (
        <div className="flex items-center justify-between gap-4">
          {ring}
          {aside}
        </div>
      ) : (
        ring
      )}
      <h3 className="mt-8 text-2xl">{title}</h3>
      <p className="mt-3 leading-relaxed text-muted-foreground">{text}</p>
    </li>
  );
}

/** The page's main call to action: 'Apply for membership', to /apply. */
export function ApplyButton() {
  return (
    <Button asChild size="lg">
      <Link to={paths.apply.root.getHref()}>
        Apply for membership
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
