import { and, asc, desc, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  ApplicantRow,
  ListTotal,
  SanctionsFilter,
  YesNo,
} from '#shared/schemas/admin-lists.ts';
import type { IdentityDecision, IdentityStatus, Stage } from '#shared/stages.ts';
import type { Db } from '../db/client.ts';
import { idsPlaceholder, prepared, rowsByIds } from '../db/prepared.ts';
import { applicationDetails, applications, identityChecks, inviteCodes } from '../db/schema.ts';
import {
  cappedCountAndPage,
  COUNTED_COLUMNS,
  countedCte,
  countedTotal,
  dayOfOffset,
  type PageStart,
  DEEP_PAGE_ROWS,
  nearerEndIds,
  type Direction,
  NOT_COUNTED,
  pageIsPastEnd,
  totalOfCountedPage,
} from '../lib/row-counts.ts';
import { nameOrEmailMatches, searchSurelyOverCap } from '../lib/staff-search.ts';

/** Erased applicants are tombstones, on no list (CONTRACT §6). */
const notErased = isNull(applications.erasedAt);

export interface ApplicantListInput {
  page: number;
  pageSize: number;
  stage?: Stage | undefined;
  veriff_status?: IdentityStatus | undefined;
  veriff_decision?: IdentityDecision | undefined;
  pep_filter?: YesNo | undefined;
  sanctions_filter?: SanctionsFilter | undefined;
  query?: string | undefined;
}

/** Veriff's back office page for one verification session. */
export const VERIFF_CONSOLE_URL = 'https://station.veriff.com/verifications/';

const currentCheck = and(
  eq(identityChecks.applicationId, applications.id),
  eq(identityChecks.isCurrent, true),
);

/** A phone is searched for once the query holds this many digits (fewer match too much). */
const PHONE_MIN_DIGITS = 6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Digits and what people write between them in a phone number. */
const PHONE_LIKE = /^[\d\s+().-]+$/;

/**
 * What the search box finds: any part of the name or e-mail, ignoring case and accents
 * ('chloe' finds 'Chloé'); an application by its exact id; the application an invitation code
 * was issued for or redeemed by (exact, any case); a phone by its last digits or all of them,
 * whatever spaces or '+' were typed (a query of digits and phone punctuation only). Each side
 * is indexed (search_text() trigram indexes, migration 0010; the phone's reversed digits,
 * 0017; a whole e-mail address, staff-search.ts). The code is looked up once, inside the same
 * statement, so the search stays one OR of indexed conditions that PostgreSQL combines (a
 * BitmapOr), never a per-row subquery, and costs no round trip of its own.
 */
async function searchCondition(db: Db, query: string): Promise<SQL> {
  const conditions: SQL[] = [await nameOrEmailMatches(db, 'applications', applications, query)];
  // Leading zeros (a trunk '0' or an international '00') dropped: '07700 900123' finds a
  // phone stored as '+44 7700 900123' as well as one stored as typed.
  const digits = query.replace(/\D/g, '').replace(/^0+/, '');
  const isId = UUID.test(query);
  // Only what could be typed as a phone: the digits in a name or an e-mail ('Grace 500017',
  // 'member17@…') are no phone number, and a substring search of every phone's digits for
  // them costs more than the rest of the search.
  if (digits.length >= PHONE_MIN_DIGITS && PHONE_LIKE.test(query) && !isId) {
    // Its last digits (or all): applications_phone_suffix_idx, the reversed digits by prefix.
    conditions.push(
      sql`reverse(phone_digits(${applications.phone})) like ${`${[...digits].reverse().join('')}%`}`,
    );
  }
  // The applications a code was redeemed by or issued for: read once by the statement (an
  // InitPlan), before the rows, then looked up by id like an id typed in.
  conditions.push(sql`${applications.id} = any(array(
    select application_id from ${inviteCodes},
      lateral (values (${inviteCodes.usedByApplicationId}), (${inviteCodes.issuedApplicationId}))
        as codes(application_id)
    where upper(${inviteCodes.code}) = upper(${query}) and application_id is not null))`);
  if (isId) conditions.push(eq(applications.id, query.toLowerCase()));
  return or(...conditions)!;
}

