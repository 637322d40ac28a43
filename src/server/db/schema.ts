/**
 * The database schema (SPEC §3 and what CONTRACT implies). One PostgreSQL dialect: the same
 * tables on embedded PGlite and on a real server. Migrations are generated from this file with
 * `npm run db:generate` and checked in under ./drizzle.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  real,
  smallint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WATCHLIST_MATCHES } from '#shared/schemas/case.ts';
import {
  ALERT_SOURCES,
  ALERT_STATUSES,
  SCREENING_KINDS,
  SCREENING_LISTS,
} from '#shared/schemas/screening.ts';
import { EMPLOYMENT_STATUSES } from '#shared/schemas/journey.ts';
import { LEGAL_SLUGS } from '#shared/schemas/site.ts';
import {
  ACTOR_TYPES,
  IDENTITY_DECISIONS,
  IDENTITY_STATUSES,
  INBOX_STATUSES,
  KYC_FILE_STATUSES,
  KYC_FILE_TYPES,
  KYC_PROVIDERS,
  MAIL_STATUSES,
  STAGES,
} from '#shared/stages.ts';
import { ERASURE_REASONS } from '#shared/retention.ts';
import { STAFF_ROLES, STAFF_STATUSES } from '#shared/staff.ts';
import { TIERS } from '#shared/tiers.ts';

// Time indexes are ascending on purpose: a backward scan serves `ORDER BY … DESC` (nulls first,
// PostgreSQL's default), which a `DESC NULLS LAST` index cannot.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
/**
 * `updated_at` is kept by one trigger per table (set_updated_at, migration 0003) on every
 * UPDATE, whoever writes: services never set it by hand. A trigger's own bookkeeping update
 * (migration 0020) leaves it as it was.
 */
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** How an application began: the public form, or an invitation code. */
export const APPLICATION_SOURCES = ['application', 'invite'] as const;

