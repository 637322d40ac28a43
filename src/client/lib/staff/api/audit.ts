import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  AUDIT_EXPORT_FILE_NAME,
  type TAuditExportRequest,
  type TAuditListRequest,
} from '#shared/schemas/audit.ts';
import { adminKey } from '../keys.ts';
import { saveDownload } from './save-file.ts';
import { staffApi } from './staff-api.ts';
import { staffCallQuery } from './staff-queries.ts';

/** One applicant's timeline: its newest audit rows (one page is a long history already). */
export const TIMELINE_PAGE_SIZE = 100;

const timelineBody = (basicId: string): TAuditListRequest => ({
  basic_id: basicId,
  page: 1,
  pageSize: TIMELINE_PAGE_SIZE,
});

/** `admin-audit-list` for one application, newest first. */
export function getTimeline(basicId: string, signal?: AbortSignal) {
  return staffApi.call('admin-audit-list', timelineBody(basicId), { signal });
}

export const timelineQueryOptions = (basicId: string) =>
  queryOptions(
    staffCallQuery([...adminKey, 'audit', basicId], 'admin-audit-list', timelineBody(basicId)),
  );

export function useTimeline(basicId: string | null) {
  return useQuery({ ...timelineQueryOptions(basicId ?? ''), enabled: basicId !== null });
}

/** The audit view's filters as the selects and date inputs hold them ('all' / '' = none). */
export type AuditLogFilters = { member: string; action: string; from: string; to: string };

/** The filters as the server reads them: 'all' and '' mean no filter. */
function filterBody(filters: AuditLogFilters): TAuditExportRequest {
  return {
    member: filters.member === 'all' ? undefined : filters.member,
    action: filters.action === 'all' ? undefined : filters.action,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** `admin-audit-list` for the whole log, one page under the view's filters. */
export function auditLogQuery(params: AuditLogFilters & { page: number; pageSize: number }) {
  const body: TAuditListRequest = {
    ...filterBody(params),
    page: params.page,
    pageSize: params.pageSize,
  };
  return queryOptions({
    ...staffCallQuery([...adminKey, 'audit-log', params], 'admin-audit-list', body),
    // The table keeps its rows while the next page or filter loads, so nothing jumps.
    placeholderData: keepPreviousData,
    // SPEC §8: an admin failure is logged and toasted, never retried.
    retry: false,
  });
}

export function useAuditLog(params: AuditLogFilters & { page: number; pageSize: number }) {
  return useQuery(auditLogQuery(params));
}

/** `admin-audit-export`: the log under the view's filters, saved as a CSV file. */
export function exportAuditCsv(filters: AuditLogFilters): Promise<string> {
  return saveDownload('admin-audit-export', { body: filterBody(filters) }, AUDIT_EXPORT_FILE_NAME);
}

export function useExportAuditCsv() {
  return useMutation({ mutationFn: exportAuditCsv });
}
