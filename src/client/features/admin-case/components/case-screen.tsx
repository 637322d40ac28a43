import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatValue } from '#shared/audit-labels.ts';
import { watchlistLabel, type ApplicantCaseResponse, type CaseFile } from '#shared/schemas/case.ts';
import { EMPLOYMENT_LABELS } from '#shared/schemas/journey.ts';
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
import { TIER_INFO, type Tier } from '#shared/tiers.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useResendLink } from '#client/lib/staff/api/applicants.ts';
import { useApplicantCase, useCaseAssign } from '#client/lib/staff/api/case.ts';
import { useMe } from '#client/lib/staff/api/get-me.ts';
import type { KycAction } from '#client/lib/staff/api/kyc.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { TabEmpty, TabError, TabLoading } from '#client/components/staff/tab-state.tsx';
import { TimelineEvents } from '#client/components/staff/timeline/timeline-events.tsx';
import { ReasonDialog } from '#client/components/staff/reason-dialog.tsx';
import { OverrideTierDialog } from '#client/components/staff/override-tier-dialog.tsx';
import { KYC_TYPE_LABELS } from '#client/components/staff/kyc/kyc-format.ts';
import { KycStatusBadge } from '#client/components/staff/kyc/kyc-status-badge.tsx';
import {
  caseStageLabel,
  formatIncome,
  screeningDecisionLabel,
  screeningStatusLabel,
  timeSince,
} from '../utils/case-format.ts';
import { DocumentViewer } from './document-viewer.tsx';
import { FileReviewDialog } from './file-review-dialog.tsx';
import { IssueOfferDialog } from './issue-offer-dialog.tsx';
import { toastFailure } from '#client/lib/react-query.ts';

type Case = Omit<ApplicantCaseResponse, 'ok'>;

/** The case's name as staff read it. */
const nameOf = (c: Case) => c.applicant.full_name ?? c.applicant.email ?? 'Unknown Applicant';

function BackLink() {
  return (
    <Link
      to={`${paths.admin.getHref()}?tab=applicants`}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to applicants
    </Link>
  );
}

/**
 * `/admin/applicants/:id`: one applicant's case on one screen. Above the fold at 1366×768: who,
 * the stage and how long it has waited, who has the case, both identity files side by side,
 * and every action the member's role and the stage allow; below it the offer and signature,
 * activation, e-mails and the timeline.
 */
export function CaseScreen({ basicId }: { basicId: string }) {
  const me = useMe();
  const found = useApplicantCase(basicId);
  const staff = me.data?.staff ?? null;

  let body: ReactNode;
  if (found.data && staff) {
    body = <CaseBody data={found.data} staff={staff} />;
  } else if (found.isError && isApiError(found.error) && found.error.status < 500) {
    // A 404 (unknown or erased) and a 400 (not an id at all) read the same to staff.
    body = (
      <div className="mt-6">
        <TabEmpty title="Application not found">
          It may have been erased, or the address is mistyped.
        </TabEmpty>
      </div>
    );
  } else if (found.isError || me.isError) {
    body = (
      <div className="mt-6">
        <TabError
          message="Failed to load the case"
          onRetry={() => {
            void found.refetch();
            void me.refetch();
          }}
        />
      </div>
    );
  } else {
    body = <TabLoading label="Loading case..." />;
  }

  return (
    <div className="mx-auto w-full max-w-[90rem] px-4 py-3 md:px-8">
      <BackLink />
      {body}
    </div>
  );
}

function CaseBody({ data, staff }: { data: Case; staff: StaffMember }) {
  const name = nameOf(data);
  const may = (call: Parameters<typeof mayCall>[1]) => mayCall(staff.role, call);
  // Veriff collects the documents itself: nothing is uploaded here to wait for.
  const emptyText =
    data.screening?.provider === 'veriff'
      ? 'Collected by Veriff, not stored here'
      : 'Not uploaded yet';
  return (
    <>
      <CaseHeader data={data} staff={staff} name={name} />
      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Identity files" className="grid gap-3 sm:grid-cols-2">
          <DocumentViewer
            title={KYC_TYPE_LABELS.document}
            file={data.files.document}
            mayView={may('admin-kyc-file')}
            name={name}
            emptyText={emptyText}
          />
          <DocumentViewer
            title={KYC_TYPE_LABELS.selfie}
            file={data.files.selfie}
            mayView={may('admin-kyc-file')}
            name={name}
            emptyText={emptyText}
          />
        </section>
        <div className="grid content-start gap-3">
          <CaseActions data={data} staff={staff} name={name} />
          <Declared data={data} />
          <Screening data={data} />
        </div>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <OfferBlock data={data} />
        <ActivationBlock data={data} />
        <EmailsBlock data={data} />
        {data.timeline ? <TimelineBlock data={data} rows={data.timeline} /> : null}
      </div>
    </>
  );
}