/** An application: the spec's basic record and status record, one row per applicant (basic_id). */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null when the applicant came in with an invitation code and has not given it yet. */
    fullName: text('full_name'),
    email: text('email'),
    /**
     * Name and e-mail as staff search them (search_text(): lower case, no accents), kept by
     * PostgreSQL (decision 062): a search tests them row by row where few rows match each
     * term, and computing unaccent() there cost ten times the rest of the test.
     */
    searchName: text('search_name').generatedAlwaysAs(sql`search_text(full_name)`),
    searchEmail: text('search_email').generatedAlwaysAs(sql`search_text(email)`),
    /**
     * When the owner of `email` proved it (a personal invitation code sent there, or a link sent
     * there). Only a proved address leads to the application: resume links, duplicates.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phone: text('phone'),
    reason: text('reason'),
    /** How the application began: the public form or an invitation code. */
    source: text('source', { enum: APPLICATION_SOURCES }).notNull(),
    stage: text('stage', { enum: STAGES }).notNull(),
    tierAssigned: text('tier_assigned', { enum: TIERS }),
    tierAccepted: text('tier_accepted', { enum: TIERS }),
    /** Set with stage `declined`; the reason is staff's, never shown or sent to the applicant. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /**
     * Staff's reason for the latest tier override, and when: staff words about the applicant,
     * so kept here (erasure empties it) and never in the audit row (decision 031).
     */
    tierOverrideReason: text('tier_override_reason'),
    tierOverriddenAt: timestamp('tier_overridden_at', { withTimezone: true }),
    /**
     * The tombstone (CONTRACT §6): once set, every personal field of this row is null and every
     * other row about the applicant is gone; id, stage reached and dates stay.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    erasureReason: text('erasure_reason', { enum: ERASURE_REASONS }),
    /**
     * When the stage last changed (the queues' "waiting 3 days", the case's time in stage).
     * A trigger sets it on every stage change (migration 0010), whichever code moves it.
     */
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who has taken the case, and since when (both or neither). */
    assignedTo: uuid('assigned_to').references(() => staffMembers.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /**
     * The current identity check's screening and the PEP declared on the details screen, copied
     * here by triggers (migration 0020, decision 063) whichever code writes the check or the
     * details: the staff list filters and pages on this table alone, each filter read from an
     * index in list order. Null when there is no current check. Never written by the app.
     */
    checkStatus: text('check_status', { enum: IDENTITY_STATUSES }),
    checkDecision: text('check_decision', { enum: IDENTITY_DECISIONS }),
    checkPep: boolean('check_pep'),
    checkSanctions: boolean('check_sanctions'),
    declaredPep: boolean('declared_pep').notNull().default(false),
    /**
     * Our own screening (CONTRACT §8): when the applicant was last screened against the lists,
     * and whether a live alert of each kind holds them (null: never screened). Bookkeeping, not
     * activity: an update that changes them leaves updated_at as it was (migration 0027).
     */
    screenedAt: timestamp('screened_at', { withTimezone: true }),
    screenPep: boolean('screen_pep'),
    screenSanctions: boolean('screen_sanctions'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('applications_assigned_check', sql`(assigned_to is null) = (assigned_at is null)`),
    check('applications_check_status_check', inList('check_status', IDENTITY_STATUSES)),
    check('applications_check_decision_check', inList('check_decision', IDENTITY_DECISIONS)),
    // 'Assigned to me' on the Offers and Activations queues: the member's cases at a stage,
    // longest in it first, read straight from the index.
    index('applications_assigned_idx')
      .on(t.assignedTo, t.stage, t.stageChangedAt)
      .where(sql`assigned_to is not null`),
    // Staff search ignores case and accents ('chloe' finds 'Chloé'): search_text() is
    // lower(unaccent()) made immutable (migration 0010), kept in the search columns and
    // indexed by trigrams.
    index('applications_name_search_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('applications_email_search_idx').using('gin', sql`${t.searchEmail} gin_trgm_ops`),
    // A whole address typed into the search is looked up, not matched as a substring.
    index('applications_email_exact_idx').on(t.searchEmail),
    // A phone is found by its last digits (or all of them): its digits reversed, prefix-matched.
    index('applications_phone_suffix_idx').using(
      'btree',
      sql`reverse(phone_digits(${t.phone})) text_pattern_ops`,
    ),
    check('applications_erasure_reason_check', inList('erasure_reason', ERASURE_REASONS)),
    check(
      'applications_erased_check',
      sql`erased_at is null or (full_name is null and email is null and phone is null and reason is null and decline_reason is null and tier_override_reason is null and erasure_reason is not null)`,
    ),
    check('applications_declined_check', sql`(stage = 'declined') = (declined_at is not null)`),
    // The retention job's scans: declined by date, and the erased tombstones kept out of lists.
    index('applications_declined_at_idx')
      .on(t.declinedAt)
      .where(sql`erased_at is null`),
    check('applications_source_check', inList('source', APPLICATION_SOURCES)),
    check('applications_stage_check', inList('stage', STAGES)),
    check('applications_tier_assigned_check', inList('tier_assigned', TIERS)),
    check('applications_tier_accepted_check', inList('tier_accepted', TIERS)),
    // The lists' order (newest first, id breaking ties) ends every listing index, so a page is
    // read from the index alone and an OFFSET skips index entries, not rows.
    index('applications_stage_created_idx').on(t.stage, t.createdAt, t.id),
    // The queues (Offers, Activations) are a stage, oldest in it first.
    index('applications_stage_changed_idx').on(t.stage, t.stageChangedAt),
    // admin-report: decisions by when they were made, with each application's start, read from
    // the index alone (the activation row goes with an erasure; stage_changed_at stays).
    index('applications_decided_idx')
      .on(t.stage, t.stageChangedAt, t.createdAt)
      .where(sql`stage in ('activated', 'declined')`),
    index('applications_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`erased_at is null`),
    // The staff list's screening filters, each a range of an index in list order (decision 063).
    index('applications_check_status_idx')
      .on(t.checkStatus, t.createdAt, t.id)
      .where(sql`erased_at is null`),
    index('applications_check_decision_idx')
      .on(t.checkDecision, t.createdAt, t.id)
      .where(sql`erased_at is null`),
    index('applications_check_sanctions_idx')
      .on(t.checkSanctions, t.createdAt, t.id)
      .where(sql`erased_at is null`),
    index('applications_pep_idx')
      .on(t.createdAt, t.id)
      .where(sql`erased_at is null and (declared_pep or check_pep or screen_pep)`),
    // Our own screening's flags beside the provider's (decision 077): the rare 'yes' and the
    // 'not screened' filters each read a small partial index in list order.
    index('applications_sanctions_any_idx')
      .on(t.createdAt, t.id)
      .where(sql`erased_at is null and (check_sanctions or screen_sanctions)`),
    index('applications_unscreened_idx')
      .on(t.createdAt, t.id)
      .where(sql`erased_at is null and check_sanctions is null and screen_sanctions is null`),
    // The re-screening job's queue: least recently screened first (never screened leads).
    index('applications_screened_at_idx')
      .on(t.screenedAt.asc().nullsFirst())
      .where(sql`erased_at is null and stage <> 'declined'`),
    index('applications_email_lower_idx').on(sql`lower(${t.email})`),
    // One person's proved address leads to one application, never two.
    uniqueIndex('applications_verified_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`email_verified_at is not null`),
    check('applications_email_verified_check', sql`email_verified_at is null or email is not null`),
  ],
);

/** The detailed record collected on the details screen (`apply-details`). */
export const applicationDetails = pgTable(
  'application_details',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Whole pounds a year. */
    annualIncome: bigint('annual_income', { mode: 'number' }).notNull(),
    employmentStatus: text('employment_status', { enum: EMPLOYMENT_STATUSES }).notNull(),
    pepExposed: boolean('pep_exposed').notNull(),
    cardTierPref: text('card_tier_pref', { enum: TIERS }).notNull().default('standard'),
    /** 'YYYY-MM-DD'; null only on details given before it was asked (CONTRACT §8). */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The UK residential address, where a card is posted; the postcode in Royal Mail format. */
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressTown: text('address_town'),
    addressPostcode: text('address_postcode'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('application_details_annual_income_check', sql`annual_income >= 0`),
    // Self-declared PEPs are few: the staff list's 'PEP Yes' / 'PEP No' read them from here
    // (an index-only scan) rather than walking every applicant's details.
    index('application_details_pep_idx')
      .on(t.applicationId)
      .where(sql`pep_exposed`),
    check(
      'application_details_employment_status_check',
      inList('employment_status', EMPLOYMENT_STATUSES),
    ),
    check('application_details_card_tier_pref_check', inList('card_tier_pref', TIERS)),
  ],
);

/** Applicant sessions: only a hash of the 256-bit token is kept. */
export const applicantSessions = pgTable(
  'applicant_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('applicant_sessions_token_hash_idx').on(t.tokenHash),
    index('applicant_sessions_application_idx').on(t.applicationId),
  ],
);

/** Magic links: signed, expiring, and usable once (the signature hash is the key). */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    signatureHash: text('signature_hash').notNull(),
    /**
     * Hash of the address the link was sent to (emailHash()): using the link proves that
     * address only while it is still the application's. Null on links issued before links were
     * bound to an address; migration 0005 retired those.
     */
    emailHash: text('email_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer link for the application replaced this one unused. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The mail that carries the link, until its body no longer holds it: once the link is
     * used, expired or replaced, the sent mail's copy is scrubbed and this is cleared.
     */
    emailId: uuid('email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('magic_links_signature_hash_idx').on(t.signatureHash),
    index('magic_links_application_idx').on(t.applicationId),
    index('magic_links_email_idx').on(t.emailId),
  ],
);

/** Invitation codes: stored upper-case; unique whatever the case the applicant types. */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    /** E-mail the code was issued to, if any. */
    issuedTo: text('issued_to'),
    /** The application the code was issued for (inviting a basic applicant binds it). */
    issuedApplicationId: uuid('issued_application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    usedByApplicationId: uuid('used_by_application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invite_codes_code_upper_idx').on(sql`upper(${t.code})`),
    index('invite_codes_issued_at_idx').on(t.issuedAt),
    index('invite_codes_issued_application_idx').on(t.issuedApplicationId),
    // The staff applicant list shows each application's redeemed code.
    index('invite_codes_used_by_application_idx').on(t.usedByApplicationId),
  ],
);

const inboxColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
  email: text('email').notNull(),
  /** The e-mail as staff search it (decision 062, like applications.search_email). */
  searchEmail: text('search_email').generatedAlwaysAs(sql`search_text(email)`),
  status: text('status', { enum: INBOX_STATUSES }).notNull().default('new'),
  updatedAt: updatedAt(),
};

