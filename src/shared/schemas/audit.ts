import type { ApplicationCase } from './data-protection.ts';
import type { ListTotal } from './admin-lists.ts';
import { pageField, pageSizeField, text } from './fields.ts';
import { z } from './zod.ts';
import type { StaffRole } from '../staff.ts';
import { parseCalendarDay } from '../uk-time.ts';

/**
 * The audit log's calls (CONTRACT §4): `admin-audit-list` (one applicant's timeline, or the
 * whole log with filters) and `admin-audit-export` (the same filters as a CSV file). The
 * client's selects send 'all' for no filter; 'all', '' and a missing value read alike.
 */

export const AUDIT_PAGE_SIZE = 50;

const noFilter = (value: unknown) =>
  value === 'all' || value === '' || value === null ? undefined : value;

/** An action key as the server writes them ('kyc_file.approve'). */
const ACTION_KEY = /^[a-z_]{1,40}\.[a-z_]{1,40}$/;

const INVALID_FROM = 'Please enter a valid from date';
const INVALID_TO = 'Please enter a valid to date';
export const AUDIT_DATE_ORDER_MESSAGE = 'The from date must be on or before the to date';

/** A UK calendar day: 'YYYY-MM-DD' (a date input) or 'DD/MM/YYYY'. */
const dayField = (message: string) =>
  z.preprocess(
    noFilter,
    text(message)
      .trim()
      .refine((value) => parseCalendarDay(value) !== null, message)
      .optional(),
  );

/** What the whole log can be narrowed to; each is optional. */
const auditFilters = {
  /** A staff member's id: the rows they wrote. */
  member: z.preprocess(noFilter, z.uuid('Please choose a staff member').optional()),
  /** One action key, exactly ('staff.sign_in'). */
  action: z.preprocess(
    noFilter,
    text('Please choose a valid action')
      .regex(ACTION_KEY, 'Please choose a valid action')
      .optional(),
  ),
  /** From this UK day (Europe/London), inclusive. */
  from: dayField(INVALID_FROM),
  /** To this UK day (Europe/London), inclusive. */
  to: dayField(INVALID_TO),
};

function datesInOrder(input: { from?: string | undefined; to?: string | undefined }): boolean {
  const from = input.from ? parseCalendarDay(input.from) : null;
  const to = input.to ? parseCalendarDay(input.to) : null;
  if (!from || !to) return true;
  return Date.UTC(from.year, from.month - 1, from.day) <= Date.UTC(to.year, to.month - 1, to.day);
}

/** `admin-audit-list`: one applicant's timeline (`basic_id`), or the whole log, newest first. */
export const ZAuditListRequest = z
  .object({
    basic_id: z.preprocess(noFilter, z.uuid('Invalid application id').optional()),
    ...auditFilters,
    page: pageField,
    pageSize: pageSizeField(AUDIT_PAGE_SIZE),
  })
  .refine(datesInOrder, { message: AUDIT_DATE_ORDER_MESSAGE, path: ['to'] });
export type TAuditListRequest = z.input<typeof ZAuditListRequest>;

/** `admin-audit-export`: the whole log under the same filters, as a CSV file. */
export const ZAuditExportRequest = z
  .object(auditFilters)
  .refine(datesInOrder, { message: AUDIT_DATE_ORDER_MESSAGE, path: ['to'] });
export type TAuditExportRequest = z.input<typeof ZAuditExportRequest>;

/** The file name when Content-Disposition gives none. */
export const AUDIT_EXPORT_FILE_NAME = 'audit-export.csv';

export type AuditRow = {
  id: number;
  at: string;
  actor_type: 'staff' | 'applicant' | 'system' | 'provider';
  actor_id: string | null;
  /**
   * For staff rows: the member's name, or 'Staff (before named accounts)' for rows written
   * when staff shared one passphrase (they hold a token id only).
   */
  actor_name: string | null;
  /** For staff rows: e-mail and role when they acted. */
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  application_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

/** A staff member the log can be filtered by (disabled ones too: their rows stay). */
export type AuditMember = { id: string; name: string; role: StaffRole };

export type AuditListResponse = ListTotal & {
  ok: true;
  data: AuditRow[];
  /** With `basic_id`: the applicant's decline, erasure request or tombstone (CONTRACT §6). */
  case?: ApplicationCase | null;
  /**
   * Without `basic_id`: every staff member, by name, for the member filter and to name members
   * the rows refer to (compliance may not call admin-staff-list).
   */
  members?: AuditMember[];
};
