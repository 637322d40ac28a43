import type { ReactNode } from 'react';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { useApplicationGate } from '../hooks/use-application-gate.ts';
import { FollowStage } from './follow-stage.tsx';
import { GateStatus } from './gate-status.tsx';
import { JourneyPage } from './journey-page.tsx';

type GatedJourneyPageProps = {
  /** Where the application's stage belongs instead of this screen (null: it belongs here). */
  redirectFor: (application: ApplyGetStageResponse) => string | null;
  eyebrow: string;
  title: string;
  lede: string;
  /**
   * A screen of the journey proper: its progress beside the content, and the stage followed
   * live so that the screen is left as soon as the stage moves on.
   */
  followStage?: boolean;
  /** The screen's content, once the application is loaded and belongs here. */
  children: (application: ApplyGetStageResponse) => ReactNode;
};

/** A journey screen behind its gate: loading or failure until the application belongs here. */
export function GatedJourneyPage({
  redirectFor,
  eyebrow,
  title,
  lede,
  followStage = false,
  children,
}: GatedJourneyPageProps) {
  const gate = useApplicationGate(redirectFor);
  const ready = gate.state === 'ready';
  return (
    <JourneyPage
      eyebrow={eyebrow}
      title={title}
      lede={lede}
      stage={followStage && ready ? gate.application.stage : undefined}
    >
      {gate.state !== 'ready' ? (
        <GateStatus gate={gate} />
      ) : followStage ? (
        <>
          <FollowStage stage={gate.application.stage} />
          {children(gate.application)}
        </>
      ) : (
        children(gate.application)
      )}
    </JourneyPage>
  );
}