/** Expressions of interest: one per public application (`apply-basic`). */
export const eoiRequests = pgTable(
  'eoi_requests',
  {
    ...inboxColumns,
    fullName: text('full_name').notNull(),
    searchName: text('search_name').generatedAlwaysAs(sql`search_text(full_name)`),
    phone: text('phone'),
    reason: text('reason'),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('eoi_requests_status_check', inList('status', INBOX_STATUSES)),
    index('eoi_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('eoi_requests_created_idx').on(t.createdAt, t.id),
    // Searched as the applicant list is: case and accents ignored (search_text, migration 0010).
    index('eoi_requests_name_search_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('eoi_requests_email_search_idx').using('gin', sql`${t.searchEmail} gin_trgm_ops`),
    index('eoi_requests_email_exact_idx').on(t.searchEmail),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    ...inboxColumns,
    name: text('name').notNull(),
    searchName: text('search_name').generatedAlwaysAs(sql`search_text(name)`),
    message: text('message').notNull(),
  },
  (t) => [
    check('contact_messages_status_check', inList('status', INBOX_STATUSES)),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt, t.id),
    index('contact_messages_created_idx').on(t.createdAt, t.id),
    index('contact_messages_name_search_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('contact_messages_email_search_idx').using('gin', sql`${t.searchEmail} gin_trgm_ops`),
    index('contact_messages_email_exact_idx').on(t.searchEmail),
  ],
);

/**
 * Exact row counts of the big staff lists, kept by statement triggers (migration 0014,
 * decision 040), so a list's total is a read of a few rows, not a count of a million. Each
 * statement that changes a counted table adds its net change as a row (no row is updated, so
 * concurrent writers never wait on a counter); `compact_row_counts()` folds them together.
 * A total is `sum(n)` over the keys asked for. Counters: 'applications' (k1 stage, k2
 * assignee; not erased), 'applications_by_day' (k1 stage, k2 the UTC day created; not
 * erased; migration 0021) and 'applications_by_day_all' (the same over every stage, k2 the day;
 * migration 0026), 'kyc_files' (k1 status, k2 the applicant's assignee; files on the
 * staff lists, by `kyc_file_list_key()`), 'eoi_requests' and 'contact_messages' (k1 status),
 * 'eoi_requests_by_day' and 'contact_messages_by_day' (k1 the UTC day created; migration
 * 0024), 'audit_log' (k1 action, k2 the staff member, '' for others).
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    counter: text('counter').notNull(),
    k1: text('k1').notNull().default(''),
    k2: text('k2').notNull().default(''),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('row_counts_key_idx').on(t.counter, t.k1, t.k2)],
);

/** Public site settings (maintenance_mode, invite_mode, press_boilerplate). Never secrets. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Server-only values generated at first start: the staff passphrase's slow hash. Never a key
 * that could sign anything (the magic-link key lives in SESSION_SECRET or under DATA_DIR).
 */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Card artwork uploaded by staff; /cards shows the newest per tier. */
export const cardAssets = pgTable(
  'card_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tier: text('tier', { enum: TIERS }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    contentType: text('content_type').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('card_assets_tier_check', inList('tier', TIERS)),
    index('card_assets_tier_uploaded_idx').on(t.tier, t.uploadedAt),
  ],
);

/** Identity documents and selfies (builtin provider), kept in private storage. */
export const kycFiles = pgTable(
  'kyc_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    type: text('type', { enum: KYC_FILE_TYPES }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: KYC_FILE_STATUSES }).notNull().default('pending'),
    /** Staff's internal notes: never shown to the applicant. */
    staffNotes: text('staff_notes'),
    /** What the applicant is told when a file is rejected. */
    rejectionReason: text('rejection_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A copy of the application's `assigned_to`, kept by triggers (migration 0025, decision
     * 070): the KYC queue's 'Assigned to me' walks its own index in upload order.
     */
    assignedTo: uuid('assigned_to'),
  },
  (t) => [
    check('kyc_files_type_check', inList('type', KYC_FILE_TYPES)),
    check('kyc_files_status_check', inList('status', KYC_FILE_STATUSES)),
    index('kyc_files_status_uploaded_idx').on(t.status, t.uploadedAt),
    index('kyc_files_application_idx').on(t.applicationId, t.type, t.uploadedAt),
    index('kyc_files_assigned_idx')
      .on(t.assignedTo, t.uploadedAt, t.id)
      .where(sql`${t.assignedTo} is not null`),
  ],
);

/** One identity check per provider session (builtin review or a Veriff session). */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: KYC_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull().default('created'),
    decision: text('decision', { enum: IDENTITY_DECISIONS }),
    pep: boolean('pep'),
    sanctions: boolean('sanctions'),
    /** A sanctions match cleared by compliance as a false positive, with the written reason. */
    sanctionsClearedAt: timestamp('sanctions_cleared_at', { withTimezone: true }),
    sanctionsClearedBy: uuid('sanctions_cleared_by'),
    sanctionsClearReason: text('sanctions_clear_reason'),
    /**
     * The watchlist screening's last word: 'possible_match' needs staff review (never clear),
     * with the kinds the hits list (Veriff's keys: pep, sanctions, adverseMedia, …).
     */
    watchlistMatch: text('watchlist_match', { enum: WATCHLIST_MATCHES }),
    watchlistKinds: text('watchlist_kinds').array(),
    /**
     * Staff approved the identity after Veriff declined it, with the written reason (staff's
     * words about a person: kept here, erased with the row, never in the audit payload).
     */
    staffApprovedAt: timestamp('staff_approved_at', { withTimezone: true }),
    staffApprovedBy: uuid('staff_approved_by'),
    staffApproveReason: text('staff_approve_reason'),
    country: text('country'),
    lastEvent: text('last_event'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    rawPayload: jsonb('raw_payload'),
    /**
     * True on the application's newest check only. A trigger (migration 0002) clears it on the
     * older ones when a check is inserted, so "the newest check" is one indexed row, not a
     * per-row subquery: the staff list filters on it at a million applications.
     */
    isCurrent: boolean('is_current').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('identity_checks_status_check', inList('status', IDENTITY_STATUSES)),
    check('identity_checks_provider_check', inList('provider', KYC_PROVIDERS)),
    check('identity_checks_decision_check', inList('decision', IDENTITY_DECISIONS)),
    check(
      'identity_checks_sanctions_clearance_check',
      sql`(sanctions_cleared_at is null) = (sanctions_clear_reason is null)`,
    ),
    check('identity_checks_watchlist_match_check', inList('watchlist_match', WATCHLIST_MATCHES)),
    check(
      'identity_checks_staff_approval_check',
      sql`(staff_approved_at is null) = (staff_approve_reason is null)`,
    ),
    uniqueIndex('identity_checks_provider_session_idx').on(t.provider, t.providerSessionId),
    index('identity_checks_application_idx').on(t.applicationId, t.createdAt),
    index('identity_checks_status_idx').on(t.status),
    index('identity_checks_decision_idx').on(t.decision),
    uniqueIndex('identity_checks_current_idx')
      .on(t.applicationId)
      .where(sql`is_current`),
    // The staff list's totals under check filters: an index-only count of current checks.
    index('identity_checks_current_filters_idx')
      .on(t.status, t.decision, t.pep, t.sanctions)
      .where(sql`is_current`),
    // PEP and sanctions hits are rare: these keep the 'yes' filters from walking every row.
    index('identity_checks_current_pep_idx')
      .on(t.applicationId)
      .where(sql`is_current and pep`),
    index('identity_checks_current_sanctions_idx')
      .on(t.applicationId)
      .where(sql`is_current and sanctions`),
  ],
);

