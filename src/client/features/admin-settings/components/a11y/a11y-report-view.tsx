import { CircleCheck, ExternalLink, TriangleAlert } from 'lucide-react';
import type { A11yImpact, A11yPage, A11yReport } from '#shared/schemas/admin-lists.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

const IMPACTS: readonly A11yImpact[] = ['critical', 'serious', 'moderate', 'minor'];

const IMPACT_LABELS: Record<A11yImpact, string> = {
  critical: 'Critical',
  serious: 'Serious',
  moderate: 'Moderate',
  minor: 'Minor',
};

const IMPACT_BADGE: Record<A11yImpact, 'destructive' | 'default' | 'secondary' | 'outline'> = {
  critical: 'destructive',
  serious: 'default',
  moderate: 'secondary',
  minor: 'outline',
};

/**
 * Violations by impact. Critical and serious are the report's own totals; moderate and minor,
 * which it does not total, are counted from the pages.
 */
export function totalsByImpact(report: A11yReport): Record<A11yImpact, number> {
  const totals: Record<A11yImpact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const page of report.pages) {
    for (const violation of page.violations) {
      if (violation.impact) totals[violation.impact] += 1;
    }
  }
  return {
    ...totals,
    critical: report.criticalViolations ?? totals.critical,
    serious: report.seriousViolations ?? totals.serious,
  };
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-1 rounded-md border border-border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-serif text-2xl leading-none tabular-nums">{value}</dd>
    </div>
  );
}

function PageResult({ page }: { page: A11yPage }) {
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-mono text-sm font-medium break-all">{page.url}</h4>
        <p className="text-xs text-muted-foreground">
          {page.violationCount} violation(s): {page.criticalCount} critical, {page.seriousCount}{' '}
          serious
        </p>
      </div>
      {page.violations.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck aria-hidden="true" className="size-4 text-gold" />
          No violations
        </p>
      ) : (
        <ul className="grid gap-3">
          {page.violations.map((violation, index) => (
            <li
              key={`${violation.id ?? violation.help}-${index}`}
              className="grid gap-1.5 border-t border-border pt-3 first:border-t-0 first:pt-0"
            >
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium">{violation.help}</p>
                {violation.impact ? (
                  <Badge variant={IMPACT_BADGE[violation.impact]}>
                    {IMPACT_LABELS[violation.impact]}
                  </Badge>
                ) : null}
              </div>
              <p className="text-sm text-muted-foreground">{violation.description}</p>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <span>{violation.nodes} element(s) affected</span>
                <a
                  href={violation.helpUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded-sm underline decoration-gold-soft underline-offset-4 hover:decoration-2"
                >
                  How to fix
                  <span className="sr-only">: {violation.help} (opens in a new tab)</span>
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** SPEC §2/§3 'A11y': the scan's summary, then each page with its violations. */
export function A11yReportView({ report }: { report: A11yReport }) {
  const totals = totalsByImpact(report);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <h2 className="font-serif text-xl leading-tight">Accessibility report</h2>
            <p className="text-sm text-muted-foreground">
              Scanned{' '}
              <time dateTime={report.timestamp}>{formatStaffDateTime(report.timestamp)}</time>
            </p>
          </div>
          {report.passed ? (
            <Badge variant="gold" className="text-sm">
              <CircleCheck aria-hidden="true" />
              Passed
            </Badge>
          ) : (
            <Badge variant="destructive" className="text-sm">
              <TriangleAlert aria-hidden="true" />
              Failed
            </Badge>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Stat label="Pages" value={report.totalPages} />
            <Stat label="Violations" value={report.totalViolations} />
            {IMPACTS.map((impact) => (
              <Stat key={impact} label={IMPACT_LABELS[impact]} value={totals[impact]} />
            ))}
          </dl>
        </CardContent>
      </Card>
      <section aria-labelledby="a11y-pages-title" className="grid gap-3">
        <h3 id="a11y-pages-title" className="font-serif text-lg leading-tight">
          Pages
        </h3>
        <ul className="grid gap-3">
          {report.pages.map((page) => (
            <PageResult key={page.url} page={page} />
          ))}
        </ul>
      </section>
    </div>
  );
}
