import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { mayCall } from '#shared/calls.ts';
import type { StaffMember } from '#shared/staff.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useApplicantCase, useCaseAssign } from '#client/lib/staff/api/case.ts';
import { useMe } from '#client/lib/staff/api/get-me.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { TabEmpty, TabError, TabLoading } from '#client/components/staff/tab-state.tsx';
import { KYC_TYPE_LABELS } from '#client/components/staff/kyc/kyc-format.ts';
import { caseStageLabel, timeSince } from '../utils/case-format.ts';
import { DocumentViewer } from './document-viewer.tsx';
import {
  type Case,
  nameOf,
  Declared,
  Screening,
  OfferBlock,
  ActivationBlock,
  EmailsBlock,
  TimelineBlock,
} from './case-sections.tsx';
import { CaseActions } from './case-actions.tsx';
import { CaseNotesBlock } from './case-notes.tsx';
import { ScreeningAlertsBlock } from './case-screening-alerts.tsx';
import { EscalationBlock, HeldBadge } from './case-escalation.tsx';
import { CaseServiceLevel } from './case-service-level.tsx';

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
          {data.escalation ? (
            <EscalationBlock
              escalation={data.escalation}
              staff={staff}
              basicId={data.applicant.id}
              name={name}
            />
          ) : null}
          <Declared data={data} />
          <Screening data={data} />
          {data.own_screening ? (
            <ScreeningAlertsBlock screening={data.own_screening} staff={staff} />
          ) : null}
        </div>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <OfferBlock data={data} />
        <ActivationBlock data={data} />
        <CaseNotesBlock basicId={data.applicant.id} notes={data.notes} />
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
        {data.held ? <HeldBadge /> : null}
        <span className="text-sm text-muted-foreground">
          In this stage for{' '}
          <time
            dateTime={applicant.stage_changed_at}
            title={formatStaffDateTime(applicant.stage_changed_at)}
          >
            {timeSince(applicant.stage_changed_at)}
          </time>
        </span>
        <CaseServiceLevel level={data.service_level} />
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