function CaseHeader({ data, staff, name }: { data: Case; staff: StaffMember; name: string }) {
  const { applicant, assignee } = data;
  const assign = useCaseAssign(applicant.id);
  const mayAssign = mayCall(staff.role, 'admin-case-assign');
  const mine = assignee?.id === staff.id;

  const run = (action: 'take' | 'release', takeover = false) => {
    if (assign.isPending) return;
    assign.mutate(
      { action, ...(takeover ? { takeover: true } : {}) },
      {
        onSuccess: () =>
          toast.success(
            action === 'release' ? 'Case released' : takeover ? 'Case taken over' : 'Case taken',
          ),
        onError: toastFailure(
          action === 'release' ? 'Failed to release the case' : 'Failed to take the case',
          'admin-case-assign',
        ),
      },
    );
  };

  return (
    <header className="mt-2 flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="font-serif text-2xl leading-tight break-words md:text-3xl">{name}</h1>
        <Badge variant={applicant.stage === 'declined' ? 'destructive' : 'secondary'}>
          {caseStageLabel(applicant.stage)}
        </Badge>
        <span className="text-sm text-muted-foreground">
          In this stage for{' '}
          <time
            dateTime={applicant.stage_changed_at}
            title={formatStaffDateTime(applicant.stage_changed_at)}
          >
            {timeSince(applicant.stage_changed_at)}
          </time>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="case-assignee">
          {assignee ? (
            mine ? (
              'Assigned to you'
            ) : (
              <>
                Assigned to <span className="font-medium">{assignee.name}</span>
              </>
            )
          ) : (
            <span className="text-muted-foreground">Unassigned</span>
          )}
        </span>
        {mayAssign ? (
          !assignee ? (
            <Button size="sm" onClick={() => run('take')} disabled={assign.isPending}>
              Take case
            </Button>
          ) : mine ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => run('release')}
              disabled={assign.isPending}
            >
              Release
            </Button>
          ) : (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => run('take', true)}
                disabled={assign.isPending}
              >
                Take over
              </Button>
              {staff.role === 'owner' ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => run('release')}
                  disabled={assign.isPending}
                >
                  Release
                </Button>
              ) : null}
            </>
          )
        ) : null}
      </div>
    </header>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-border p-3">
      <h2 className="mb-2 text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A compact list of label/value pairs. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');
const tierName = (tier: Tier | null) => (tier ? TIER_INFO[tier].name : '—');

