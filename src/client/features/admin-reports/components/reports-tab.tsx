import { Download } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { describedBy, FieldError } from '#client/components/form/field-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  TabEmpty,
  TabError,
  TabLoading,
  useLoadFailureToast,
} from '#client/components/staff/tab-state.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useReport } from '#client/lib/staff/api/report.ts';
import { saveFile } from '#client/lib/staff/api/save-file.ts';
import { cn } from '#client/utils/cn.ts';
import { SERIES_COLOUR_CLASSES } from '../utils/report-colours.ts';
import { reportCsv, reportFileName } from '../utils/report-csv.ts';
import { formatDay } from '../utils/report-format.ts';
import {
  defaultRange,
  PRESETS,
  presetRange,
  rangeErrors,
  type ReportRange,
} from '../utils/report-range.ts';
import {
  BacklogByAge,
  Breaches,
  DecisionTime,
  OutcomeFigures,
  ScreeningAlerts,
  WeeklyApplications,
} from './report-sections.tsx';

const LOAD_ERROR = 'Failed to load the report';
export const EMPTY_TITLE = 'No applications in this range';

/** The server's message for a range it refused (400), else the tab's own. */
function loadErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 400 ? error.message : LOAD_ERROR;
}

/**
 * The management report (CONTRACT §9) for owners, compliance and the MLRO: a range of UK days
 * (the last 90 by default, or a preset), the figures as charts each with its table, and the
 * same figures as one CSV file made here from the report on screen.
 */
export default function ReportsTab() {
  const ids = { from: useId(), to: useId(), note: useId() };
  const [range, setRange] = useState<ReportRange>(() => defaultRange());
  const errors = rangeErrors(range);
  const valid = !errors.from && !errors.to;
  const query = useReport(range, valid);
  useLoadFailureToast(query, 'admin-report', loadErrorMessage(query.error));

  // The report on screen is the range's own once loaded (another range's while it loads).
  const report = valid ? query.data : undefined;
  const current = report !== undefined && !query.isPlaceholderData;

  const onDownload = () => {
    if (!report) return;
    const fileName = reportFileName(report);
    saveFile(new Blob([reportCsv(report)], { type: 'text/csv;charset=utf-8' }), fileName);
    toast.success('Report downloaded', { description: fileName });
  };

  let body: ReactNode;
  if (!valid) {
    body = null;
  } else if (query.isPending) {
    body = <TabLoading label="Loading the report..." />;
  } else if (query.isError && (!report || query.isPlaceholderData)) {
    body = (
      <TabError message={loadErrorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  } else if (report) {
    const empty = report.started === 0 && report.activated === 0 && report.declined === 0;
    body = (
      <div
        className={cn(
          'grid gap-10',
          query.isFetching && query.isPlaceholderData && 'opacity-60 transition-opacity',
        )}
        aria-busy={(query.isFetching && query.isPlaceholderData) || undefined}
      >
        {empty ? (
          <TabEmpty title={EMPTY_TITLE}>
            Nothing was started or decided between {formatDay(report.from, true)} and{' '}
            {formatDay(report.to, true)}. The queues below are as they stand now.
          </TabEmpty>
        ) : (
          <>
            <OutcomeFigures report={report} />
            <WeeklyApplications report={report} />
            <DecisionTime report={report} />
          </>
        )}
        <BacklogByAge report={report} />
        <Breaches report={report} />
        <ScreeningAlerts report={report} />
      </div>
    );
  }

  return (
    <div className={cn('grid gap-8', SERIES_COLOUR_CLASSES)}>
      <div className="grid gap-3">
        <div role="group" aria-label="Ranges" className="flex flex-wrap gap-2">
          {PRESETS.map((preset) => {
            const presetDates = presetRange(preset.id);
            const chosen = presetDates.from === range.from && presetDates.to === range.to;
            return (
              <Button
                key={preset.id}
                variant={chosen ? 'default' : 'outline'}
                size="sm"
                aria-pressed={chosen}
                onClick={() => setRange(presetDates)}
              >
                {preset.label}
              </Button>
            );
          })}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start">
          {(['from', 'to'] as const).map((end) => {
            const errorId = `${ids[end]}-error`;
            return (
              <div key={end} className="grid content-start gap-2">
                <Label htmlFor={ids[end]}>{end === 'from' ? 'From' : 'To'}</Label>
                <Input
                  id={ids[end]}
                  type="date"
                  value={range[end]}
                  onChange={(event) => setRange((r) => ({ ...r, [end]: event.target.value }))}
                  aria-invalid={errors[end] ? true : undefined}
                  aria-describedby={describedBy(errors[end], errorId, ids.note)}
                  className="sm:w-44"
                />
                <FieldError id={errorId} message={errors[end]} />
              </div>
            );
          })}
          <Button
            variant="outline"
            onClick={onDownload}
            disabled={!current}
            className="col-span-2 sm:mt-7"
          >
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </div>
        <p id={ids.note} className="text-xs text-muted-foreground">
          Days are UK days (London time), both included; at most two years. Backlog and service
          levels are as they stand now.
        </p>
      </div>
      {body}
    </div>
  );
}
