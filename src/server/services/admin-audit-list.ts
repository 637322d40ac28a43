import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LEGACY_STAFF_LABEL } from '#shared/staff.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import type { AuditMember, AuditRow } from '#shared/schemas/audit.ts';
import type { ApplicationCase } from '#shared/schemas/data-protection.ts';
import { parseCalendarDay, ukDayEnd, ukDayStart } from '#shared/uk-time.ts';
import type { Db } from '../db/client.ts';
import { builtOnce, idsPlaceholder, prepared, rowsByIds } from '../db/prepared.ts';
import { auditLog, staffMembers } from '../db/schema.ts';
import {
  cappedCountAndPageQuery,
  cappedOf,
  COUNTED_COLUMNS,
  countedCte,
  countedTotal,
  nearerEndIds,
  NOT_COUNTED,
  pageFromNearerEnd,
  totalOfCountedPage,
  type CountedCte,
} from '../lib/row-counts.ts';
import { applicationCase } from './admin-data-protection.ts';

/** The whole log's filters (admin-audit-list without basic_id, admin-audit-export). */
export interface AuditFilters {
  member?: string | undefined;
  action?: string | undefined;
  /** UK calendar days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditListInput extends AuditFilters {
  basic_id?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * The rows the filters keep. Dates are UK days (Europe/London): the day's bounds are worked
 * out here as instants, so the comparison is on `at` itself and audit_log_at_idx serves it.
 */
export function auditWhere(input: AuditFilters & { basic_id?: string | undefined }) {
  return auditConditions(auditValues(input));
}

/** The filters' values as the statements take them: the dates as the instants they bound. */
function auditValues(input: AuditFilters & { basic_id?: string | undefined }) {
  const from = input.from ? parseCalendarDay(input.from) : null;
  const to = input.to ? parseCalendarDay(input.to) : null;
  return {
    basic: input.basic_id,
    member: input.member,
    action: input.action,
    from: from ? ukDayStart(from).toISOString() : undefined,
    to: to ? ukDayEnd(to).toISOString() : undefined,
  };
}

type AuditValues = ReturnType<typeof auditValues>;

/**
 * The conditions for the filters given, with their values, or (`placeholders`) with a
 * placeholder of the same name for each, for a statement built once per shape.
 */
function auditConditions(values: AuditValues, placeholders = false): SQL | undefined {
  const bind = <K extends keyof AuditValues>(key: K) =>
    placeholders ? sql.placeholder(key) : values[key]!;
  const conditions: SQL[] = [];
  if (values.basic) conditions.push(eq(auditLog.applicationId, bind('basic')));
  if (values.member) {
    conditions.push(eq(auditLog.actorType, 'staff'), eq(auditLog.actorId, bind('member')));
  }
  if (values.action) conditions.push(eq(auditLog.action, bind('action')));
  if (values.from) conditions.push(sql`${auditLog.at} >= ${bind('from')}::timestamptz`);
  if (values.to) conditions.push(sql`${auditLog.at} < ${bind('to')}::timestamptz`);
  return conditions.length ? and(...conditions) : undefined;
}

/** Staff rows name their member (joined by id; legacy rows hold a token id and match none). */
const memberJoin = and(
  eq(auditLog.actorType, 'staff'),
  sql`${auditLog.actorEmail} is not null`,
  eq(sql`${staffMembers.id}::text`, auditLog.actorId),
);

/** The columns an audit row is read with: the row and its member's name. */
/** Rows of one transaction share its start time; the id keeps them in write order. */
const newestFirst = [desc(auditLog.at), desc(auditLog.id)];

/** With `counted` (countedCte), every row also carries the list's total. */
export function auditRowsQuery(db: Db, counted?: CountedCte) {
  return (counted ? db.with(counted) : db)
    .select({
      row: auditLog,
      memberName: staffMembers.name,
      ...(counted ? COUNTED_COLUMNS : NOT_COUNTED),
    })
    .from(auditLog)
    .leftJoin(staffMembers, memberJoin);
}

export function toAuditRow({
  row,
  memberName,
}: {
  row: typeof auditLog.$inferSelect;
  memberName: string | null;
}): AuditRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_type: row.actorType,
    actor_id: row.actorId,
    actor_name:
      row.actorType !== 'staff'
        ? null
        : row.actorEmail === null
          ? LEGACY_STAFF_LABEL
          : (memberName ?? row.actorEmail),
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    application_id: row.applicationId,
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}

/** Every staff member by name (disabled ones too: the rows they wrote stay in the log). */
export function auditMembers(db: Db): Promise<AuditMember[]> {
  return prepared(db, 'audit_members', (db) =>
    db
      .select({ id: staffMembers.id, name: staffMembers.name, role: staffMembers.role })
      .from(staffMembers)
      .orderBy(asc(staffMembers.name), asc(staffMembers.id))
      .prepare('audit_members'),
  ).execute();
}

/**
 * `admin-audit-list`: the audit trail newest first, one page, with its total; `basic_id`
 * narrows it to one applicant's timeline (audit_log_application_at_idx), and member, action
 * and UK dates narrow the whole log. Read only: no call edits or deletes audit rows, and the
 * database refuses it anyway (migration 0001).
 */
