import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Container } from '#client/components/layouts/container.tsx';
import { PageHeader } from '#client/components/layouts/page-header.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { hasStartedApplication, isDeclined } from '#shared/stages.ts';
import { useApplication } from '#client/features/apply/api/get-stage.ts';
import { ApplicationForm } from '#client/features/apply/components/application-form.tsx';
import { LoadingState } from '#client/features/apply/components/gate-status.tsx';
import { InviteCodePanel } from '#client/features/apply/components/invite-code-panel.tsx';
import { SignOutButton } from '#client/features/apply/components/sign-out-button.tsx';
import {
  restartTabOrder,
  useTabOrderFromTop,
} from '#client/features/apply/hooks/use-tab-order-from-top.ts';
import { DeclinedNotice } from '#client/features/apply/components/declined-notice.tsx';
import { StartedBanner } from '#client/features/apply/components/started-banner.tsx';
import { hasApplicantSession } from '#client/features/apply/utils/session.ts';
import { readAheadOnIntent } from '#client/lib/read-ahead.ts';
import { cn } from '#client/utils/cn.ts';

/** The journey after an invitation, in the applicant's terms. */
const NEXT_STEPS = [
  'Tell us about yourself and confirm your identity.',
  'Receive your personal membership offer.',
  'Sign electronically, and your card is on its way.',
] as const;

/** One of the page's two panels: eyebrow, h2 (labelling it) and a line above its form. */
function ApplyPanel({
  id,
  eyebrow,
  title,
  intro,
  className,
  decoration,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  className?: string;
  /** Drawn first, before the eyebrow. */
  decoration?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(className, 'rounded-lg border border-border bg-card p-6 shadow-xs sm:p-10')}
    >
      {decoration}
      <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-2xl md:text-3xl">
        {title}
      </h2>
      <p className="mt-3 mb-8 leading-relaxed text-muted-foreground">{intro}</p>
      {children}
    </section>
  );
}

/**
 * SPEC §2 /apply: the invitation-code panel beside the application form. An applicant who is
 * already past an invitation sees a way back to their application first.
 */
export default function ApplyRoute() {
  useTabOrderFromTop();
  // The steps after this page are a download of their own (decision 056): read once the
  // visitor starts on a panel, so a redeemed code moves on without waiting for them.
  useEffect(() => readAheadOnIntent('/apply/details'), []);
  // Read once: a code redeemed here sets a session too, but the page is left right after.
  // Signing out here ends it: the page stays, with only the public panels.
  const [session, setSession] = useState(hasApplicantSession);
  // The sign-out button goes with the session: the keyboard starts again at the top.
  useLayoutEffect(() => {
    if (!session) restartTabOrder();
  }, [session]);
  const application = useApplication({ enabled: session });
  // No session, or one the server no longer knows: just the two panels.
  const loading = session && application.isPending;
  const started = session && hasStartedApplication(application.data?.stage);
  const declined = session && isDeclined(application.data?.stage);

  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Membership"
        title="Apply for membership"
        lede="Waj is a private bank by invitation. Enter your code to continue, or tell us a little about yourself and our membership team will be in touch."
      />
      <Container className="py-12 md:py-20">
        {loading ? (
          <LoadingState />
        ) : (
          <div className="grid gap-8">
            {/* A shared device: whoever has a session here can end it here. */}
            {started || declined ? (
              <div className="flex justify-end">
                <SignOutButton onSignedOut={() => setSession(false)} />
              </div>
            ) : null}
            {/* A declined application has nowhere to continue to: the notice instead. */}
            {declined ? <DeclinedNotice compact /> : started ? <StartedBanner /> : null}
            <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10">
              <ApplyPanel
                id="invite-title"
                eyebrow="Invited"
                title="Have an invitation code?"
                intro="Enter the code from your invitation to begin your membership application."
                className="relative overflow-hidden"
                decoration={
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-0 top-0 h-0.5 bg-linear-to-r from-gold-soft/0 via-gold-soft to-gold-soft/0"
                  />
                }
              >
                <InviteCodePanel />
                <div className="mt-10 border-t border-border pt-8">
                  <h3 className="font-sans text-xs font-semibold tracking-[0.2em] text-muted-foreground uppercase">
                    What follows
                  </h3>
                  <ol className="mt-5 grid gap-4 text-sm">
                    {NEXT_STEPS.map((step, index) => (
                      <li key={step} className="flex items-start gap-3">
                        <span
                          aria-hidden="true"
                          className="flex size-6 shrink-0 items-center justify-center rounded-full border border-gold-soft/60 font-serif text-xs text-gold"
                        >
                          {index + 1}
                        </span>
                        <span className="pt-0.5 leading-relaxed text-muted-foreground">{step}</span>
                      </li>
                    ))}
                  </ol>
                </div>
              </ApplyPanel>
              <ApplyPanel
                id="application-title"
                eyebrow="Request an invitation"
                title="No code yet? Start here."
                intro="Our membership team reviews every application personally, usually within 3-5 business days."
              >
                <ApplicationForm />
              </ApplyPanel>
            </div>
          </div>
        )}
      </Container>
    </>
  );
}
