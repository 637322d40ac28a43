/** What staff may do on the case screen, by role and by the case's state (case-rules.ts). */
import { useState } from 'react';
import { toast } from 'sonner';
import type { CaseFile } from '#shared/schemas/case.ts';
import {
  canApproveIdentity,
  canDecline,
  canIssueOffer,
  canOverrideTier,
  canResendLink,
  canReviewFile,
} from '#shared/case-rules.ts';
import { mayCall } from '#shared/calls.ts';
import type { StaffMember } from '#shared/staff.ts';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useResendLink } from '#client/lib/staff/api/applicants.ts';
import type { KycAction } from '#client/lib/staff/api/kyc.ts';
import { DeclineRequestNote } from '#client/components/staff/decline-request-note.tsx';
import { ReasonDialog } from '#client/components/staff/reason-dialog.tsx';
import { OverrideTierDialog } from '#client/components/staff/override-tier-dialog.tsx';
import { KYC_TYPE_LABELS } from '#client/components/staff/kyc/kyc-format.ts';
import { KycStatusBadge } from '#client/components/staff/kyc/kyc-status-badge.tsx';
import { FileReviewDialog } from './file-review-dialog.tsx';
import { IssueOfferDialog } from './issue-offer-dialog.tsx';
import { Block, type Case } from './case-sections.tsx';
import { EscalateDialog } from './case-escalation.tsx';

export function CaseActions({
  data,
  staff,
  name,
}: {
  data: Case;
  staff: StaffMember;
  name: string;
}) {
  const { applicant } = data;
  const stage = applicant.stage;
  const may = (call: Parameters<typeof mayCall>[1]) => mayCall(staff.role, call);
  const [review, setReview] = useState<{ file: CaseFile; action: KycAction } | null>(null);
  const [dialog, setDialog] = useState<
    'offer' | 'decline' | 'approve' | 'tier' | 'escalate' | null
  >(null);
  const resend = useResendLink('Failed to send the link');

  const reviewable = (file: CaseFile | null): file is CaseFile =>
    file !== null && canReviewFile(stage, file.status) && may('admin-kyc-action');
  const files = [data.files.document, data.files.selfie].filter(reviewable);
  const offerWaiting = data.offer?.approval_status === 'pending_approval';
  // With the MLRO: the server refuses an offer until they decide, so none is offered here.
  const showOffer =
    may('admin-offer-issue') &&
    !data.held &&
    canIssueOffer(stage, { offerAwaitingApproval: offerWaiting });
  // A decline waits for a second member (CONTRACT §9): one request at a time.
  const declineRequest = data.decline_request;
  const showDecline = may('admin-applicant-decline') && canDecline(stage) && !declineRequest;
  // At any stage (a suspicion outlives a decline), one escalation open at a time.
  const showEscalate = may('admin-case-escalate') && !data.held;
  // Veriff declined and the application waits for staff to decide.
  const showApprove =
    may('admin-identity-approve') && canApproveIdentity(stage, data.screening?.decision ?? null);
  const showResend =
    may('admin-applicant-resend-link') && applicant.email !== null && canResendLink(stage);
  const showOverride = may('admin-applicant-override-tier') && canOverrideTier(stage);
  const nothing =
    files.length === 0 &&
    !showOffer &&
    !showDecline &&
    !showResend &&
    !showOverride &&
    !showApprove &&
    !showEscalate &&
    !declineRequest;

  const onResend = () => {
    if (resend.isPending) return;
    resend.mutate(applicant.id, {
      onSuccess: () => toast.success('Link sent'),
    });
  };

  return (
    <Block title="Actions">
      {nothing ? (
        <p className="text-sm text-muted-foreground">
          Nothing to do here for your role at this stage.
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="mb-2 grid gap-2">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-24 text-sm">{KYC_TYPE_LABELS[file.type]}</span>
              <KycStatusBadge status={file.status} />
              <span className="ml-auto flex gap-2">
                <Button size="sm" onClick={() => setReview({ file, action: 'approve' })}>
                  Approve<span className="sr-only"> {KYC_TYPE_LABELS[file.type]}</span>
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => setReview({ file, action: 'reject' })}
                >
                  Reject<span className="sr-only"> {KYC_TYPE_LABELS[file.type]}</span>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {showApprove ? (
        <p className="mb-2 text-sm">
          Veriff declined this identity check. Approve it (the application moves on to offers) or
          decline the application.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {showApprove ? (
          <Button size="sm" onClick={() => setDialog('approve')}>
            Approve identity
          </Button>
        ) : null}
        {showOffer ? (
          <Button size="sm" variant="outline" onClick={() => setDialog('offer')}>
            Issue offer
          </Button>
        ) : null}
        {showOverride ? (
          <Button size="sm" variant="outline" onClick={() => setDialog('tier')}>
            Override tier
          </Button>
        ) : null}
        {showResend ? (
          <Button size="sm" variant="outline" onClick={onResend} disabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Resend link'}
          </Button>
        ) : null}
        {showEscalate ? (
          <Button size="sm" variant="outline" onClick={() => setDialog('escalate')}>
            <ShieldAlert aria-hidden="true" />
            Escalate to MLRO
          </Button>
        ) : null}
        {showDecline ? (
          <Button size="sm" variant="outline" onClick={() => setDialog('decline')}>
            Request decline
          </Button>
        ) : null}
      </div>
      {offerWaiting ? (
        <p className="mt-2 text-sm text-muted-foreground">
          An offer waits for an owner's approval.
        </p>
      ) : null}
      {data.held && may('admin-offer-issue') && stage === 'kyc' ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Held for the MLRO: no offer until they decide.
        </p>
      ) : null}
      {declineRequest ? (
        <div className="mt-3 border-t border-border pt-3">
          <DeclineRequestNote
            request={declineRequest}
            mine={declineRequest.requested_by.id === staff.id}
          >
            {may('admin-approval-list') ? (
              <p>
                <Link
                  to={`${paths.admin.getHref()}?tab=approvals`}
                  className="underline underline-offset-4 hover:text-gold"
                >
                  Open the approvals queue
                </Link>
              </p>
            ) : null}
          </DeclineRequestNote>
        </div>
      ) : null}
      {review ? (
        <FileReviewDialog
          file={review.file}
          action={review.action}
          name={name}
          onClose={() => setReview(null)}
        />
      ) : null}
      <IssueOfferDialog
        basicId={applicant.id}
        name={name}
        initialTier={applicant.tier_assigned ?? data.details?.preferred_tier ?? null}
        open={dialog === 'offer'}
        onOpenChange={(open) => setDialog(open ? 'offer' : null)}
      />
      <OverrideTierDialog
        applicant={dialog === 'tier' ? applicant : null}
        open={dialog === 'tier'}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        kind="approve"
        basicId={applicant.id}
        name={name}
        open={dialog === 'approve'}
        onOpenChange={(open) => setDialog(open ? 'approve' : null)}
      />
      <ReasonDialog
        kind="decline"
        basicId={applicant.id}
        name={name}
        open={dialog === 'decline'}
        onOpenChange={(open) => setDialog(open ? 'decline' : null)}
      />
      {may('admin-case-escalate') ? (
        <EscalateDialog
          basicId={applicant.id}
          name={name}
          open={dialog === 'escalate'}
          onOpenChange={(open) => setDialog(open ? 'escalate' : null)}
        />
      ) : null}
    </Block>
  );
}