/**
 * The screening filters read the application's copies of its current identity check and of its
 * declared PEP (migration 0020, decision 063), each a range of an index in list order.
 *
 * A compliance officer's PEP: the applicant declared it (details screen) or the provider's
 * screening found it. 'no' is neither declared nor found by a screening that ran: an applicant
 * never screened is unknown and matches neither. Written as the PEP index's own predicate.
 */
const pepYes = sql`(${applications.declaredPep} or ${applications.checkPep} or ${applications.screenPep})`;
const pepNo = sql`(not ${applications.declaredPep} and not coalesce(${applications.checkPep}, false)
  and not coalesce(${applications.screenPep}, false)
  and (${applications.checkPep} is not null or ${applications.screenPep} is not null))`;

/**
 * Sanctions 'yes' is a recorded match and 'no' a recorded clear result. A check without a
 * screening result (null), or no check at all, is 'not_screened': a bank must not list an
 * unscreened applicant as "not sanctioned".
 */
function sanctionsIs(filter: SanctionsFilter): SQL {
  const { checkSanctions: check, screenSanctions: own } = applications;
  if (filter === 'yes') return sql`(${check} or ${own})`;
  if (filter === 'not_screened') return sql`(${check} is null and ${own} is null)`;
  return sql`(not coalesce(${check}, false) and not coalesce(${own}, false)
    and (${check} is not null or ${own} is not null))`;
}

/**
 * A flag from the provider's screening and our own (migration 0027): found by either is yes,
 * clear is no once either screening ran, and null (never screened) only when neither did.
 */
const eitherFlag = (provider: SQL | AnyColumn, own: AnyColumn) =>
  sql<boolean | null>`case when ${provider} or ${own} then true
    when coalesce(${provider}, ${own}) is not null then false end`;

// A code the application redeemed, else the newest one issued for it (invited, not yet used).
const inviteCode = sql<string | null>`coalesce(
  (select ${inviteCodes.code} from ${inviteCodes}
    where ${inviteCodes.usedByApplicationId} = ${applications.id}
    order by ${inviteCodes.usedAt} desc nulls last limit 1),
  (select ${inviteCodes.code} from ${inviteCodes}
    where ${inviteCodes.issuedApplicationId} = ${applications.id}
    order by ${inviteCodes.issuedAt} desc limit 1))`;

/**
 * Rows of the list for the ids `ids` selects, prepared as `name` (db/prepared.ts): the ids of a
 * page given as a parameter (the same statement for every page), or walked off the index by a
 * subquery of fixed shape. With `counted` (countedCte), every row also carries the list's total.
 */
const applicantRowsOf = (db: Db, ids: SQL, name: string, counted?: ReturnType<typeof countedCte>) =>
  (counted ? db.with(counted) : db)
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      stage: applications.stage,
      tierAssigned: applications.tierAssigned,
      createdAt: applications.createdAt,
      inviteCode,
      pepDeclared: applicationDetails.pepExposed,
      provider: identityChecks.provider,
      providerSessionId: identityChecks.providerSessionId,
      status: identityChecks.status,
      decision: identityChecks.decision,
      pep: eitherFlag(identityChecks.pep, applications.screenPep),
      sanctions: eitherFlag(identityChecks.sanctions, applications.screenSanctions),
      sanctionsClearedAt: identityChecks.sanctionsClearedAt,
      country: identityChecks.country,
      lastEvent: identityChecks.lastEvent,
      lastEventAt: identityChecks.lastEventAt,
      ...(counted ? COUNTED_COLUMNS : NOT_COUNTED),
    })
    .from(applications)
    .leftJoin(identityChecks, currentCheck)
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .where(ids)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .prepare(name);

