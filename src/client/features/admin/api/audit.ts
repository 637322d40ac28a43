import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '../../../../shared/schemas/admin-lists.ts';
import { adminKey } from './applicants.ts';
import { staffApi } from './staff-api.ts';

/** One applicant's timeline: its newest audit rows (one page is a long history already). */
export const TIMELINE_PAGE_SIZE = 100;

/** `admin-audit-list` for one application, newest first. */
export function getTimeline(basicId: string, signal?: AbortSignal) {
  return staffApi.post<AuditListResponse>(
    '/admin-audit-list',
    { basic_id: basicId, page: 1, pageSize: TIMELINE_PAGE_SIZE },
    { signal },
  );
}

export const timelineQueryOptions = (basicId: string) =>
  queryOptions({
    queryKey: [...adminKey, 'audit', basicId] as const,
    queryFn: ({ signal }) => getTimeline(basicId, signal),
  });

export function useTimeline(basicId: string | null) {
  return useQuery({ ...timelineQueryOptions(basicId ?? ''), enabled: basicId !== null });
}
