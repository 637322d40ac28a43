import { useId, type ReactNode } from 'react';
import { isBreached } from '#shared/service-levels.ts';
import { formatDateOfBirth } from '#shared/identity.ts';
import type { ScreeningAlert } from '#shared/schemas/screening.ts';
import type { StaffMember } from '#shared/staff.ts';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import {
  OpenCaseLink,
  OVERDUE_EDGE,
  WaitingLabel,
} from '#client/components/staff/queue-controls.tsx';
import { cn } from '#client/utils/cn.ts';
import { AlertActions, AlertDecisions } from '#client/components/staff/screening/alert-actions.tsx';
import {
  AlertKindBadge,
  AlertStatusBadge,
} from '#client/components/staff/screening/alert-badges.tsx';
import {
  alertApplicantName,
  formatEntryDates,
  formatScore,
  countryLabel,
  formatNationalities,
  joinOr,
  listWithVersion,
} from '#client/components/staff/screening/screening-format.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

/** One line of the comparison: what the applicant gave beside what the list says. */
function Compared({
  label,
  applicant,
  entry,
}: {
  label: string;
  applicant: ReactNode;
  entry: ReactNode;
}) {
  return (
    <TableRow>
      <TableCell className="align-top font-medium text-muted-foreground">{label}</TableCell>
      <TableCell className="min-w-40 align-top whitespace-normal wrap-anywhere">
        {applicant}
      </TableCell>
      <TableCell className="min-w-48 align-top whitespace-normal wrap-anywhere">{entry}</TableCell>
    </TableRow>
  );
}

/** The applicant beside the list entry that matched them, line by line. */
export function AlertComparison({ alert, name }: { alert: ScreeningAlert; name: string }) {
  const { applicant, entry } = alert;
  return (
    <DataTable
      label={`${name} beside the list entry`}
      columns={[
        { key: 'what', header: <span className="sr-only">Detail</span>, width: 'w-36' },
        { key: 'applicant', header: 'Applicant' },
        { key: 'entry', header: 'List entry' },
      ]}
      quietHeader
    >
      <Compared
        label="Name"
        applicant={applicant.full_name ?? 'Not given'}
        entry={
          <>
            <span className="block font-medium">{entry.name}</span>
            {alert.matched_name ? (
              <span className="block text-muted-foreground">
                Matched name: <span className="text-foreground">{alert.matched_name}</span>
              </span>
            ) : null}
          </>
        }
      />
      <Compared
        label="Date of birth"
        applicant={
          applicant.date_of_birth ? formatDateOfBirth(applicant.date_of_birth) : 'Not given'
        }
        entry={formatEntryDates(entry.dates_of_birth)}
      />
      <Compared
        label="Nationality"
        applicant={applicant.nationality ? countryLabel(applicant.nationality) : 'Not known'}
        entry={formatNationalities(entry.nationalities)}
      />
      <Compared label="Programmes" applicant="—" entry={joinOr(entry.programmes)} />
      <Compared label="Entry id" applicant="—" entry={entry.entry_id} />
    </DataTable>
  );
}

/**
 * One alert of the queue: who matched what, on which list and version, how strongly, its
 * status and age, the applicant beside the entry, what has been decided, and what may be done.
 */
export function AlertCard({
  alert,
  staff,
}: {
  alert: ScreeningAlert & { due_at: string | null };
  staff: StaffMember;
}) {
  const headingId = useId();
  const name = alertApplicantName(alert);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5',
        alert.due_at && isBreached(alert.due_at) && OVERDUE_EDGE,
      )}
      data-testid="screening-alert"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="font-medium wrap-anywhere">
          {name}
        </h3>
        <AlertStatusBadge status={alert.status} />
        <AlertKindBadge kind={alert.kind} />
        <span className="text-sm">
          <span className="text-muted-foreground">Score </span>
          <span className="font-medium">{formatScore(alert.score)}</span>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span>{listWithVersion(alert.entry.list, alert.list_version)}</span>
        <span className="text-muted-foreground">
          Raised <time dateTime={alert.created_at}>{formatStaffDateTime(alert.created_at)}</time>
        </span>
        {/* Still waiting for someone: its age and due time (a clearance: the approval's). */}
        {alert.due_at ? (
          <WaitingLabel
            since={
              alert.status === 'clear_requested' && alert.clear_request
                ? alert.clear_request.at
                : alert.created_at
            }
            dueAt={alert.due_at}
          />
        ) : null}
        <OpenCaseLink basicId={alert.application_id} name={name} />
      </div>
      <AlertComparison alert={alert} name={name} />
      <AlertDecisions alert={alert} />
      <AlertActions alert={alert} staff={staff} size="sm" />
    </article>
  );
}
