import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  EMAIL_TAKEN_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  ZApplySessionRequest,
} from '#shared/schemas/journey.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useRestoreSession } from '../api/restore-session.ts';
import { readSid } from '../utils/magic-link.ts';

export type LinkProblem = 'expired' | 'invalid' | 'taken' | 'failed';

/** SPEC §8 'Offer, magic link, resume': shown as '{title}: {description}'. */
export const LINK_PROBLEMS: Record<LinkProblem, { title: string; description: string }> = {
  expired: { title: 'Link Expired', description: LINK_EXPIRED_MESSAGE },
  // Only a token whose format is wrong (a link cut short or mangled by a mail client).
  invalid: { title: 'Invalid Link', description: LINK_INVALID_MESSAGE },
  // The link's address is already confirmed on another application (docs/decisions/026).
  taken: { title: 'Email Already Confirmed', description: EMAIL_TAKEN_MESSAGE },
  failed: { title: 'Error', description: 'Failed to restore session. Please request a new link.' },
};

/**
 * SPEC §8 names a message for a malformed token only; a well-formed link the server refuses
 * (used already, replaced by a newer one, tampered with) could not restore the session.
 */
function problemOf(error: unknown): LinkProblem {
  if (!isApiError(error)) return 'failed';
  if (error.message === LINK_EXPIRED_MESSAGE || error.status === 410) return 'expired';
  if (error.status === 400) return 'invalid';
  if (error.message === EMAIL_TAKEN_MESSAGE) return 'taken';
  return 'failed';
}

/**
 * `?sid=` on /apply/review (SPEC §4 'Magic link'): turns the link into a session once, then
 * takes `sid` out of the address so a reload or a shared screenshot never replays it.
 */
export function useMagicLinkSession(): { restoring: boolean; problem: LinkProblem | null } {
  const [params, setParams] = useSearchParams();
  const sid = params.get('sid');
  const queryClient = useQueryClient();
  const restore = useRestoreSession();
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (sid === null || tried.current === sid) return;
    tried.current = sid;
    const fail = (found: LinkProblem) => {
      setProblem(found);
      toast.error(LINK_PROBLEMS[found].title, { description: LINK_PROBLEMS[found].description });
    };
    const parsed = ZApplySessionRequest.safeParse({ sid });
    const read = parsed.success ? readSid(parsed.data.sid) : 'invalid';
    if (!parsed.success || read !== 'current') {
      fail(read === 'expired' ? 'expired' : 'invalid');
      return;
    }
    restore.mutate(parsed.data, {
      onSuccess: () => {
        // Whatever was cached belonged to the session before this one.
        queryClient.removeQueries({ queryKey: ['apply'] });
        toast.success('Session Restored', {
          description: 'Welcome back. Your application is ready to continue.',
        });
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('sid');
            return next;
          },
          { replace: true },
        );
      },
      onError: (error) => fail(problemOf(error)),
    });
  }, [sid, restore, queryClient, setParams]);

  return { restoring: sid !== null && problem === null, problem };
}
