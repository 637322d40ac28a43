import { Check, Lock } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { cn } from '#client/utils/cn.ts';
import { DetailsForm } from './details-form.tsx';
import { IdentityVerification } from './identity-verification.tsx';

function StepHeader({
  number,
  title,
  id,
  state,
  children,
}: {
  number: number;
  title: string;
  id: string;
  state: 'done' | 'current' | 'later';
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full border font-serif text-base',
          state === 'done' &&
            'border-gold-soft bg-gold-soft text-primary-foreground dark:text-background',
          state === 'current' && 'border-gold text-gold',
          state === 'later' && 'border-border text-muted-foreground',
        )}
      >
        {state === 'done' ? <Check className="size-4" strokeWidth={3} /> : number}
      </span>
      {/* The numbered circle only: the page's progress indicator is the one 'Step N of 8'. */}
      <div className="min-w-0 pt-1">
        <h2 id={id} tabIndex={-1} className="text-2xl outline-none md:text-3xl">
          {title}
          <span className="sr-only">{state === 'done' ? ' (completed)' : ''}</span>
        </h2>
        {children ? (
          <div className="mt-2 leading-relaxed text-muted-foreground">{children}</div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /apply/details (= /apply/kyc): 'Your details', then 'Verify your identity'. Once the
 * details are saved the screen moves on to the second step and takes focus there.
 */
export function DetailsSteps({ application }: { application: ApplyGetStageResponse }) {
  const detailsDone = application.stage !== 'code_verified';
  const identityRef = useRef<HTMLElement>(null);
  const wasDone = useRef(detailsDone);

  useEffect(() => {
    if (detailsDone && !wasDone.current) {
      identityRef.current?.scrollIntoView({ block: 'start' });
      document.getElementById('identity-title')?.focus({ preventScroll: true });
    }
    wasDone.current = detailsDone;
  }, [detailsDone]);

  return (
    <div className="grid gap-8">
      <section
        aria-labelledby="details-title"
        className="rounded-lg border border-border bg-card p-6 shadow-xs sm:p-10"
      >
        <StepHeader
          number={1}
          id="details-title"
          title="Your details"
          state={detailsDone ? 'done' : 'current'}
        >
          {detailsDone
            ? 'Thank you. We have your details.'
            : 'A few questions every UK bank asks before opening an account.'}
        </StepHeader>
        {detailsDone ? null : (
          <div className="mt-10">
            <DetailsForm askName={!application.full_name} askEmail={!application.email} />
          </div>
        )}
      </section>

      <section
        ref={identityRef}
        aria-labelledby="identity-title"
        className={cn(
          'scroll-mt-24 rounded-lg border border-border p-6 sm:p-10',
          detailsDone ? 'bg-card shadow-xs' : 'bg-transparent',
        )}
      >
        <StepHeader
          number={2}
          id="identity-title"
          title="Verify your identity"
          state={detailsDone ? 'current' : 'later'}
        >
          {detailsDone ? (
            'We confirm every member is who they say they are. Have your passport or driving licence to hand.'
          ) : (
            <span className="flex items-center gap-2">
              <Lock aria-hidden="true" className="size-4" />
              Available once your details are saved.
            </span>
          )}
        </StepHeader>
        {detailsDone ? (
          <div className="mt-10">
            <IdentityVerification application={application} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