/** Webhook deliveries already applied, so provider retries change nothing twice. */
export const identityCheckEvents = pgTable('identity_check_events', {
  dedupeKey: text('dedupe_key').primaryKey(),
  identityCheckId: uuid('identity_check_id').references(() => identityChecks.id, {
    onDelete: 'cascade',
  }),
  kind: text('kind').notNull(),
  /** Cleared after 90 days (retention 'provider_payloads'); the dedupe key stays. */
  payload: jsonb('payload'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const OFFER_APPROVAL_STATUSES = ['not_required', 'pending_approval', 'approved'] as const;

/** Tier offers and, once accepted, the signature evidence. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: TIERS }).notNull(),
    /** Set after the applicant chose a lower tier. */
    downgradedFrom: text('downgraded_from', { enum: TIERS }),
    pricingNote: text('pricing_note'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: text('issued_by').notNull(),
    /**
     * Four eyes (CONTRACT §5): an offer to a politically exposed person waits as
     * 'pending_approval' until an owner other than the issuer approves it.
     */
    approvalStatus: text('approval_status', { enum: OFFER_APPROVAL_STATUSES })
      .notNull()
      .default('not_required'),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    esignName: text('esign_name'),
    esignIp: text('esign_ip'),
    esignUserAgent: text('esign_user_agent'),
    /** SHA-256 of the offer terms exactly as shown when signing. */
    termsHash: text('terms_hash'),
  },
  (t) => [
    check('offers_tier_check', inList('tier', TIERS)),
    check('offers_approval_status_check', inList('approval_status', OFFER_APPROVAL_STATUSES)),
    check(
      'offers_approval_check',
      sql`(approval_status = 'approved') = (approved_by is not null and approved_at is not null)`,
    ),
    check('offers_downgraded_from_check', inList('downgraded_from', TIERS)),
    // An accepted offer carries its signature: the typed name and the terms it was signed on
    // (accepted_at is the time of signing).
    check(
      'offers_signature_check',
      sql`accepted_at is null or (esign_name is not null and esign_name <> '' and terms_hash is not null)`,
    ),
    index('offers_application_idx').on(t.applicationId, t.issuedAt),
    // The approvals queue's PEP offers: a handful among every offer ever issued.
    index('offers_pending_approval_idx')
      .on(t.issuedAt)
      .where(sql`approval_status = 'pending_approval'`),
  ],
);

export const activations = pgTable(
  'activations',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    cardLast4: text('card_last4'),
    mobileAccessEnabled: boolean('mobile_access_enabled').notNull().default(true),
    cardShipmentTracking: text('card_shipment_tracking'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedBy: text('activated_by').notNull(),
  },
  () => [check('activations_card_last4_check', sql`card_last4 ~ '^[0-9]{4}$'`)],
);

export const legalDocuments = pgTable(
  'legal_documents',
  {
    slug: text('slug', { enum: LEGAL_SLUGS }).primaryKey(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    updatedAt: updatedAt(),
  },
  () => [check('legal_documents_slug_check', inList('slug', LEGAL_SLUGS))],
);

/** Staff sessions from `admin-auth`: the token itself is never stored. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    /** Null only on tokens from before named accounts, all revoked by migration 0007. */
    memberId: uuid('member_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last call made with the token: it ends after 30 minutes idle (besides the cap). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('staff_tokens_token_hash_idx').on(t.tokenHash),
    index('staff_tokens_member_idx').on(t.memberId, t.expiresAt),
  ],
);

/** Named staff members (CONTRACT §5). E-mails are stored lower-cased. */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('invited'),
    /** Set when the member joins; null while invited. */
    passphraseHash: text('passphrase_hash'),
    /** The TOTP secret, AES-256-GCM encrypted (auth/mfa-key.ts); null until enrolled. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    invitedBy: uuid('invited_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_members_email_idx').on(sql`lower(${t.email})`),
    check('staff_members_role_check', inList('role', STAFF_ROLES)),
    check('staff_members_status_check', inList('status', STAFF_STATUSES)),
    check('staff_members_email_lower_check', sql`email = lower(email)`),
    check('staff_members_mfa_check', sql`(mfa_enabled_at is null) = (totp_secret is null)`),
    check('staff_members_active_check', sql`status <> 'active' or passphrase_hash is not null`),
  ],
);

/** Ten single-use recovery codes per enrolment, hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_member_code_idx').on(t.memberId, t.codeHash)],
);

export const STAFF_CHALLENGE_PURPOSES = ['verify', 'enroll'] as const;

/** The step between passphrase and second factor: 5 minutes, used once. */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: STAFF_CHALLENGE_PURPOSES }).notNull(),
    /** For enrolment: the new TOTP secret, encrypted, until a code confirms it. */
    pendingSecret: text('pending_secret'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('staff_challenges_token_hash_idx').on(t.tokenHash),
    index('staff_challenges_expires_idx').on(t.expiresAt),
    check('staff_challenges_purpose_check', inList('purpose', STAFF_CHALLENGE_PURPOSES)),
  ],
);

