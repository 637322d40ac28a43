import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Stage } from '#shared/stages.ts';
import { isStage } from '#shared/stages.ts';
import { callUrl, isApiError } from '#client/lib/api-client.ts';
import { stageQueryKey } from '../api/get-stage.ts';
import { statusQueryKey, useApplicationStatus } from '../api/get-status.ts';

/**
 * The applicant's stage as it changes: `apply-status` every 8 s (SPEC §4), and sooner when the
 * applicant's live stream (`GET /api/apply-events`, their own stage changes only) announces
 * one, or it reconnects after a drop. The event only prompts a re-read; the stage itself always
 * comes from the applicant's own authenticated call.
 */
export function useLiveStage(known: Stage): Stage {
  const queryClient = useQueryClient();
  const status = useApplicationStatus();
  const live = status.data?.stage;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(callUrl('apply-events'));
    const reread = () => void queryClient.invalidateQueries({ queryKey: statusQueryKey });
    source.addEventListener('stage', reread);
    // Changes made while the stream was down were not heard.
    source.addEventListener('open', reread);
    return () => source.close();
  }, [queryClient]);

  // A new stage can bring new details (files reviewed, an offer): read the application again.
  useEffect(() => {
    if (live && live !== known) void queryClient.invalidateQueries({ queryKey: stageQueryKey });
  }, [live, known, queryClient]);

  // A session that ended meanwhile: reading the application again sends the screen to /apply.
  const ended = isApiError(status.error) && status.error.status === 401;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: stageQueryKey });
  }, [ended, queryClient]);

  return live && isStage(live) ? live : known;
}
