import { ArrowRight, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { stageLabel, type Stage } from '#shared/stages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { needsResubmission } from '../utils/application.ts';

type Next = { text: ReactNode; action?: { label: string; href: string } };

/** What the applicant should know, and do, at each stage the review screen shows. */
function nextFor(stage: Stage, application: ApplyGetStageResponse): Next {
  const details = { label: 'Continue', href: paths.apply.details.getHref() };
  switch (stage) {
    case 'basic':
      return {
        text: 'Thank you for applying. Our membership team reviews every application personally, usually within 3-5 business days. If selected, you will receive an invitation code by email.',
      };
    case 'invited':
      return {
        text: 'Good news: you have been invited. Enter the invitation code from your email to continue.',
        action: { label: 'Enter Invite Code', href: paths.apply.root.getHref() },
      };
    case 'code_verified':
    case 'detailed':
    case 'kyc_in_progress':
      if (stage === application.stage && needsResubmission(application)) {
        return {
          text: 'We could not complete your identity check with what we received. Please see the reason and provide a new document or photo.',
          action: details,
        };
      }
      if (stage === 'kyc_in_progress' && application.identity_check?.status === 'declined') {
        // Veriff's decline is advice: staff decide (veriff-webhook), so nobody reads "checking".
        return {
          text: 'Veriff could not confirm your identity on its own, so our membership team is reviewing your application. A decision is pending; this page moves on by itself when it is made, and there is nothing you need to do meanwhile.',
        };
      }
      if (stage === 'kyc_in_progress') {
        // Veriff decides within seconds to minutes of the check being finished (its decision
        // API docs); only our own team's review of uploaded files takes business days.
        return {
          text:
            application.kyc_provider === 'veriff'
              ? 'Veriff usually has a result within a few minutes of you finishing the check, occasionally a little longer when a specialist takes a closer look. This page moves on by itself when it is done.'
              : 'Our verification team is checking your identity. This usually takes 1-2 business days; this page moves on by itself when it is done.',
        };
      }
      return {
        text: 'Next, tell us a little about yourself and verify your identity. It takes about five minutes; have your passport or driving licence to hand.',
        action: details,
      };
    case 'kyc':
      return {
        text: 'Your identity is verified. Our membership team is now preparing your personal tier offer.',
      };
    default:
      return { text: 'Taking you to the next step...' };
  }
}

/** SPEC §2 /apply/review: spinner, the current stage, and what happens next. */
export function ReviewStatus({
  stage,
  application,
}: {
  stage: Stage;
  application: ApplyGetStageResponse;
}) {
  const next = nextFor(stage, application);
  const waiting = next.action === undefined;
  return (
    <section
      aria-labelledby="review-stage"
      className="rounded-lg border border-border bg-card p-6 shadow-xs sm:p-10"
    >
      <div className="flex items-start gap-5">
        <span className="relative mt-1 flex size-12 shrink-0 items-center justify-center">
          <span
            aria-hidden="true"
            className="absolute inset-0 rounded-full border border-gold-soft/30"
          />
          <LoaderCircle
            aria-hidden="true"
            className="size-12 animate-spin text-gold-soft [animation-duration:2.4s] motion-reduce:animate-none"
            strokeWidth={1}
          />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">
            Current stage
          </p>
          <h2
            id="review-stage"
            aria-live="polite"
            data-testid="review-stage"
            className="mt-2 text-2xl md:text-3xl"
          >
            {stageLabel(stage)}
          </h2>
        </div>
      </div>
      <p className="mt-6 max-w-xl leading-relaxed text-muted-foreground">{next.text}</p>
      {next.action ? (
        <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
          <Link to={next.action.href}>
            {next.action.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
      {waiting ? (
        <p className="mt-8 border-t border-border pt-5 text-sm text-muted-foreground">
          This page updates by itself. You can close it and come back at any time.
        </p>
      ) : null}
    </section>
  );
}