/** Single-use links to /admin/join, 48 hours. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_invitations_token_hash_idx').on(t.tokenHash)],
);

/**
 * Staff sign-in attempts per IP across every instance (auth/staff-throttle.ts): reserved before
 * the passphrase is checked, kept as failures when it was wrong, deleted when it was right.
 */
export const staffAuthFailures = pgTable(
  'staff_auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** The e-mail typed (lower-cased), known or not: the per-account limit counts it. */
    account: text('account'),
    /** When the attempt was found wrong; while `pending`, when it was reserved. */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The passphrase is still being checked. */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [
    index('staff_auth_failures_ip_at_idx').on(t.ip, t.at),
    index('staff_auth_failures_account_at_idx').on(t.account, t.at),
  ],
);

/**
 * Append-only audit trail: who did what to which record, with before/after. A trigger in the
 * migration refuses UPDATE and DELETE, so not even a bug can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    actorId: text('actor_id'),
    /** For staff: the member's e-mail and role when they acted (null on rows before 0007). */
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The application the change concerns, for the applicant timeline. */
    applicationId: uuid('application_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    check('audit_log_actor_type_check', inList('actor_type', ACTOR_TYPES)),
    index('audit_log_application_at_idx').on(t.applicationId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    // The staff panel's whole-log view, newest first.
    index('audit_log_at_idx').on(t.at, t.id),
    // The audit view's filters, newest first: by member, by action.
    index('audit_log_staff_at_idx')
      .on(t.actorId, t.at, t.id)
      .where(sql`actor_type = 'staff'`),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
  ],
);