function CaseActions({ data, staff, name }: { data: Case; staff: StaffMember; name: string }) {
  const { applicant } = data;
  const stage = applicant.stage;
  const may = (call: Parameters<typeof mayCall>[1]) => mayCall(staff.role, call);
  const [review, setReview] = useState<{ file: CaseFile; action: KycAction } | null>(null);
  const [dialog, setDialog] = useState<'offer' | 'decline' | 'approve' | 'tier' | null>(null);
  const resend = useResendLink();

  const reviewable = (file: CaseFile | null): file is CaseFile =>
    file !== null && canReviewFile(stage, file.status) && may('admin-kyc-action');
  const files = [data.files.document, data.files.selfie].filter(reviewable);
  const offerWaiting = data.offer?.approval_status === 'pending_approval';
  const showOffer =
    may('admin-offer-issue') && canIssueOffer(stage, { offerAwaitingApproval: offerWaiting });
  const showDecline = may('admin-applicant-decline') && canDecline(stage);
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
    !showApprove;

  const onResend = () => {
    if (resend.isPending) return;
    resend.mutate(applicant.id, {
      onSuccess: () => toast.success('Link sent'),
      onError: toastFailure('Failed to send the link', 'admin-applicant-resend-link'),
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
        {showDecline ? (
          <Button size="sm" variant="outline" onClick={() => setDialog('decline')}>
            Decline
          </Button>
        ) : null}
      </div>
      {offerWaiting ? (
        <p className="mt-2 text-sm text-muted-foreground">
          An offer waits for an owner's approval.
        </p>
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
    </Block>
  );
}

function Declared({ data }: { data: Case }) {
  const { applicant, details } = data;
  return (
    <Block title="Declared details">
      <Facts
        items={[
          ['E-mail', applicant.email ?? '—'],
          ['Phone', applicant.phone ?? '—'],
          ['Income', details ? formatIncome(details.annual_income) : '—'],
          ['Employment', details ? EMPLOYMENT_LABELS[details.employment_status] : '—'],
          [
            'Declared PEP',
            details ? details.pep_declared ? <Badge variant="destructive">Yes</Badge> : 'No' : '—',
          ],
          ['Preferred tier', details ? TIER_INFO[details.preferred_tier].name : '—'],
          ['Assigned tier', tierName(applicant.tier_assigned)],
          ...(applicant.tier_override
            ? ([
                [
                  'Override reason',
                  `${applicant.tier_override.reason} (${formatStaffDateTime(applicant.tier_override.at)})`,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Block>
  );
}

function Screening({ data }: { data: Case }) {
  const check = data.screening;
  // Provider words (submitted, resubmission_requested) as words, like the timeline's.
  const lastEvent = check?.last_event ? formatValue('last_event', check.last_event) : '';
  return (
    <Block title="Screening">
      {check ? (
        <Facts
          items={[
            ['Provider', check.provider === 'builtin' ? 'Staff review' : 'Veriff'],
            ['Status', screeningStatusLabel(check.status)],
            [
              'Decision',
              canApproveIdentity(data.applicant.stage, check.decision) ? (
                <Badge variant="destructive">Veriff declined — decision needed</Badge>
              ) : (
                screeningDecisionLabel(check.decision)
              ),
            ],
            ...(check.staff_approval
              ? ([
                  [
                    'Approved by staff',
                    `${formatStaffDateTime(check.staff_approval.at)}${
                      check.staff_approval.reason ? `: ${check.staff_approval.reason}` : ''
                    }`,
                  ],
                ] as [string, ReactNode][])
              : []),
            [
              'Watchlist',
              check.watchlist_match === 'possible_match' ? (
                <Badge variant="destructive">
                  {watchlistLabel(check.watchlist_match, check.watchlist_kinds)}
                </Badge>
              ) : (
                watchlistLabel(check.watchlist_match, check.watchlist_kinds)
              ),
            ],
            ['PEP match', yesNo(check.pep)],
            [
              'Sanctions',
              check.sanctions && check.sanctions_cleared_at
                ? 'Match cleared'
                : yesNo(check.sanctions),
            ],
            ['Country', check.country ?? '—'],
            [
              'Last event',
              check.last_event_at
                ? `${lastEvent} ${formatStaffDateTime(check.last_event_at)}`.trim()
                : '—',
            ],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">No identity check started yet.</p>
      )}
    </Block>
  );
}

function OfferBlock({ data }: { data: Case }) {
  const offer = data.offer;
  return (
    <Block title="Offer and signature">
      {offer ? (
        <Facts
          items={[
            ['Tier', tierName(offer.tier)],
            ...(offer.downgraded_from
              ? ([['Downgraded from', tierName(offer.downgraded_from)]] as [string, ReactNode][])
              : []),
            [
              'Approval',
              offer.approval_status === 'pending_approval'
                ? 'Waiting for an owner'
                : offer.approval_status === 'approved'
                  ? 'Approved'
                  : 'Not required',
            ],
            ['Issued', formatStaffDateTime(offer.issued_at)],
            ['Signed name', offer.signed_name ?? 'Not signed yet'],
            ['Signed at', offer.accepted_at ? formatStaffDateTime(offer.accepted_at) : '—'],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">No offer issued.</p>
      )}
    </Block>
  );
}

function ActivationBlock({ data }: { data: Case }) {
  const activation = data.activation;
  return (
    <Block title="Activation">
      {activation ? (
        <Facts
          items={[
            ['Activated', formatStaffDateTime(activation.activated_at)],
            ['Card', activation.card_last4 ? `•••• ${activation.card_last4}` : '—'],
            ['Mobile access', activation.mobile_access_enabled ? 'Enabled' : 'Disabled'],
            ['Shipment tracking', activation.card_shipment_tracking ?? '—'],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Not activated.</p>
      )}
    </Block>
  );
}

function EmailsBlock({ data }: { data: Case }) {
  return (
    <Block title="E-mails sent">
      {data.emails.length === 0 ? (
        <p className="text-sm text-muted-foreground">No e-mails sent to the applicant.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {data.emails.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium wrap-anywhere">{mail.subject}</span>
              <Badge variant="outline">{mail.status}</Badge>
              <span className="text-xs text-muted-foreground">
                {mail.template} ·{' '}
                <time dateTime={mail.sent_at ?? mail.created_at}>
                  {formatStaffDateTime(mail.sent_at ?? mail.created_at)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

function TimelineBlock({ data, rows }: { data: Case; rows: NonNullable<Case['timeline']> }) {
  return (
    <Block title="Timeline">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No events recorded yet</p>
      ) : (
        <TimelineEvents rows={rows} members={data.assignee ? [data.assignee] : undefined} />
      )}
    </Block>
  );
}
