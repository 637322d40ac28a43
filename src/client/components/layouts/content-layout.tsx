import type { ReactNode } from 'react';
import { Head } from '../seo/head.tsx';
import { Container } from './container.tsx';

type ContentLayoutProps = {
  /** Page name: the document title becomes '{title} | Waj' and it is the default heading. */
  title: string;
  /** Visible heading when it differs from the title. */
  heading?: string;
  /** Small line above the heading. */
  eyebrow?: string;
  noindex?: boolean;
  children?: ReactNode;
};

/** A simple page: title, heading, body. */
export function ContentLayout({ title, heading, eyebrow, noindex, children }: ContentLayoutProps) {
  return (
    <>
      <Head title={title} noindex={noindex} />
      <Container className="py-16 md:py-24">
        {eyebrow ? (
          <p className="mb-4 text-xs font-semibold tracking-[0.2em] text-gold uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="text-4xl leading-tight md:text-5xl">{heading ?? title}</h1>
        <div className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          {children}
        </div>
      </Container>
    </>
  );
}