/** Durable e-mail outbox: queued in the same transaction as the change that causes it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    /** What kind of mail this is, for logs and tests (never the content). */
    template: text('template').notNull(),
    /** 1 for mail someone is waiting for (mail/priority.ts): sent before the rest. */
    priority: smallint('priority').notNull().default(0),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds a row until this time; a crashed worker's claim simply lapses. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the last retry failed and the mail was set aside for staff (status `failed`). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The applicant the mail is about, so export and erasure can find every mail sent them. */
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    /** Set when the body was cleared after 30 days (retention 'mail_bodies'); the row stays. */
    bodyErasedAt: timestamp('body_erased_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_application_idx').on(t.applicationId),
    index('email_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`body_erased_at is null`),
    check('email_outbox_status_check', inList('status', MAIL_STATUSES)),
    // The worker's order: urgent mail first, then by when it is due.
    index('email_outbox_due_idx').on(t.status, t.priority.desc(), t.nextAttemptAt),
    // The failed list and its count: rare rows, newest first.
    index('email_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`status = 'failed'`),
  ],
);

export const ERASURE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Erasure on request (CONTRACT §6): asked by one member, carried out when another approves. */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    status: text('status', { enum: ERASURE_REQUEST_STATUSES }).notNull().default('pending'),
    /** Staff's reason for the request (the member's own words, kept as the tombstone's why). */
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffMembers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid('approved_by').references(() => staffMembers.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** A second member turned the request down (admin-approval-decide). */
    rejectedBy: uuid('rejected_by').references(() => staffMembers.id),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    check('erasure_requests_status_check', inList('status', ERASURE_REQUEST_STATUSES)),
    check(
      'erasure_requests_approval_check',
      sql`(status = 'approved') = (approved_by is not null and approved_at is not null)`,
    ),
    // Four eyes in the table itself: the approver is never the requester.
    check(
      'erasure_requests_four_eyes_check',
      sql`approved_by is null or approved_by <> requested_by`,
    ),
    uniqueIndex('erasure_requests_pending_idx')
      .on(t.applicationId)
      .where(sql`status = 'pending'`),
  ],
);

