import type { Stage } from '#shared/stages.ts';
import { useLiveStage } from '../hooks/use-live-stage.ts';

/**
 * Keeps a screen's redirect table in step with the stage while the applicant is on it: a change
 * (staff decline, an offer accepted in another tab) reads the application again, and the
 * screen's gate then sends them where the new stage belongs.
 */
export function FollowStage({ stage }: { stage: Stage }) {
  useLiveStage(stage);
  return null;
}
