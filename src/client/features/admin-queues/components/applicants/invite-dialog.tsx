import { useState } from 'react';
import { toast } from 'sonner';
import type { ApplicantRow } from '#shared/schemas/admin-lists.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFrame } from '#client/components/staff/dialog-frame.tsx';
import { useInviteApplicant } from '#client/lib/staff/api/applicants.ts';
import { applicantName } from '#client/lib/staff/applicant-name.ts';

type Props = {
  /** The row it is about; kept while the dialog animates closed. */
  applicant: ApplicantRow | null;
  open: boolean;
  onClose: () => void;
  /** Where focus goes when it closes (see useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** Invites an applicant from the public form (stage basic): confirm, then show the code sent. */
export function InviteDialog({ applicant, ...props }: Props) {
  return applicant ? <InviteContent key={applicant.id} applicant={applicant} {...props} /> : null;
}

function InviteContent({
  applicant,
  open,
  onClose,
  onCloseAutoFocus,
}: Omit<Props, 'applicant'> & { applicant: ApplicantRow }) {
  const invite = useInviteApplicant();
  const [code, setCode] = useState<string | null>(null);
  const name = applicantName(applicant);

  const onInvite = () => {
    if (invite.isPending) return;
    invite.mutate(applicant.id, {
      onSuccess: (response) => {
        setCode(response.code);
        toast.success('Invitation sent');
      },
    });
  };

  const frame = {
    open,
    onOpenChange: (next: boolean) => (next ? undefined : onClose()),
    onCloseAutoFocus,
  };
  if (code) {
    return (
      <DialogFrame
        {...frame}
        title="Invitation sent"
        description={`${name} was e-mailed this invitation code at ${applicant.email}.`}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <p className="rounded-md border border-border bg-muted px-4 py-3 text-center font-mono text-lg tracking-wider">
          <span className="sr-only">Invitation code: </span>
          {code}
        </p>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      {...frame}
      title={`Invite ${name}`}
      description={`An invitation code for this application will be e-mailed to ${applicant.email}.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button onClick={onInvite} disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </>
      }
    />
  );
}
