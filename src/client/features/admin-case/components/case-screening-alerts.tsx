import type { StaffMember } from '#shared/staff.ts';
import { AlertActions, AlertDecisions } from '#client/components/staff/screening/alert-actions.tsx';
import {
  AlertKindBadge,
  AlertStatusBadge,
} from '#client/components/staff/screening/alert-badges.tsx';
import {
  formatScore,
  listWithVersion,
} from '#client/components/staff/screening/screening-format.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { Block, Facts, type Case } from './case-sections.tsx';

type OwnScreening = NonNullable<Case['own_screening']>;

/**
 * Our own screening of the applicant (CONTRACT §8): when they were last screened against the
 * lists, and each alert, newest first, with the decisions the member may make (as in the
 * Screening tab's queue).
 */
export function ScreeningAlertsBlock({
  screening,
  staff,
}: {
  screening: OwnScreening;
  staff: StaffMember;
}) {
  return (
    <Block title="Screening alerts">
      <div className="grid gap-3">
        <Facts
          items={[
            [
              'Last screened',
              screening.screened_at ? (
                <time dateTime={screening.screened_at}>
                  {formatStaffDateTime(screening.screened_at)}
                </time>
              ) : (
                'Not screened yet'
              ),
            ],
          ]}
        />
        {screening.alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No screening alerts.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Screening alerts">
            {screening.alerts.map((alert) => (
              <li
                key={alert.id}
                className="grid gap-2 rounded-md border border-border p-3"
                data-testid="case-screening-alert"
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium wrap-anywhere">{alert.entry.name}</span>
                  <AlertStatusBadge status={alert.status} />
                  <AlertKindBadge kind={alert.kind} />
                </div>
                <Facts
                  items={[
                    ['List', listWithVersion(alert.entry.list, alert.list_version)],
                    ['Matched name', alert.matched_name ?? '—'],
                    ['Score', formatScore(alert.score)],
                    ['Raised', formatStaffDateTime(alert.created_at)],
                  ]}
                />
                <AlertDecisions alert={alert} />
                <AlertActions alert={alert} staff={staff} size="sm" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Block>
  );
}
