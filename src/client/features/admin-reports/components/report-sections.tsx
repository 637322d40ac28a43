import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { REPORT_AGE_BUCKETS, type ReportResponse } from '#shared/schemas/casework.ts';
import { SERVICE_LEVEL_LABELS, SERVICE_LEVEL_QUEUES } from '#shared/service-levels.ts';
import { ListSection } from '#client/components/staff/list-section.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { cn } from '#client/utils/cn.ts';
import { AGE_COLOURS, stageColour } from '../utils/report-colours.ts';
import {
  AGE_BUCKET_LABELS,
  ALERT_OUTCOME_LABELS,
  ALERT_OUTCOMES,
  formatCount,
  formatDay,
  formatHours,
  formatRate,
  STAGE_NAMES,
  stagesIn,
  weekTotal,
} from '../utils/report-format.ts';
import { ChartFrame } from './chart-frame.tsx';

type Report = Omit<ReportResponse, 'ok'>;

// The charts draw in the theme's colours (CSS variables), so light and dark both read.
const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--border)' };
const TOOLTIP = {
  contentStyle: {
    background: 'var(--popover)',
    border: '1px solid var(--border)',
    borderRadius: 6,
    color: 'var(--popover-foreground)',
    fontSize: 13,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
  // The series in their own order (as the legend), not sorted by name: a stable sort on one key.
  itemSorter: () => 0,
};
/**
 * Legend text in the page's colour (a series' own colour is too light for text); the legend in
 * the series' order (stages along the journey, ages young to old), not sorted by name.
 */
const legendText = (value: string) => <span className="text-foreground">{value}</span>;
/** Segments of a stack parted by a line of the card's colour, so neighbours never merge. */
const SEGMENT = { stroke: 'var(--card)', strokeWidth: 1, isAnimationActive: false } as const;

/** A chart with its figures in a table (the table is the chart for screen readers and print). */
function ChartWithTable({
  chart,
  table,
  beside,
}: {
  chart: ReactNode;
  table: ReactNode;
  /** Table beside the chart on wide screens (a short table); else below it. */
  beside?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid gap-4 rounded-lg border border-border bg-card p-4',
        beside && 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start',
      )}
    >
      <div className="min-w-0">{chart}</div>
      <div className="min-w-0">{table}</div>
    </div>
  );
}

