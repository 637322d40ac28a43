import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TReportRequest } from '#shared/schemas/casework.ts';
import { adminKey } from '../keys.ts';
import { staffCallQuery } from './staff-queries.ts';

/** Under adminKey: a staff action elsewhere (an activation, a decline) refreshes the report. */
export const reportKey = [...adminKey, 'report'] as const;

/** `admin-report` for a range of UK days, both included. */
export function reportQuery(range: Required<TReportRequest>) {
  return queryOptions({
    ...staffCallQuery([...reportKey, range.from, range.to], 'admin-report', range),
    // The figures on screen stay (dimmed) while another range loads, so nothing jumps.
    placeholderData: keepPreviousData,
    // SPEC §8: an admin failure is logged and toasted, never retried.
    retry: false,
  });
}

/** The report, or nothing asked while the range is not a valid one (`enabled: false`). */
export function useReport(range: Required<TReportRequest>, enabled: boolean) {
  return useQuery({ ...reportQuery(range), enabled });
}
