import type { ReactNode } from 'react';
import { Container } from '#client/components/layouts/container.tsx';
import { Eyebrow, Rosette } from '#client/components/layouts/page-header.tsx';
import { Head } from '#client/components/seo/head.tsx';
import type { Stage } from '#shared/stages.ts';
import { useTabOrderFromTop } from '../hooks/use-tab-order-from-top.ts';
import { ApplyProgress } from './apply-progress.tsx';
import { SignOutButton } from './sign-out-button.tsx';

type JourneyPageProps = {
  eyebrow: string;
  /** The page's one h1. */
  title: ReactNode;
  lede?: ReactNode;
  /** Shows the progress indicator beside (wide) or above (phone) the content. */
  stage?: Stage;
  children: ReactNode;
};

/**
 * The frame of every applicant screen: a quiet engraved header (with 'Sign out' while there is
 * a session), then the content with the application's progress alongside it.
 */
export function JourneyPage({ eyebrow, title, lede, stage, children }: JourneyPageProps) {
  useTabOrderFromTop();
  return (
    <>
      <Head />
      <div className="relative isolate overflow-hidden border-b border-border bg-linear-to-b from-muted/70 to-background">
        <Rosette className="absolute -top-24 -right-40 -z-10 size-[20rem] text-gold-soft/25 md:-top-32 md:right-[-5rem] md:size-[28rem] dark:text-gold-soft/15" />
        <Container className="pt-12 pb-10 md:pt-16 md:pb-14">
          <div className="flex min-h-8 items-center justify-between gap-4">
            <Eyebrow>{eyebrow}</Eyebrow>
            <SignOutButton />
          </div>
          <h1 className="mt-5 max-w-3xl text-4xl leading-[1.1] md:text-5xl">{title}</h1>
          {lede ? (
            <div className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
              {lede}
            </div>
          ) : null}
        </Container>
      </div>
      <Container className="py-10 md:py-16">
        {stage ? (
          <div className="grid gap-8 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
            <aside aria-label="Your progress" className="md:pt-1">
              <ApplyProgress stage={stage} />
            </aside>
            <div className="min-w-0">{children}</div>
          </div>
        ) : (
          children
        )}
      </Container>
    </>
  );
}
