import { stringify } from 'csv-stringify/browser/esm/sync';
import { REPORT_AGE_BUCKETS, type ReportResponse } from '#shared/schemas/casework.ts';
import { SERVICE_LEVEL_LABELS, SERVICE_LEVEL_QUEUES } from '#shared/service-levels.ts';
import {
  AGE_BUCKET_LABELS,
  ALERT_OUTCOME_LABELS,
  ALERT_OUTCOMES,
  STAGE_NAMES,
  stagesIn,
  weekTotal,
} from './report-format.ts';

type Report = Omit<ReportResponse, 'ok'>;
type Cell = string | number | null;

/** `waj-report-<from>-<to>.csv`. */
export const reportFileName = (report: Pick<Report, 'from' | 'to'>) =>
  `waj-report-${report.from}-${report.to}.csv`;

/**
 * The report as one CSV file: a section per chart, each a title line, a header and its rows,
 * with a blank line between. Figures as numbers (rates as fractions, hours to two decimals), so
 * a spreadsheet can compute with them; an empty cell where there is no figure.
 */
export function reportRecords(report: Report): Cell[][] {
  const stages = stagesIn(report.weeks);
  const section = (title: string, header: Cell[], rows: Cell[][]): Cell[][] => [
    [title],
    header,
    ...rows,
    [],
  ];
  return [
    ['Waj management report', `${report.from} to ${report.to} (UK days, both included)`],
    [],
    ...section(
      'Applications started by week (Monday) and stage now',
      ['Week starting', ...stages.map((stage) => STAGE_NAMES[stage]), 'Total'],
      report.weeks.map((week) => [
        week.week,
        ...stages.map((stage) => week.by_stage[stage] ?? 0),
        weekTotal(week),
      ]),
    ),
    ...section(
      'Outcomes',
      ['Figure', 'Value'],
      [
        ['Started', report.started],
        ['Activated', report.activated],
        ['Declined', report.declined],
        ['Pass rate', report.pass_rate],
        ['Decline rate', report.decline_rate],
        ['Time to decision p50 (hours)', report.decision_hours.p50],
        ['Time to decision p90 (hours)', report.decision_hours.p90],
      ],
    ),
    ...section(
      'Backlog by age (now)',
      ['Queue', ...REPORT_AGE_BUCKETS.map((bucket) => AGE_BUCKET_LABELS[bucket])],
      report.backlog_by_age.map((row) => [
        SERVICE_LEVEL_LABELS[row.queue],
        ...REPORT_AGE_BUCKETS.map((bucket) => row[bucket]),
      ]),
    ),
    ...section(
      'Past the service level (now)',
      ['Queue', 'Items'],
      SERVICE_LEVEL_QUEUES.map((queue) => [
        SERVICE_LEVEL_LABELS[queue],
        report.breaches[queue] ?? 0,
      ]),
    ),
    ...section(
      'Screening alerts opened in the range, by status now',
      ['Status', 'Alerts'],
      ALERT_OUTCOMES.map((outcome) => [
        ALERT_OUTCOME_LABELS[outcome],
        report.screening_alerts[outcome],
      ]),
    ),
  ];
}

/**
 * The file's text: RFC 4180 with CRLF and a UTF-8 byte order mark (Excel reads it as UTF-8
 * then, as the server's exports). csv-stringify's browser build: its Node build needs Buffer.
 */
export function reportCsv(report: Report): string {
  return stringify(reportRecords(report), { bom: true, record_delimiter: 'windows' });
}