export async function adminAuditList(options: { db: Db; input: AuditListInput }): Promise<
  ListTotal & {
    data: AuditRow[];
    case?: ApplicationCase | null;
    members?: AuditMember[];
  }
> {
  const { db, input } = options;
  const where = auditWhere(input);
  const offset = (input.page - 1) * input.pageSize;
  // The page's ids first, from the index alone however deep the page (migration 0018), then
  // those rows: an OFFSET over whole rows read every skipped row from the table.
  const walk = (exactTotal?: number) => {
    const page = pageFromNearerEnd([auditLog.at, auditLog.id], exactTotal, offset, input.pageSize);
    return db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset);
  };
  // One statement for every page's rows, prepared (db/prepared.ts).
  const rowsOf = (ids: (string | number)[] | PromiseLike<{ id: number }[]>) =>
    rowsByIds(
      prepared(db, 'audit_list_rows', (db) =>
        auditRowsQuery(db)
          .where(idsPlaceholder(auditLog.id, 'bigint'))
          .orderBy(...newestFirst)
          .prepare('audit_list_rows'),
      ),
      ids,
    );
  if (!input.basic_id && !input.from && !input.to && !(input.member && input.action)) {
    const [members, rows] = await Promise.all([auditMembers(db), countedPage(db, input, offset)]);
    return {
      members,
      data: rows.map(toAuditRow),
      total: await totalOfCountedPage(db, rows, () => countedAuditTotal(db, input)),
    };
  }
  const pageAndTotal = async (): Promise<
    { rows: Awaited<ReturnType<typeof rowsOf>> } & ListTotal
  > => {
    if (input.basic_id || input.from || input.to) {
      // Dates and one applicant's timeline are counted up to COUNT_CAP: the count and the
      // page's ids come from one statement (cappedCountAndPage), built once for the filters
      // given and planned for their values (which index serves depends on them), then their
      // rows.
      const values = auditValues(input);
      const shape = (['basic', 'member', 'action', 'from', 'to'] as const)
        .filter((key) => values[key] !== undefined)
        .join('_');
      const found = await cappedOf(
        builtOnce(db, `audit_list_capped_${shape}`, (db) => {
          const filter = auditConditions(values, true);
          return cappedCountAndPageQuery(
            db,
            db.select({ id: auditLog.id, at: auditLog.at }).from(auditLog).where(filter),
            sql.raw('at desc, id desc'),
            db
              .select({ id: auditLog.id })
              .from(auditLog)
              .where(filter)
              .orderBy(...newestFirst)
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset')),
          ).prepare('');
        }).execute({ ...values, limit: input.pageSize, offset }),
      );
      return { rows: await rowsOf(found.ids), ...found.total };
    }
    // Member and action together: exact from the counter. A later page reads its total first,
    // to walk from the nearer end (past the end, a read of no rows).
    if (offset === 0) {
      const [rows, total] = await Promise.all([rowsOf(walk()), countedAuditTotal(db, input)]);
      return { rows, total };
    }
    const total = await countedAuditTotal(db, input);
    return { rows: await rowsOf(walk(total)), total };
  };
  const [found, members, { rows, ...total }] = await Promise.all([
    input.basic_id ? applicationCase(db, input.basic_id) : undefined,
    input.basic_id ? undefined : auditMembers(db),
    pageAndTotal(),
  ]);
  return {
    ...(found === undefined ? {} : { case: found }),
    ...(members === undefined ? {} : { members }),
    data: rows.map(toAuditRow),
    ...total,
  };
}

/** Member and action are the audit counter's keys (migration 0014): exact, one read. */
const countedAuditTotal = (db: Db, input: AuditFilters) =>
  countedTotal(db, 'audit_log', { k1: input.action, k2: input.member });

/**
 * The whole log, one member's part or one action's: the counter's total, the walk that finds
 * the page's ids from the nearer end and their rows, in one prepared statement (one round trip,
 * planned once) per filter. Each filter has an index in log order (migration 0018); the
 * member's is partial, on staff rows, so the statement names 'staff' itself rather than as a
 * value, or a plan made for every value could not use it. Both filters at once are left to
 * the per-call plan: which index serves them depends on the member and the action.
 */
function countedPage(db: Db, input: AuditFilters & { pageSize: number }, offset: number) {
  const member = input.member ? sql.placeholder('member') : undefined;
  const action = input.action ? sql.placeholder('action') : undefined;
  const name = `audit_list_page_${member ? 'member' : action ? 'action' : 'all'}`;
  const filter = and(
    member ? and(sql`${auditLog.actorType} = 'staff'`, eq(auditLog.actorId, member)) : undefined,
    action ? eq(auditLog.action, action) : undefined,
  );
  return prepared(db, name, (db) =>
    auditRowsQuery(db, countedCte(db, 'audit_log', { k1: action, k2: member }))
      .where(
        sql`${auditLog.id} = any(${nearerEndIds((direction) =>
          db
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(filter)
            .orderBy(direction(auditLog.at), direction(auditLog.id)),
        )})`,
      )
      .orderBy(...newestFirst)
      .prepare(name),
  ).execute({ member: input.member, action: input.action, limit: input.pageSize, offset });
}
