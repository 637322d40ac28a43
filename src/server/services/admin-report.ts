import { sql } from 'drizzle-orm';
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

/** Every week (its Monday) from the one `from` falls in to the one `to` falls in. */
function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  const last = Date.parse(`${mondayOf(to)}T00:00:00Z`);
  for (let t = Date.parse(`${mondayOf(from)}T00:00:00Z`); t <= last; t += 7 * DAY) {
    weeks.push(new Date(t).toISOString().slice(0, 10));
  }
  return weeks;
}

const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
const hours = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

/** Every stage, so the (stage, …) indexes are read as one range per stage, not scanned whole. */
const ANY_STAGE = sql.raw(`(${STAGES.map((stage) => `'${stage}'`).join(', ')})`);

/**
 * `admin-report` (CONTRACT §9): the management figures for a range of UK days, both included.
 *
 * - History (weeks, started, decisions) reads `applications` alone, erased tombstones
 *   included: they keep their stage and dates, while the activation row goes with an erasure.
 *   So a decision's moment is `stage_changed_at` of an application now `activated` or
 *   `declined` (both final): the stage trigger sets it in the deciding transaction, with
 *   `activations.activated_at` and `declined_at`. Read off applications_stage_changed_idx.
 * - Weeks are UK weeks starting on Monday, labelled by that Monday; the first and last may be
 *   partly outside the range and count only its days. Every week of the range is listed.
 * - Backlog and breaches are now, from the queues' own definitions (OPEN_ITEMS).
 * - Screening alerts opened in the range, by where they stand now (a clearance waiting for
 *   approval is still open). An erasure takes its alerts with it.
 *
 * The four parts are independent statements run side by side: on PostgreSQL each takes a
 * pooled connection (the app runs no parallel workers, decision 040), so on two cores the
 * report takes about its slowest part rather than their sum.
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

  const [weeks, decisions, backlog, alerts] = await Promise.all([
    startedByWeek(db, start, end),
    decisionsIn(db, start, end),
    backlogNow(db, levels, now),
    alertsIn(db, start, end),
  ]);

  const byWeek = new Map<string, Partial<Record<Stage, number>>>();
  let started = 0;
  for (const row of weeks) {
    const stages = byWeek.get(row.week) ?? {};
    stages[row.stage] = row.n;
    byWeek.set(row.week, stages);
    started += row.n;
  }
  const decided = decisions.activated + decisions.declined;
  return {
    from: input.from,
    to: input.to,
    weeks: weeksBetween(input.from, input.to).map((week) => ({
      week,
      by_stage: byWeek.get(week) ?? {},
    })),
    started,
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

/** Applications started in the range, by UK week and the stage they are at now. */
function startedByWeek(db: Db, start: string, end: string) {
  return queryRows<{ week: string; stage: Stage; n: number }>(
    db,
    sql`select to_char(date_trunc('week', created_at at time zone 'Europe/London'), 'YYYY-MM-DD')
        as week, stage, count(*)::int as n
      from applications
      where stage in ${ANY_STAGE} and created_at >= ${start}::timestamptz
        and created_at < ${end}::timestamptz
      group by 1, 2`,
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

/** Each queue's open items now by age (under a day, 1–3, 3–7, over 7 days) and past its level. */
function backlogNow(db: Db, levels: ServiceLevels, now: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const [day, threeDays, week] = [ago(DAY), ago(3 * DAY), ago(7 * DAY)];
  const parts = SERVICE_LEVEL_QUEUES.map((queue) => {
    // Breached as adminServiceLevels and isBreached count it: strictly past the due time.
    const cutoff = ago(levels[queue] * HOUR);
    return sql`select ${queue}::text as queue,
        (count(*) filter (where since > ${day}::timestamptz))::int as under_24h,
        (count(*) filter (where since <= ${day}::timestamptz
          and since > ${threeDays}::timestamptz))::int as d1_3,
        (count(*) filter (where since <= ${threeDays}::timestamptz
          and since > ${week}::timestamptz))::int as d3_7,
        (count(*) filter (where since <= ${week}::timestamptz))::int as over_7d,
        (count(*) filter (where since < ${cutoff}::timestamptz))::int as breached
      from (${OPEN_ITEMS[queue]}) items`;
  });
  return queryRows<BacklogRow>(db, sql.join(parts, sql` union all `));
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