/** One page's rows, given their ids. */
const applicantRows = (db: Db) =>
  applicantRowsOf(db, idsPlaceholder(applications.id), 'applicant_list_rows');

/**
 * `admin-applicant-list`: applications newest first, one page, with the total under the same
 * filters. Identity fields come from the application's current (newest) identity check, which
 * a trigger keeps flagged (`is_current`, migration 0002); the filters on it read the
 * application's own copies of it (migration 0020), so every filter is on one table.
 *
 * Short queries (after a search's look-up of an invitation code): the total, the page's ids,
 * and those rows, read by one prepared statement (decision 061). The whole list and a stage have
 * exact totals from the counter (migration 0014); other filters and searches are counted up
 * to COUNT_CAP (decision 040), and that count decides how the ids are found. PostgreSQL plans
 * `ORDER BY … LIMIT` as if matches were spread evenly: for a rare match (a filter combination
 * nobody meets) it would walk the whole table newest first, probing each row. A count under
 * the cap means few matches: they are collected and sorted. Past it, matches are common, and
 * walking newest first meets a page of them soon. A page deep in the whole list or a stage is
 * found by day (decision 064).
 */
export async function adminApplicantList(options: {
  db: Db;
  input: ApplicantListInput;
  /** Tests: how far from both ends a page is found by day (DEEP_PAGE_ROWS). */
  deepPageRows?: number;
}): Promise<{ data: ApplicantRow[] } & ListTotal> {
  const { db, input } = options;

  const conditions: SQL[] = [];
  if (input.stage) conditions.push(eq(applications.stage, input.stage));
  if (input.query) conditions.push(await searchCondition(db, input.query));
  if (input.veriff_status) conditions.push(eq(applications.checkStatus, input.veriff_status));
  if (input.veriff_decision) {
    conditions.push(eq(applications.checkDecision, input.veriff_decision));
  }
  if (input.pep_filter) conditions.push(input.pep_filter === 'yes' ? pepYes : pepNo);
  if (input.sanctions_filter) conditions.push(sanctionsIs(input.sanctions_filter));
  const where = and(notErased, ...conditions);

  const matches = () =>
    db
      .select({ id: applications.id, created_at: applications.createdAt })
      .from(applications)
      .where(where);
  const offset = (input.page - 1) * input.pageSize;
  /** The page's ids, walking the matches newest first (a search or filter past the count's cap). */
  const walked = () =>
    db
      .select({ id: applications.id })
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(input.pageSize)
      .offset(offset);

  /**
   * The page from the day it falls in, walked from the day's nearer end: its newer rows skipped
   * from the day's end, or, for a page wholly within the day's older half, its older rows from
   * the day's start (the rows statement sorts them back). The walk that finds its ids and their
   * rows are one prepared statement per filter shape and direction.
   */
  const pageFromDay = (at: PageStart) => {
    const fromStart = at.skip + input.pageSize <= at.dayRows && at.skip > at.dayRows / 2;
    const name = `applicant_list_from_day_${input.stage ? 'stage' : 'all'}_${fromStart ? 'start' : 'end'}`;
    const stage = input.stage ? sql.placeholder('stage') : undefined;
    return prepared(db, name, (db) => {
      const direction = fromStart ? asc : desc;
      const walk = db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            notErased,
            stage === undefined ? undefined : eq(applications.stage, stage),
            fromStart
              ? sql`${applications.createdAt} >= ${sql.placeholder('from')}::timestamptz`
              : undefined,
            sql`${applications.createdAt} < ${sql.placeholder('before')}::timestamptz`,
          ),
        )
        .orderBy(direction(applications.createdAt), direction(applications.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('skip'));
      return applicantRowsOf(db, sql`${applications.id} = any(array(${walk}))`, name);
    }).execute({
      stage: input.stage,
      from: at.from.toISOString(),
      before: at.before.toISOString(),
      limit: input.pageSize,
      skip: fromStart ? at.dayRows - at.skip - input.pageSize : at.skip,
    });
  };

  const readRows = (ids: string[] | PromiseLike<{ id: string }[]>) =>
    rowsByIds(prepared(db, 'applicant_list_rows', applicantRows), ids);

  /**
   * The whole list or a stage, one page: the list's total from the counter, the walk that finds
   * the page's ids from the nearer end, and their rows, in one prepared statement (one round
   * trip, planned once) per filter shape.
   */
  const countedPage = () => {
    const name = `applicant_list_page_${input.stage ? 'stage' : 'all'}`;
    const stage = input.stage ? sql.placeholder('stage') : undefined;
    const ordered = (direction: Direction) =>
      db
        .select({ id: applications.id })
        .from(applications)
        .where(and(notErased, stage === undefined ? undefined : eq(applications.stage, stage)))
        .orderBy(direction(applications.createdAt), direction(applications.id));
    return prepared(db, name, (db) =>
      applicantRowsOf(
        db,
        sql`${applications.id} = any(${nearerEndIds(ordered)})`,
        name,
        countedCte(db, 'applications', { k1: stage }),
      ),
    ).execute({ stage: input.stage, limit: input.pageSize, offset });
  };
  const countedTotalOf = () => countedTotal(db, 'applications', { k1: input.stage });

  // With no filter or a stage only, the counter has the exact total and an index yields exactly
  // the matches in order: walk it, in the statement that reads the total (a page past the end
  // walks nothing). A page far from both ends of the list is found by day (decision 064): its
  // total is read first, to know.
  const indexOrdered = conditions.length === (input.stage ? 1 : 0);
  let total: ListTotal;
  let rows: Awaited<ReturnType<typeof readRows>>;
  const deep = options.deepPageRows ?? DEEP_PAGE_ROWS;
  if (indexOrdered && offset < deep) {
    rows = await countedPage();
    total = { total: await totalOfCountedPage(db, rows, countedTotalOf) };
  } else if (indexOrdered) {
    total = { total: await countedTotalOf() };
    if (pageIsPastEnd(offset, total)) return { data: [], ...total };
    const at =
      total.total - offset - input.pageSize >= deep
        ? await dayOfOffset(db, input.stage, offset)
        : null;
    rows = await (at ? pageFromDay(at) : countedPage());
  } else {
    // A count under the cap means few matches: the same scan yields the page, collected and
    // sorted. Past it, matches are common, and walking newest first meets a page of them soon.
    // A search alone for a word the statistics show in thousands of names needs no count.
    const overCap =
      input.query !== undefined &&
      conditions.length === 1 &&
      (await searchSurelyOverCap(db, 'applications', input.query));
    const found = await cappedCountAndPage(
      db,
      matches(),
      sql.raw('created_at desc, id desc'),
      { limit: input.pageSize, offset },
      walked(),
      overCap,
    );
    total = found.total;
    if (pageIsPastEnd(offset, total) || found.ids.length === 0) return { data: [], ...total };
    rows = await readRows(found.ids);
  }

  return {
    data: rows.map((row) => ({
      id: row.id,
      full_name: row.fullName,
      email: row.email,
      invite_code: row.inviteCode,
      stage: row.stage,
      veriff_status: row.status,
      veriff_decision: row.decision,
      pep_declared: row.pepDeclared,
      pep: row.pep,
      sanctions: row.sanctions,
      sanctions_cleared: row.sanctions === true && row.sanctionsClearedAt !== null,
      country: row.country,
      last_event: row.lastEvent,
      last_event_at: row.lastEventAt?.toISOString() ?? null,
      tier_assigned: row.tierAssigned,
      created_at: row.createdAt.toISOString(),
      console_url:
        row.provider === 'veriff' && row.providerSessionId
          ? VERIFF_CONSOLE_URL + encodeURIComponent(row.providerSessionId)
          : null,
    })),
    ...total,
  };
}
