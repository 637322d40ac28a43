import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SessionListRow } from '#shared/schemas/staff.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogTrigger } from '#client/components/ui/dialog.tsx';
import { DialogFrame } from '#client/components/staff/dialog-frame.tsx';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { failureShown } from '#client/lib/react-query.ts';
import { clearStaffToken } from '#client/lib/staff-token.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { describeUserAgent } from '../utils/user-agent.ts';
import { TabError, TabLoading } from '#client/components/staff/tab-state.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';

/** This tab's own session is gone on the server: forget the token here too (back to the gate). */
function signedOutHere(description?: string) {
  clearStaffToken();
  toast.success('Signed out', { description });
}

function SessionItem({ session }: { session: SessionListRow }) {
  const revoke = useRevokeSession();
  const browser = describeUserAgent(session.user_agent);
  const started = formatStaffDateTime(session.created_at);

  const onRevoke = () =>
    revoke.mutate(
      { id: session.id },
      {
        onSuccess: () =>
          session.current
            ? signedOutHere()
            : toast.success('Session signed out', { description: `${browser}, ${started}` }),
      },
    );

  return (
    <li className="grid gap-2 border-t border-border py-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{browser}</span>
          {session.current ? <Badge variant="gold">This session</Badge> : null}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={onRevoke}
          disabled={revoke.isPending}
          aria-label={`Sign out ${browser}, signed in ${started}${session.current ? ' (this session)' : ''}`}
        >
          <BusyLabel busy={revoke.isPending} idle="Sign out" working="Signing out..." />
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">Signed in</dt>
        <dd className="tabular-nums">
          <time dateTime={session.created_at}>{started}</time>
        </dd>
        <dt className="text-muted-foreground">Last active</dt>
        <dd className="tabular-nums">
          <time dateTime={session.last_active_at}>
            {formatStaffDateTime(session.last_active_at)}
          </time>
        </dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd className="tabular-nums">
          <time dateTime={session.expires_at}>{formatStaffDateTime(session.expires_at)}</time>
        </dd>
        <dt className="text-muted-foreground">IP address</dt>
        <dd className="font-mono text-[0.8125rem] break-all">{session.ip ?? '—'}</dd>
      </dl>
    </li>
  );
}

/**
 * 'Your sessions' (CONTRACT §5: every member lists and revokes their own): where they are
 * signed in, a sign-out for each, and one for all of them (confirmed first).
 */
export function SessionsDialog() {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sessions = useSessions(open);
  const revokeAll = useRevokeSession();

  // Every session ends, this one too.
  const onRevokeAll = () =>
    revokeAll
      .mutateAsync({ all: true })
      .then(() => signedOutHere('Every session of yours has ended.'), failureShown);

  const rows = sessions.data?.data ?? [];
  let body;
  if (sessions.isPending) body = <TabLoading label="Loading sessions..." />;
  else if (sessions.isError)
    body = (
      <TabError message="Failed to load your sessions" onRetry={() => void sessions.refetch()} />
    );
  else
    body = (
      <ul aria-label="Sessions" className="grid">
        {rows.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
    );

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <DialogTrigger asChild>
          <Button variant="outline">
            <MonitorSmartphone aria-hidden="true" />
            Your sessions
          </Button>
        </DialogTrigger>
      }
      className="max-w-xl"
      title="Your sessions"
      description="Where you are signed in to the staff panel. Sign out any session you do not recognise, and tell an owner."
      footer={
        <Button
          variant="destructive"
          onClick={() => setConfirming(true)}
          disabled={!sessions.data || revokeAll.isPending}
        >
          Sign out everywhere
        </Button>
      }
    >
      {body}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every session of yours ends, this one too. You will need your passphrase and a code to sign in again."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        onConfirm={onRevokeAll}
      />
    </DialogFrame>
  );
}
