import { sql, type SQL } from 'drizzle-orm';
import type { ReportResponse, TReportRequest } from '#shared/schemas/casework.ts';
import {
  SERVICE_LEVEL_QUEUES,
  type ServiceLevelQueue,
  type ServiceLevels,
} from '#shared/service-levels.ts';
import { STAGES, type Stage } from '#shared/stages.ts';
import { parseCalendarDay, ukDayEnd, ukDayStart } from '#shared/uk-time.ts';
import { queryRows, type Db } from '../db/client.ts';
import { OPEN_ITEMS } from './admin-service-levels.ts';

type Report = Omit<ReportResponse, 'ok'>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The day's calendar parts, for a date the schema has already checked. */
function calendarDay(text: string) {
  const day = parseCalendarDay(text);
  if (!day) throw new Error(`admin-report: not a date: ${text}`);
  return day;
}

/** 'YYYY-MM-DD' of the Monday of the week `text` (a date) falls in. */
function mondayOf(text: string): string {
  const date = new Date(`${text}T00:00:00Z`);
  // getUTCDay: Sunday 0 … Saturday 6; Monday starts the week (ISO 8601).
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * The range's weeks: each one's Monday, and the instants its days in the range start and end
 * (UK midnights, so a week in summer starts at 23:00 UTC on the Sunday).
 */
function weeksOf(from: string, to: string) {
  const first = calendarDay(from);
  const last = calendarDay(to);
  const rangeStart = ukDayStart(first).getTime();
  const rangeEnd = ukDayEnd(last).getTime();
  const weeks: { week: string; lo: string; hi: string }[] = [];
  const lastMonday = Date.parse(`${mondayOf(to)}T00:00:00Z`);
  for (let t = Date.parse(`${mondayOf(from)}T00:00:00Z`); t <= lastMonday; t += 7 * DAY) {
    const week = new Date(t).toISOString().slice(0, 10);
    const next = new Date(t + 7 * DAY).toISOString().slice(0, 10);
    weeks.push({
      week,
      lo: new Date(Math.max(rangeStart, ukDayStart(calendarDay(week)).getTime())).toISOString(),
      hi: new Date(Math.min(rangeEnd, ukDayStart(calendarDay(next)).getTime())).toISOString(),
    });
  }
  return weeks;
}

const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
const hours = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

/**
 * `admin-report` (CONTRACT §9): the management figures for a range of UK days, both included.
 *
 * - History (weeks, started, decisions) reads `applications` alone, erased tombstones
 *   included: they keep their stage and dates, while the activation row goes with an erasure.
 *   So a decision's moment is `stage_changed_at` of an application now `activated` or
 *   `declined` (both final): the stage trigger sets it in the deciding transaction, with
 *   `activations.activated_at` and `declined_at`.
 * - Weeks are UK weeks starting on Monday, labelled by that Monday; the first and last may be
 *   partly outside the range and count only its days. Every week of the range is listed.
 * - Backlog and breaches are now, from the queues' own definitions (OPEN_ITEMS); the three
 *   queues that grow with the applications read their totals from the counters (COUNTED).
 * - Screening alerts opened in the range, by where they stand now (a clearance waiting for
 *   approval is still open). An erasure takes its alerts with it.
 *
 * The parts are independent statements run side by side: on PostgreSQL each takes a pooled
 * connection (the app runs no parallel workers, decision 040), so on two cores the report
 * takes about half their sum.
 */
export async function adminReport(options: {
  db: Db;
  input: Required<TReportRequest>;
  levels: ServiceLevels;
  now?: Date;
}): Promise<Report> {
  const { db, input, levels } = options;
  const now = options.now ?? new Date();
  const start = ukDayStart(calendarDay(input.from)).toISOString();
  const end = ukDayEnd(calendarDay(input.to)).toISOString();
  const weeks = weeksOf(input.from, input.to);
  const counted = SERVICE_LEVEL_QUEUES.filter((queue) => COUNTED[queue]);
  const others = SERVICE_LEVEL_QUEUES.filter((queue) => !COUNTED[queue]);

  const [started, decisions, backlogBig, backlogSmall, alerts] = await Promise.all([
    startedByWeek(db, weeks),
    decisionsIn(db, start, end),
    backlogCounted(db, counted, levels, now),
    backlogNow(db, others, levels, now),
    alertsIn(db, start, end),
  ]);
  const backlog = [...backlogBig, ...backlogSmall];

  const byWeek = new Map<string, Partial<Record<Stage, number>>>();
  let total = 0;
  for (const row of started) {
    if (row.n === 0) continue;
    const week = weeks[row.i - 1]!.week;
    const stages = byWeek.get(week) ?? {};
    stages[row.stage] = row.n;
    byWeek.set(week, stages);
    total += row.n;
  }
  const decided = decisions.activated + decisions.declined;
  return {
    from: input.from,
    to: input.to,
    weeks: weeks.map(({ week }) => ({ week, by_stage: byWeek.get(week) ?? {} })),
    started: total,
    activated: decisions.activated,
    declined: decisions.declined,
    pass_rate: rate(decisions.activated, decided),
    decline_rate: rate(decisions.declined, decided),
    decision_hours: { p50: hours(decisions.p50), p90: hours(decisions.p90) },
    backlog_by_age: SERVICE_LEVEL_QUEUES.map((queue) => {
      const row = backlog.find((r) => r.queue === queue);
      return {
        queue,
        under_24h: row?.under_24h ?? 0,
        d1_3: row?.d1_3 ?? 0,
        d3_7: row?.d3_7 ?? 0,
        over_7d: row?.over_7d ?? 0,
      };
    }),
    breaches: Object.fromEntries(
      SERVICE_LEVEL_QUEUES.map((queue) => [
        queue,
        backlog.find((r) => r.queue === queue)?.breached ?? 0,
      ]),
    ),
    screening_alerts: alerts,
  };
}

/**
 * Applications started in each week of the range (its 1-based index `i`) at each stage now:
 * a count of one range of applications_stage_created_idx per stage and week, read from the
 * index alone. Grouping the rows by a UK week computed from each one instead cost four times
 * as much (the time zone conversion of a million rows).
 */
function startedByWeek(db: Db, weeks: { lo: string; hi: string }[]) {
  const list = (values: readonly string[]) => values.join(',');
  return queryRows<{ stage: Stage; i: number; n: number }>(
    db,
    sql`select s.stage, w.i::int as i,
        (select count(*)::int from applications a
          where a.stage = s.stage and a.created_at >= w.lo and a.created_at < w.hi) as n
      from unnest(string_to_array(${list(STAGES)}, ',')) as s(stage),
        unnest(string_to_array(${list(weeks.map((w) => w.lo))}, ',')::timestamptz[],
          string_to_array(${list(weeks.map((w) => w.hi))}, ',')::timestamptz[])
          with ordinality as w(lo, hi, i)`,
  );
}

/** Activations and declines in the range, and the hours from start to decision. */
async function decisionsIn(db: Db, start: string, end: string) {
  const [row] = await queryRows<{
    activated: number;
    declined: number;
    p50: number | string | null;
    p90: number | string | null;
  }>(
    db,
    sql`select count(*) filter (where stage = 'activated')::int as activated,
        count(*) filter (where stage = 'declined')::int as declined,
        percentile_cont(0.5) within group (order by taken) as p50,
        percentile_cont(0.9) within group (order by taken) as p90
      from applications,
        lateral (select extract(epoch from stage_changed_at - created_at)::float8 / 3600 as taken) t
      where stage in ('activated', 'declined') and stage_changed_at >= ${start}::timestamptz
        and stage_changed_at < ${end}::timestamptz`,
  );
  return row ?? { activated: 0, declined: 0, p50: null, p90: null };
}

type BacklogRow = {
  queue: ServiceLevelQueue;
  under_24h: number;
  d1_3: number;
  d3_7: number;
  over_7d: number;
  breached: number;
};

/**
 * The queues whose open items run to hundreds of thousands at a million applications, each
 * with the counter (migration 0014, decision 040) that holds its total exactly as OPEN_ITEMS
 * defines it, and its items from a moment on, walked from that moment's end of an index. The
 * identity review's are OPEN_ITEMS' conditions written as one lookup of each file's
 * application (a join from the newest files that the planner would otherwise make a hash of the
 * whole applications table); the integration test holds every queue to OPEN_ITEMS' counts.
 */
const COUNTED: Partial<
  Record<ServiceLevelQueue, { counter: string; k1: string; since: (edge: string) => SQL }>
> = {
  identity_review: {
    counter: 'kyc_files',
    k1: 'pending',
    since: (edge) => sql`select f.uploaded_at as since from kyc_files f
      cross join lateral (select 1 from applications a
        where a.id = f.application_id and a.erased_at is null and a.stage <> 'declined'
          and not (a.stage = 'detailed' and f.uploaded_at < a.stage_changed_at)
        offset 0) listed
      where f.status = 'pending' and f.uploaded_at >= ${edge}::timestamptz`,
  },
  offer: {
    counter: 'applications',
    k1: 'kyc',
    since: (edge) => sql`select since from (${OPEN_ITEMS.offer}) items
      where since >= ${edge}::timestamptz`,
  },
  activation: {
    counter: 'applications',
    k1: 'accepted',
    since: (edge) => sql`select since from (${OPEN_ITEMS.activation}) items
      where since >= ${edge}::timestamptz`,
  },
};

/** The age buckets' bounds and a queue's breach cutoff, as of `now`. */
function bounds(levels: ServiceLevels, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return {
    day: ago(DAY),
    threeDays: ago(3 * DAY),
    week: ago(7 * DAY),
    // Breached as adminServiceLevels and isBreached count it: strictly past the due time.
    cutoff: (queue: ServiceLevelQueue) => ago(levels[queue] * HOUR),
  };
}

/** Queues' open items now by age (under a day, 1–3, 3–7, over 7 days) and past their level. */
function backlogNow(
  db: Db,
  queues: readonly ServiceLevelQueue[],
  levels: ServiceLevels,
  now: Date,
) {
  const { day, threeDays, week, cutoff } = bounds(levels, now);
  const parts = queues.map(
    (queue) => sql`select ${queue}::text as queue,
        (count(*) filter (where since > ${day}::timestamptz))::int as under_24h,
        (count(*) filter (where since <= ${day}::timestamptz
          and since > ${threeDays}::timestamptz))::int as d1_3,
        (count(*) filter (where since <= ${threeDays}::timestamptz
          and since > ${week}::timestamptz))::int as d3_7,
        (count(*) filter (where since <= ${week}::timestamptz))::int as over_7d,
        (count(*) filter (where since < ${cutoff(queue)}::timestamptz))::int as breached
      from (${OPEN_ITEMS[queue]}) items`,
  );
  return queryRows<BacklogRow>(db, sql.join(parts, sql` union all `));
}

/**
 * backlogNow for the COUNTED queues, reading only their items younger than a week or than the
 * breach cutoff, whichever reaches further back: the older ones are the counter's total less
 * those. One statement, so the total and the items are read at the same moment.
 */
async function backlogCounted(
  db: Db,
  queues: readonly ServiceLevelQueue[],
  levels: ServiceLevels,
  now: Date,
): Promise<BacklogRow[]> {
  const { day, threeDays, week, cutoff } = bounds(levels, now);
  const parts = queues.map((queue) => {
    const counted = COUNTED[queue]!;
    const edge = cutoff(queue) < week ? cutoff(queue) : week;
    return sql`select ${queue}::text as queue,
        (select coalesce(sum(n), 0)::int from row_counts
          where counter = ${counted.counter} and k1 = ${counted.k1}) as total,
        (count(*) filter (where since > ${day}::timestamptz))::int as under_24h,
        (count(*) filter (where since <= ${day}::timestamptz
          and since > ${threeDays}::timestamptz))::int as d1_3,
        (count(*) filter (where since <= ${threeDays}::timestamptz
          and since > ${week}::timestamptz))::int as d3_7,
        (count(*) filter (where since > ${week}::timestamptz))::int as within_week,
        (count(*) filter (where since >= ${cutoff(queue)}::timestamptz))::int as not_breached
      from (${counted.since(edge)}) items`;
  });
  const rows = await queryRows<
    Omit<BacklogRow, 'over_7d' | 'breached'> & {
      total: number;
      within_week: number;
      not_breached: number;
    }
  >(db, sql.join(parts, sql` union all `));
  return rows.map(({ total, within_week, not_breached, ...row }) => ({
    ...row,
    over_7d: total - within_week,
    breached: total - not_breached,
  }));
}

/** Alerts opened in the range by where they stand now; a clearance not yet approved is open. */
async function alertsIn(db: Db, start: string, end: string) {
  const [row] = await queryRows<Report['screening_alerts']>(
    db,
    sql`select (count(*) filter (where status in ('open', 'clear_requested')))::int as open,
        (count(*) filter (where status = 'confirmed'))::int as confirmed,
        (count(*) filter (where status = 'cleared'))::int as cleared
      from screening_alerts
      where status in ('open', 'confirmed', 'clear_requested', 'cleared')
        and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`,
  );
  return row ?? { open: 0, confirmed: 0, cleared: 0 };
}
