import { queryOptions, useQuery } from '@tanstack/react-query';
import { A11Y_REPORT_PATH, type A11yReport } from '#shared/schemas/admin-lists.ts';

/** The report could be read but is not what `npm run a11y` writes. */
export const A11Y_REPORT_UNREADABLE = 'The accessibility report could not be read.';

function isReport(value: unknown): value is A11yReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Partial<A11yReport>;
  return (
    typeof report.timestamp === 'string' &&
    typeof report.passed === 'boolean' &&
    Array.isArray(report.pages)
  );
}

/**
 * `GET /qa/a11y-report.json` (SPEC §3), written by `npm run a11y`. Null when there is none yet
 * (404): the tab then asks for a scan. Never cached, so a new scan shows on the next read.
 */
export async function fetchA11yReport(signal?: AbortSignal): Promise<A11yReport | null> {
  const response = await fetch(A11Y_REPORT_PATH, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
    signal,
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`a11y report: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(A11Y_REPORT_UNREADABLE);
  }
  if (!isReport(body)) throw new Error(A11Y_REPORT_UNREADABLE);
  return body;
}

export const a11yReportQuery = queryOptions({
  queryKey: ['admin', 'a11y-report'],
  queryFn: ({ signal }) => fetchA11yReport(signal),
  retry: false,
  // Each visit to the tab reads the file again: a scan may have run meanwhile.
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useA11yReport() {
  return useQuery(a11yReportQuery);
}
