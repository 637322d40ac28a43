import { pageField, pageSizeField, staffReasonField, text } from './fields.ts';
import { z } from './zod.ts';

/**
 * Sanctions and PEP screening of our own (CONTRACT §8): the lists the bank loads, the search,
 * and the alerts compliance works.
 */

/** The lists, by their CONTRACT names. `entry_id` is each list's own identifier. */
export const SCREENING_LISTS = ['uk', 'un', 'ofac', 'opensanctions'] as const;
export type ScreeningList = (typeof SCREENING_LISTS)[number];
export const SCREENING_LIST_LABELS: Record<ScreeningList | 'veriff', string> = {
  uk: 'UK Sanctions List (FCDO)',
  un: 'UN Consolidated List',
  ofac: 'OFAC SDN List',
  opensanctions: 'OpenSanctions',
  veriff: 'Veriff watchlist screening',
};

/** What a listing means for the applicant: sanctions block offers, a PEP needs four eyes. */
export const SCREENING_KINDS = ['sanctions', 'pep'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];

/** Where an alert came from: our matcher, a yente service, or Veriff's watchlist screening. */
export const ALERT_SOURCES = ['builtin', 'yente', 'veriff'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/**
 * An alert's life: open → confirmed (a true match), or open → clear_requested → cleared (a
 * false positive, once a second member approves). A confirmed alert is final.
 */
export const ALERT_STATUSES = ['open', 'confirmed', 'clear_requested', 'cleared'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = {
  open: 'Open',
  confirmed: 'Confirmed match',
  clear_requested: 'Clearance awaiting approval',
  cleared: 'Cleared (false positive)',
};
/** Alerts that still hold the applicant: an open or confirmed sanctions alert blocks offers. */
export const LIVE_ALERT_STATUSES = ['open', 'confirmed', 'clear_requested'] as const;

/** A list entry as an alert and the search show it (published list data, not the applicant's). */
export type ScreeningEntry = {
  list: ScreeningList | 'veriff';
  entry_id: string;
  /** The entry's primary name. */
  name: string;
  dates_of_birth: string[];
  nationalities: string[];
  programmes: string[];
};

/** `admin-screening-search` → one match. */
export type ScreeningMatch = ScreeningEntry & {
  /** The entry's name or alias that matched best. */
  matched_name: string;
  score: number;
  kind: ScreeningKind;
};

export const ZScreeningSearchRequest = z.object({
  name: text('Please enter a name to search')
    .trim()
    .min(2, 'Please enter a name to search')
    .max(200, 'Names must be less than 200 characters'),
  date_of_birth: text('Dates of birth are YYYY, YYYY-MM or YYYY-MM-DD')
    .trim()
    .regex(/^(\d{4})(-\d{2}(-\d{2})?)?$|^$/, 'Dates of birth are YYYY, YYYY-MM or YYYY-MM-DD')
    .optional(),
  nationality: text('Nationality must be less than 60 characters')
    .trim()
    .max(60, 'Nationality must be less than 60 characters')
    .optional(),
});
export type TScreeningSearchRequest = z.input<typeof ZScreeningSearchRequest>;
export type ScreeningSearchResponse = { ok: true; matches: ScreeningMatch[] };

/** `admin-screening-lists`: each list's version in use. */
export type ScreeningListVersion = {
  list: ScreeningList;
  version: number;
  loaded_at: string;
  entries: number;
  /** Where it came from: a file name or a SCREENING_SOURCES address. */
  source: string;
};
export type ScreeningListsResponse = { ok: true; lists: ScreeningListVersion[] };

/** `admin-screening-list-upload` (multipart `file`, one or more). */
export type ScreeningListUploadResponse = {
  ok: true;
  list: ScreeningList;
  version: number;
  entries: number;
};
export const SCREENING_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const SCREENING_FILE_MISSING = 'Please choose a list file to upload.';
export const SCREENING_FORMAT_UNKNOWN =
  'This file is not a list we can read. Upload the UK Sanctions List CSV, the UN consolidated XML, OFAC SDN or alternate-names CSV, or an OpenSanctions targets.simple.csv or Senzing JSON export.';

export const ZScreeningAlertListRequest = z.object({
  page: pageField,
  page_size: pageSizeField(20),
  status: z.enum(ALERT_STATUSES, 'Please choose an alert status').optional(),
});
export type TScreeningAlertListRequest = z.input<typeof ZScreeningAlertListRequest>;

/** One alert, the applicant beside the entry that matched. */
export type ScreeningAlert = {
  id: string;
  application_id: string;
  status: AlertStatus;
  source: AlertSource;
  kind: ScreeningKind;
  score: number | null;
  matched_name: string | null;
  list_version: number | null;
  created_at: string;
  entry: ScreeningEntry;
  applicant: {
    full_name: string | null;
    date_of_birth: string | null;
    /** Read by the identity provider from the document, when there is one. */
    nationality: string | null;
  };
  /** Who asked to clear it, and the reason; null until someone does. */
  clear_request: { by: string; by_id: string; at: string; reason: string } | null;
  decision: { by: string; at: string; reason: string | null } | null;
};
export type ScreeningAlertListResponse = {
  ok: true;
  /** `due_at`: when an open alert (or a clearance awaiting approval) is due; null once decided. */
  alerts: (ScreeningAlert & { due_at: string | null })[];
  total: number;
  page: number;
  page_size: number;
};

const alertId = z.uuid('Invalid alert id');
export const ZScreeningAlertDecisionRequest = z.object({
  alert_id: alertId,
  reason: staffReasonField('Please give a reason'),
});
export type TScreeningAlertDecisionRequest = z.input<typeof ZScreeningAlertDecisionRequest>;
export const ZScreeningAlertApproveRequest = z.object({ alert_id: alertId });
export type ScreeningAlertDecisionResponse = { ok: true; status: AlertStatus };

export const ALERT_NOT_FOUND = 'Screening alert not found';
export const ALERT_NOT_OPEN = 'This alert has already been decided.';
export const ALERT_NO_CLEAR_REQUEST = 'This alert has no clearance waiting for approval.';
export const ALERT_OWN_CLEAR = 'A second member must approve this clearance: you asked for it.';
/** The 409 of an activation while a sanctions match is not cleared (offers: SANCTIONS_BLOCK). */
export const SANCTIONS_ACTIVATION_BLOCK =
  'This applicant has a sanctions match. Compliance must clear it before the account can be activated.';
