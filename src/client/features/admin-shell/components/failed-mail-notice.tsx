import { LoaderCircle, MailWarning, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { FailedMailRow } from '#shared/schemas/mail.ts';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { failureShown } from '#client/lib/react-query.ts';
import { useFailedMail, useRetryMail } from '../api/failed-mail.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

const emails = (n: number) => (n === 1 ? '1 e-mail' : `${n} e-mails`);

/** One failed mail in the review dialog, with its own Retry. */
function FailedMailItem({ mail }: { mail: FailedMailRow }) {
  const retry = useRetryMail();
  const onRetry = () =>
    retry.mutate(
      { id: mail.id },
      {
        onSuccess: () => toast.success('E-mail queued again', { description: mail.to }),
      },
    );
  return (
    <li className="grid gap-1 border-t border-border py-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{mail.subject}</p>
          <p className="text-sm break-all text-muted-foreground">To {mail.to}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={onRetry}
          disabled={retry.isPending}
          aria-label={`Retry the e-mail to ${mail.to}: ${mail.subject}`}
        >
          {retry.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <RotateCw aria-hidden="true" />
          )}
          {retry.isPending ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Failed {formatStaffDateTime(mail.failed_at)} after {mail.attempts}{' '}
        {mail.attempts === 1 ? 'attempt' : 'attempts'}
      </p>
      {mail.last_error ? (
        <p className="text-sm break-words">
          <span className="text-muted-foreground">Last error: </span>
          {mail.last_error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Mail the outbox gave up on after its last retry. Shown on the dashboard only when there is
 * some: how many, a review list with the last error of each, and Retry all (confirmed first).
 */
export function FailedMailNotice() {
  const failed = useFailedMail();
  const retryAll = useRetryMail();
  const [reviewing, setReviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const total = failed.data?.total ?? 0;
  if (total === 0) return null;

  // The dialog stays open, busy, until the server answers.
  const onRetryAll = () =>
    retryAll.mutateAsync({ all: true }).then(({ retried }) => {
      setReviewing(false);
      toast.success('E-mails queued again', {
        description: `${emails(retried)} will be sent now.`,
      });
    }, failureShown);

  const rows = failed.data?.data ?? [];
  return (
    <Card className="border-destructive/40 py-4" role="region" aria-labelledby="failed-mail-title">
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <MailWarning className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div className="grid gap-0.5">
            <p id="failed-mail-title" className="font-medium">
              E-mail not delivered
            </p>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {emails(total)} could not be sent after repeated attempts.
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setReviewing(true)}>
            Review
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={retryAll.isPending}>
            <RotateCw aria-hidden="true" />
            Retry all
          </Button>
        </div>
      </CardContent>

      <Dialog open={reviewing} onOpenChange={setReviewing}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>E-mail not delivered</DialogTitle>
            <DialogDescription>
              {total > rows.length
                ? `The newest ${rows.length} of ${total}, with the mail server's last answer.`
                : "Each with the mail server's last answer. Retry sends it again at once."}
            </DialogDescription>
          </DialogHeader>
          <ul className="grid">
            {rows.map((mail) => (
              <FailedMailItem key={mail.id} mail={mail} />
            ))}
          </ul>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={retryAll.isPending}
        title={`Send ${emails(total)} again?`}
        description="They go back into the queue and are sent at once if the mail server accepts them. Check that the cause has been fixed first, or they will fail again."
        confirmLabel="Retry all"
        busyLabel="Retrying..."
        onConfirm={onRetryAll}
      />
    </Card>
  );
}
