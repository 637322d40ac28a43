import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SESSION_IDLE_MESSAGE, STAFF_IDLE_MS, STAFF_IDLE_WARNING_MS } from '#shared/staff.ts';
import { AlertFrame } from '#client/components/staff/dialog-frame.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useStaffToken } from '#client/lib/staff-token.ts';
import { meQuery } from '#client/lib/staff/api/get-me.ts';
import { useSignOut } from '#client/lib/staff/api/sign-out.ts';
import { useStaffActivity } from '#client/lib/staff-activity.ts';
import { signOutExpired } from '#client/lib/staff/api/staff-api.ts';

/**
 * The idle end of a staff session (STAFF_IDLE_MS after the member's last call): a warning a
 * minute before, 'Stay signed in' (one call, which the server counts) or 'Sign out'; at the end
 * the panel returns to the gate with the reason. The server refuses the token by then anyway;
 * this spares the member a refused click.
 */
export function IdleWarning() {
  const token = useStaffToken();
  const lastCall = useStaffActivity();
  if (!token || lastCall === null) return null;
  return <IdleTimer lastCall={lastCall} />;
}

function IdleTimer({ lastCall }: { lastCall: number }) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const stayButton = useRef<HTMLButtonElement>(null);
  const warnAt = lastCall + STAFF_IDLE_MS - STAFF_IDLE_WARNING_MS;
  const endAt = lastCall + STAFF_IDLE_MS;
  // Re-read on each timer, so a new call (a new lastCall) simply reschedules both.
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timers = [warnAt, endAt]
      .filter((at) => at > Date.now())
      .map((at) => window.setTimeout(tick, at - Date.now()));
    // A tab in the background has its timers slowed down: look again when it is shown.
    document.addEventListener('visibilitychange', tick);
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [warnAt, endAt]);

  const ended = now >= endAt;
  useEffect(() => {
    if (ended) signOutExpired(SESSION_IDLE_MESSAGE);
  }, [ended]);

  const stay = () => {
    // Any call the member asks for counts; `admin-me` is the cheapest and refreshes their role.
    void queryClient.fetchQuery({ ...meQuery, staleTime: 0 }).catch((error: unknown) => {
      // A 401 has already returned the panel to the gate (staff-api); anything else is a
      // network failure the next click will meet too.
      console.warn('admin-me failed while staying signed in', error);
    });
  };

  const warning = now >= warnAt && !ended;
  return (
    <AlertFrame
      open={warning}
      // Escape (or any other dismissal) keeps the member signed in.
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        stayButton.current?.focus();
      }}
      title="Your session will end in 1 minute"
      description="You have not used the staff panel for 29 minutes. For the applicants' safety, sessions end after 30 minutes without activity."
      footer={
        <>
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
          {/* The call moves the member's last activity on, which closes the dialog. */}
          <Button ref={stayButton} onClick={stay}>
            Stay signed in
          </Button>
        </>
      }
    />
  );
}
