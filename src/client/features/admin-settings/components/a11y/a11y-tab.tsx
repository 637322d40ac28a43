import { FileSearch, RefreshCw } from 'lucide-react';
import { A11Y_REPORT_MISSING } from '#shared/schemas/admin-lists.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useA11yReport } from '../../api/a11y.ts';
import { TabError, TabLoading } from '#client/components/staff/tab-state.tsx';
import { A11yReportView } from './a11y-report-view.tsx';
import { isDevHost } from './dev-host.ts';
import { EmailTestPanel } from './email-test-panel.tsx';

const LOAD_ERROR = 'Failed to load the accessibility report';

/** SPEC §2 'A11y': the report viewer and, on development hosts, the e-mail test panel. */
export default function A11yTab() {
  const report = useA11yReport();
  const devHost = isDevHost(window.location.hostname);

  let body;
  if (report.isPending) {
    body = <TabLoading />;
  } else if (report.isError) {
    body = <TabError message={LOAD_ERROR} onRetry={() => void report.refetch()} />;
  } else if (report.data === null) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center">
        <FileSearch aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="font-medium">{A11Y_REPORT_MISSING}</p>
        <p className="text-sm text-muted-foreground">
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">npm run a11y</code> scans every
          public page and writes the report.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
        >
          <RefreshCw aria-hidden="true" />
          {report.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </div>
    );
  } else {
    body = <A11yReportView report={report.data} />;
  }

  return (
    <div className="grid gap-8">
      {body}
      {devHost ? <EmailTestPanel /> : null}
    </div>
  );
}