/** A table of figures: a caption, column headers, and a header cell starting each row. */
function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; header: ReactNode; cells: readonly ReactNode[] }[];
}) {
  return (
    <Table label={caption}>
      <caption className="caption-top px-3 py-2 text-left text-sm font-medium text-foreground">
        {caption}
      </caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column, i) => (
            <TableHead key={column} className={i > 0 ? 'text-right' : undefined}>
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableHead
              scope="row"
              className="h-auto py-2 text-sm font-medium tracking-normal text-foreground normal-case"
            >
              {row.header}
            </TableHead>
            {row.cells.map((cell, i) => (
              <TableCell key={i} className="py-2 text-right tabular-nums">
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The range's outcomes as figures: started, decided, and the rates of the decisions. */
export function OutcomeFigures({ report }: { report: Report }) {
  const figures = [
    { label: 'Started', value: formatCount(report.started), hint: 'applications begun' },
    { label: 'Activated', value: formatCount(report.activated), hint: 'accounts opened' },
    { label: 'Declined', value: formatCount(report.declined), hint: 'applications declined' },
    { label: 'Pass rate', value: formatRate(report.pass_rate), hint: 'of the decisions' },
    { label: 'Decline rate', value: formatRate(report.decline_rate), hint: 'of the decisions' },
  ];
  return (
    <ListSection
      id="report-outcomes"
      title="Outcomes"
      description="Applications started in the range, and the decisions made in it."
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-border bg-card px-4 py-3">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="font-serif text-2xl tabular-nums">{figure.value}</dd>
            <dd className="text-xs text-muted-foreground">{figure.hint}</dd>
          </div>
        ))}
      </dl>
    </ListSection>
  );
}

/** Applications started each week, stacked by the stage they are at now. */
export function WeeklyApplications({ report }: { report: Report }) {
  const stages = stagesIn(report.weeks);
  const data = report.weeks.map((week) => ({ week: week.week, ...week.by_stage }));
  return (
    <ListSection
      id="report-weeks"
      title="Applications by week"
      description="Started each week (weeks start on Monday, UK time), by the stage they are at now."
    >
      <ChartWithTable
        chart={
          <ChartFrame height={300}>
            {(width) => (
              <BarChart
                width={width}
                height={300}
                data={data}
                accessibilityLayer
                title="Applications started by week and stage"
                margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
              >
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis
                  dataKey="week"
                  tickFormatter={(week: string) => formatDay(week)}
                  tick={AXIS_TICK}
                  axisLine={AXIS_LINE}
                  tickLine={false}
                  interval="preserveStartEnd"
                  minTickGap={16}
                />
                <YAxis
                  allowDecimals={false}
                  tick={AXIS_TICK}
                  axisLine={false}
                  tickLine={false}
                  width={48}
                />
                <Tooltip
                  {...TOOLTIP}
                  labelFormatter={(week) => `Week of ${formatDay(String(week), true)}`}
                />
                <Legend formatter={legendText} itemSorter={null} />
                {stages.map((stage) => (
                  <Bar
                    key={stage}
                    dataKey={stage}
                    name={STAGE_NAMES[stage]}
                    stackId="stage"
                    fill={stageColour(stage)}
                    {...SEGMENT}
                  />
                ))}
              </BarChart>
            )}
          </ChartFrame>
        }
        table={
          <FiguresTable
            caption="Applications started by week and stage now"
            columns={['Week starting', ...stages.map((stage) => STAGE_NAMES[stage]), 'Total']}
            rows={report.weeks.map((week) => ({
              key: week.week,
              header: <time dateTime={week.week}>{formatDay(week.week, true)}</time>,
              cells: [
                ...stages.map((stage) => formatCount(week.by_stage[stage] ?? 0)),
                formatCount(weekTotal(week)),
              ],
            }))}
          />
        }
      />
    </ListSection>
  );
}

/** One series of horizontal bars, a category each (queues, percentiles, alert outcomes). */
function SimpleBars({
  title,
  data,
  name,
  fill,
  format = formatCount,
  categoryWidth = 120,
}: {
  title: string;
  data: { label: string; value: number }[];
  name: string;
  fill: string;
  format?: (value: number) => string;
  categoryWidth?: number;
}) {
  const height = 40 + data.length * 36;
  return (
    <ChartFrame height={height}>
      {(width) => (
        <BarChart
          width={width}
          height={height}
          data={data}
          layout="vertical"
          accessibilityLayer
          title={title}
          margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis
            type="number"
            allowDecimals={false}
            tick={AXIS_TICK}
            axisLine={AXIS_LINE}
            tickLine={false}
          />
          <YAxis
            type="category"
            dataKey="label"
            tick={AXIS_TICK}
            axisLine={false}
            tickLine={false}
            width={categoryWidth}
          />
          <Tooltip {...TOOLTIP} formatter={(value) => format(Number(value))} />
          <Bar dataKey="value" name={name} fill={fill} isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFrame>
  );
}

/** Hours from an application's start to its activation or decline, median and 90th percentile. */
export function DecisionTime({ report }: { report: Report }) {
  const { p50, p90 } = report.decision_hours;
  const rows = [
    { key: 'p50', label: 'Median (p50)', value: p50 },
    { key: 'p90', label: '90th percentile (p90)', value: p90 },
  ];
  return (
    <ListSection
      id="report-decision-time"
      title="Time to decision"
      description="Hours from an application's start to its activation or decline, for decisions in the range."
    >
      <ChartWithTable
        beside
        chart={
          p50 === null ? (
            <p className="py-6 text-sm text-muted-foreground">No decisions in this range.</p>
          ) : (
            <SimpleBars
              title="Time to decision in hours"
              name="Hours"
              fill="var(--report-tier-offer)"
              format={(value) => formatHours(value)}
              categoryWidth={150}
              data={rows.map((row) => ({ label: row.label, value: row.value ?? 0 }))}
            />
          )
        }
        table={
          <FiguresTable
            caption="Time to decision in hours"
            columns={['Measure', 'Hours']}
            rows={rows.map((row) => ({
              key: row.key,
              header: row.label,
              cells: [formatHours(row.value)],
            }))}
          />
        }
      />
    </ListSection>
  );
}

/** Each queue's open items now, stacked by how long they have waited. */
export function BacklogByAge({ report }: { report: Report }) {
  const data = report.backlog_by_age.map((row) => ({
    ...row,
    label: SERVICE_LEVEL_LABELS[row.queue],
  }));
  const height = 60 + data.length * 36;
  return (
    <ListSection
      id="report-backlog"
      title="Backlog by age"
      description="Open items in each queue now, by how long they have waited."
    >
      <ChartWithTable
        chart={
          <ChartFrame height={height}>
            {(width) => (
              <BarChart
                width={width}
                height={height}
                data={data}
                layout="vertical"
                accessibilityLayer
                title="Open items by queue and age"
                margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
              >
                <CartesianGrid horizontal={false} stroke="var(--border)" />
                <XAxis
                  type="number"
                  allowDecimals={false}
                  tick={AXIS_TICK}
                  axisLine={AXIS_LINE}
                  tickLine={false}
                />
                <YAxis
                  type="category"
                  dataKey="label"
                  tick={AXIS_TICK}
                  axisLine={false}
                  tickLine={false}
                  width={120}
                />
                <Tooltip {...TOOLTIP} />
                <Legend formatter={legendText} itemSorter={null} />
                {REPORT_AGE_BUCKETS.map((bucket) => (
                  <Bar
                    key={bucket}
                    dataKey={bucket}
                    name={AGE_BUCKET_LABELS[bucket]}
                    stackId="age"
                    fill={AGE_COLOURS[bucket]}
                    {...SEGMENT}
                  />
                ))}
              </BarChart>
            )}
          </ChartFrame>
        }
        table={
          <FiguresTable
            caption="Open items by queue and age"
            columns={[
              'Queue',
              ...REPORT_AGE_BUCKETS.map((bucket) => AGE_BUCKET_LABELS[bucket]),
              'Total',
            ]}
            rows={data.map((row) => ({
              key: row.queue,
              header: row.label,
              cells: [
                ...REPORT_AGE_BUCKETS.map((bucket) => formatCount(row[bucket])),
                formatCount(REPORT_AGE_BUCKETS.reduce((sum, bucket) => sum + row[bucket], 0)),
              ],
            }))}
          />
        }
      />
    </ListSection>
  );
}

/** Items past their queue's service level now. */
export function Breaches({ report }: { report: Report }) {
  const data = SERVICE_LEVEL_QUEUES.map((queue) => ({
    key: queue,
    label: SERVICE_LEVEL_LABELS[queue],
    value: report.breaches[queue] ?? 0,
  }));
  return (
    <ListSection
      id="report-breaches"
      title="Past the service level"
      description="Open items in each queue that are older than the queue's service level now."
    >
      <ChartWithTable
        beside
        chart={
          <SimpleBars
            title="Items past the service level by queue"
            name="Past the service level"
            fill="var(--report-declined)"
            data={data}
          />
        }
        table={
          <FiguresTable
            caption="Items past the service level"
            columns={['Queue', 'Items']}
            rows={data.map((row) => ({
              key: row.key,
              header: row.label,
              cells: [formatCount(row.value)],
            }))}
          />
        }
      />
    </ListSection>
  );
}

/** Alerts raised in the range, by where each stands now. */
export function ScreeningAlerts({ report }: { report: Report }) {
  const data = ALERT_OUTCOMES.map((outcome) => ({
    key: outcome,
    label: ALERT_OUTCOME_LABELS[outcome],
    value: report.screening_alerts[outcome],
  }));
  return (
    <ListSection
      id="report-alerts"
      title="Screening alerts"
      description="Alerts raised in the range, by where each stands now (a clearance awaiting approval is open)."
    >
      <ChartWithTable
        beside
        chart={
          <SimpleBars
            title="Screening alerts by status"
            name="Alerts"
            fill="var(--report-code-verified)"
            categoryWidth={96}
            data={data}
          />
        }
        table={
          <FiguresTable
            caption="Screening alerts raised in the range"
            columns={['Status', 'Alerts']}
            rows={data.map((row) => ({
              key: row.key,
              header: row.label,
              cells: [formatCount(row.value)],
            }))}
          />
        }
      />
    </ListSection>
  );
}
