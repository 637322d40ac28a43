import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import type { Stage } from '#shared/stages.ts';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import {
  DECLINED_HEADING,
  DeclinedNotice,
} from '#client/features/apply/components/declined-notice.tsx';
import { GateStatus } from '#client/features/apply/components/gate-status.tsx';
import { JourneyPage } from '#client/features/apply/components/journey-page.tsx';
import { ResumeLinkDialog } from '#client/features/apply/components/resume-link-dialog.tsx';
import { ReviewStatus } from '#client/features/apply/components/review-status.tsx';
import { useApplicationGate } from '#client/features/apply/hooks/use-application-gate.ts';
import { useLiveStage } from '#client/features/apply/hooks/use-live-stage.ts';
import {
  LINK_PROBLEMS,
  useMagicLinkSession,
  type LinkProblem,
} from '#client/features/apply/hooks/use-magic-link-session.ts';
import { hasApplicantSession } from '#client/features/apply/utils/session.ts';

/** SPEC §2: the review screen hands over at tier_offer, and after acceptance to activation. */
function reviewRedirect(stage: Stage): string | null {
  if (stage === 'tier_offer') return paths.apply.offer.getHref();
  if (stage === 'accepted' || stage === 'activated') return paths.apply.activate.getHref();
  return null;
}

const EYEBROW = 'Verification review';
const TITLE = 'Your application';

function LinkProblemAlert({ problem }: { problem: LinkProblem }) {
  const { title, description } = LINK_PROBLEMS[problem];
  return (
    <Alert variant="destructive" data-testid="link-problem">
      <TriangleAlert aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{description}</AlertDescription>
      </div>
    </Alert>
  );
}

function ResumeLater() {
  return (
    <section
      aria-labelledby="resume-title"
      className="mt-8 flex flex-col gap-5 rounded-lg border border-border p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div>
        <h2 id="resume-title" className="text-xl">
          Continue on another device
        </h2>
        <p className="mt-2 max-w-md text-sm leading-relaxed text-muted-foreground">
          We can email you a secure link that opens your application wherever you are.
        </p>
      </div>
      <ResumeLinkDialog />
    </section>
  );
}

function Review({ application }: { application: ApplyGetStageResponse }) {
  const navigate = useNavigate();
  const stage = useLiveStage(application.stage);
  // Hand over only once the application itself has been read again at the new stage: the next
  // screen starts from that cached read, and a stale one would send the applicant back here.
  const target = application.stage === stage ? reviewRedirect(stage) : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [navigate, target]);

  const declined = stage === 'declined';
  return (
    <>
      {/* Present from the start, so a decline heard while the applicant watches is announced. */}
      <p className="sr-only" aria-live="polite">
        {declined ? DECLINED_HEADING : ''}
      </p>
      {declined ? (
        // CONTRACT §6: the journey ends here; nothing to do, no progress, no reason.
        <DeclinedNotice />
      ) : (
        <>
          <ReviewStatus stage={stage} application={application} />
          <ResumeLater />
        </>
      )}
    </>
  );
}

/**
 * SPEC §2 /apply/review: the live stage of the application with the resume-link dialog. A
 * magic link (`?sid=`) is turned into a session first; no session at all goes to /apply.
 */
export default function ApplyReviewRoute() {
  const link = useMagicLinkSession();
  // A failed link with no earlier session on this device: explain, offer a new link.
  const stranded = link.problem !== null && !hasApplicantSession();
  const gate = useApplicationGate((application) => reviewRedirect(application.stage), {
    enabled: !link.restoring && !stranded,
  });

  if (stranded && link.problem) {
    return (
      <JourneyPage eyebrow={EYEBROW} title={TITLE}>
        <div className="max-w-2xl">
          <LinkProblemAlert problem={link.problem} />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ResumeLinkDialog variant="default" />
            <Button asChild variant="outline">
              <Link to={paths.apply.root.getHref()}>Enter an invitation code</Link>
            </Button>
          </div>
        </div>
      </JourneyPage>
    );
  }

  const ready = gate.state === 'ready';
  // A declined application has no steps left to show.
  const declined = ready && gate.application.stage === 'declined';
  return (
    <JourneyPage
      eyebrow={EYEBROW}
      title={TITLE}
      lede={declined ? undefined : 'Where your application stands, and what comes next.'}
      stage={ready && !declined ? gate.application.stage : undefined}
    >
      {link.problem ? (
        <div className="mb-8">
          <LinkProblemAlert problem={link.problem} />
        </div>
      ) : null}
      {ready ? <Review application={gate.application} /> : <GateStatus gate={gate} />}
    </JourneyPage>
  );
}