export const DECLINE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * A decline asked by one member and carried out when another approves (CONTRACT §9). Until
 * then the stage does not move. The reason is staff's words: erased with the applicant.
 */
export const declineRequests = pgTable(
  'decline_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DECLINE_REQUEST_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffMembers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('decline_requests_status_check', inList('status', DECLINE_REQUEST_STATUSES)),
    check(
      'decline_requests_decided_check',
      sql`(status = 'pending') = (decided_by is null and decided_at is null)`,
    ),
    check(
      'decline_requests_four_eyes_check',
      sql`decided_by is null or decided_by <> requested_by`,
    ),
    uniqueIndex('decline_requests_pending_idx')
      .on(t.applicationId)
      .where(sql`status = 'pending'`),
    index('decline_requests_queue_idx').on(t.status, t.requestedAt),
  ],
);

export const ESCALATION_STATUSES = ['open', 'closed'] as const;
export const ESCALATION_DECISIONS = ['no_report', 'reported'] as const;

/**
 * A case escalated to the nominated officer (CONTRACT §9): held (no offer, no activation) while
 * open. Never shown to the applicant or in their export (tipping-off, POCA 2002 s.333A).
 */
export const caseEscalations = pgTable(
  'case_escalations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ESCALATION_STATUSES }).notNull().default('open'),
    reason: text('reason').notNull(),
    escalatedBy: uuid('escalated_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }).notNull().defaultNow(),
    decision: text('decision', { enum: ESCALATION_DECISIONS }),
    reference: text('reference'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => staffMembers.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('case_escalations_status_check', inList('status', ESCALATION_STATUSES)),
    check('case_escalations_decision_check', inList('decision', ESCALATION_DECISIONS)),
    check(
      'case_escalations_closed_check',
      sql`(status = 'closed') = (decision is not null and decided_at is not null and decision_reason is not null)`,
    ),
    check(
      'case_escalations_reference_check',
      sql`decision is distinct from 'reported' or (reference is not null and reference <> '')`,
    ),
    uniqueIndex('case_escalations_open_idx')
      .on(t.applicationId)
      .where(sql`status = 'open'`),
    index('case_escalations_queue_idx').on(t.status, t.escalatedAt),
  ],
);

export const JOB_RUN_STATUSES = ['running', 'ok', 'failed'] as const;

/** Each run of a scheduled job and what it did (counts only, never whose records). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [
    check('job_runs_status_check', inList('status', JOB_RUN_STATUSES)),
    index('job_runs_job_started_idx').on(t.job, t.startedAt),
  ],
);

/**
 * Stored files whose records are already gone: written in the transaction that erases the
 * records, removed once the file is deleted from disk or S3. A crash between the two leaves the
 * key here, and the next run deletes the file.
 */
export const fileDeletions = pgTable('file_deletions', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Each load of a sanctions or PEP list (CONTRACT §8): a versioned snapshot. Exactly one version
 * of each list is current; a file that fails to parse never gets a row.
 */
export const screeningListVersions = pgTable(
  'screening_list_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    list: text('list', { enum: SCREENING_LISTS }).notNull(),
    version: integer('version').notNull(),
    /** A file name or a SCREENING_SOURCES address (never a person's data). */
    source: text('source').notNull(),
    /** Of the files loaded: the same bytes again make no new version. */
    sha256: text('sha256').notNull(),
    entries: integer('entries').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    loadedBy: uuid('loaded_by'),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('screening_list_versions_list_check', inList('list', SCREENING_LISTS)),
    uniqueIndex('screening_list_versions_version_idx').on(t.list, t.version),
    uniqueIndex('screening_list_versions_current_idx')
      .on(t.list)
      .where(sql`is_current`),
  ],
);

/** The people of one list version, every name and alias with them. Public list data. */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => screeningListVersions.id, { onDelete: 'cascade' }),
    entryId: text('entry_id').notNull(),
    kind: text('kind', { enum: SCREENING_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Every name and alias, the primary name first. */
    names: jsonb('names').$type<string[]>().notNull(),
    /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
    datesOfBirth: jsonb('dates_of_birth').$type<string[]>().notNull().default([]),
    /** ISO 3166 alpha-2 codes where the list's words could be read, else as listed. */
    nationalities: jsonb('nationalities').$type<string[]>().notNull().default([]),
    programmes: jsonb('programmes').$type<string[]>().notNull().default([]),
  },
  (t) => [
    check('screening_entries_kind_check', inList('kind', SCREENING_KINDS)),
    primaryKey({ columns: [t.versionId, t.entryId] }),
  ],
);

