/** The case screen's read-only blocks: what the applicant declared, screening, offer, mail, timeline. */
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatValue } from '#shared/audit-labels.ts';
import { formatAddress, formatDateOfBirth } from '#shared/identity.ts';
import { watchlistLabel, type ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { EMPLOYMENT_LABELS } from '#shared/schemas/journey.ts';
import { canApproveIdentity } from '#shared/case-rules.ts';
import { TIER_INFO, type Tier } from '#shared/tiers.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { TimelineEvents } from '#client/components/staff/timeline/timeline-events.tsx';
import {
  formatIncome,
  screeningDecisionLabel,
  screeningStatusLabel,
} from '../utils/case-format.ts';

export type Case = Omit<ApplicantCaseResponse, 'ok'>;

/** The case's name as staff read it. */
export const nameOf = (c: Case) =>
  c.applicant.full_name ?? c.applicant.email ?? 'Unknown Applicant';

export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-border p-3">
      <h2 className="mb-2 text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A compact list of label/value pairs. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
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

export const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');
export const tierName = (tier: Tier | null) => (tier ? TIER_INFO[tier].name : '—');

/**
 * The date of birth the applicant gave, flagged in words when the identity provider read
 * another one from the document (CONTRACT §8).
 */
export function DateOfBirth({ details }: { details: NonNullable<Case['details']> }) {
  const given = details.date_of_birth;
  const read = details.document_date_of_birth;
  if (!given) return '—';
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {formatDateOfBirth(given)}
      {read && read !== given ? (
        <Badge variant="destructive" data-testid="dob-mismatch">
          <TriangleAlert aria-hidden="true" />
          Differs from the document: {formatDateOfBirth(read)}
        </Badge>
      ) : null}
    </span>
  );
}

export function Declared({ data }: { data: Case }) {
  const { applicant, details } = data;
  return (
    <Block title="Declared details">
      <Facts
        items={[
          ['E-mail', applicant.email ?? '—'],
          ['Phone', applicant.phone ?? '—'],
          ['Date of birth', details ? <DateOfBirth details={details} /> : '—'],
          ['Address', details?.address ? formatAddress(details.address) : '—'],
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

export function Screening({ data }: { data: Case }) {
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

export function OfferBlock({ data }: { data: Case }) {
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

export function ActivationBlock({ data }: { data: Case }) {
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

export function EmailsBlock({ data }: { data: Case }) {
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

export function TimelineBlock({ data, rows }: { data: Case; rows: NonNullable<Case['timeline']> }) {
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