/**
 * A screening result at or above the threshold (CONTRACT §8): the entry as it was listed,
 * copied, so the alert reads the same after the list moves on. One alert per applicant and
 * entry: re-screening the same person against the same entry opens nothing new.
 */
export const screeningAlerts = pgTable(
  'screening_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ALERT_SOURCES }).notNull(),
    list: text('list').notNull(),
    listVersion: integer('list_version'),
    entryId: text('entry_id').notNull(),
    kind: text('kind', { enum: SCREENING_KINDS }).notNull(),
    score: real('score'),
    matchedName: text('matched_name'),
    entry: jsonb('entry')
      .$type<{
        name: string;
        names: string[];
        dates_of_birth: string[];
        nationalities: string[];
        programmes: string[];
      }>()
      .notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('open'),
    /** Staff's words about a person: kept here, erased with the row, never in the audit. */
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmReason: text('confirm_reason'),
    clearRequestedBy: uuid('clear_requested_by'),
    clearRequestedAt: timestamp('clear_requested_at', { withTimezone: true }),
    clearReason: text('clear_reason'),
    clearedBy: uuid('cleared_by'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('screening_alerts_status_check', inList('status', ALERT_STATUSES)),
    check('screening_alerts_source_check', inList('source', ALERT_SOURCES)),
    check('screening_alerts_kind_check', inList('kind', SCREENING_KINDS)),
    check(
      'screening_alerts_confirmed_check',
      sql`(status = 'confirmed') = (confirmed_at is not null and confirm_reason is not null)`,
    ),
    check(
      'screening_alerts_clear_check',
      sql`(status in ('clear_requested', 'cleared')) = (clear_requested_at is not null and clear_reason is not null)`,
    ),
    uniqueIndex('screening_alerts_entry_idx').on(t.applicationId, t.list, t.entryId),
    // The alerts queue: a status, oldest first.
    index('screening_alerts_queue_idx').on(t.status, t.createdAt, t.id),
  ],
);

/**
 * Staff's notes on a case (CONTRACT §9): append-only (a trigger refuses an edit, migration
 * 0028), erased with the applicant. The text is staff's words about a person: never in the audit.
 */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('case_notes_application_idx').on(t.applicationId, t.createdAt)],
);

export const schema = {
  applications,
  applicationDetails,
  applicantSessions,
  magicLinks,
  inviteCodes,
  eoiRequests,
  contactMessages,
  siteSettings,
  serverSecrets,
  cardAssets,
  kycFiles,
  identityChecks,
  identityCheckEvents,
  offers,
  activations,
  legalDocuments,
  staffTokens,
  staffMembers,
  staffRecoveryCodes,
  staffChallenges,
  staffInvitations,
  staffAuthFailures,
  auditLog,
  emailOutbox,
  erasureRequests,
  declineRequests,
  caseEscalations,
  jobRuns,
  fileDeletions,
  screeningListVersions,
  screeningEntries,
  screeningAlerts,
  caseNotes,
};
