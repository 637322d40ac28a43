import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { StaffCall } from '#shared/calls.ts';
import {
  defaultExportFileName,
  type InboxListResponse,
  type InboxPageSize,
  type InboxTable,
  type TExportCsvRequest,
  type TInboxListRequest,
} from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import { saveDownload } from '#client/lib/staff/api/save-file.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

/** The list and update calls of one inbox (SPEC §7 'Admin'). */
const INBOX_CALLS = {
  eoi_requests: { list: 'admin-eoi-list', update: 'admin-eoi-update' },
  contact_messages: { list: 'admin-contact-list', update: 'admin-contact-update' },
} as const satisfies Record<InboxTable, { list: StaffCall; update: StaffCall }>;

const inboxKey = (table: InboxTable) => ['admin', 'inbox', table] as const;

export type InboxListParams = {
  page: number;
  pageSize: InboxPageSize;
  status: InboxStatus | 'all';
  query: string;
};

export function inboxListQuery<Row>(table: InboxTable, params: InboxListParams) {
  const body: TInboxListRequest = {
    page: params.page,
    pageSize: params.pageSize,
    status: params.status,
    query: params.query,
  };
  return queryOptions({
    queryKey: [...inboxKey(table), 'list', params] as const,
    // Each inbox answers its own rows; the caller names them.
    queryFn: ({ signal }) =>
      staffApi.call(INBOX_CALLS[table].list, body, { signal }) as Promise<InboxListResponse<Row>>,
    // The table keeps its rows while the next page or filter loads, so nothing jumps.
    placeholderData: keepPreviousData,
    // SPEC §8: an admin failure is logged and toasted, never retried.
    retry: false,
  });
}

export function useInboxList<Row>(table: InboxTable, params: InboxListParams) {
  return useQuery(inboxListQuery<Row>(table, params));
}

/** Rows and metrics change together: after any update, every page of the inbox is re-read. */
function useRefreshInbox(table: InboxTable) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inboxKey(table) });
}

/** `admin-eoi-update`, `admin-contact-update`: one record's status. */
export function useUpdateInboxStatus(table: InboxTable) {
  const refresh = useRefreshInbox(table);
  return useMutation({
    mutationFn: (input: { id: string; status: InboxStatus }) =>
      staffApi.call(INBOX_CALLS[table].update, input),
    onSettled: refresh,
  });
}

/** `admin-bulk-update`: the selected records of one inbox to one status. */
export function useBulkUpdateInbox(table: InboxTable) {
  const refresh = useRefreshInbox(table);
  return useMutation({
    mutationFn: (input: { ids: string[]; status: InboxStatus }) =>
      staffApi.call('admin-bulk-update', { ...input, table }),
    onSettled: refresh,
  });
}

/** `admin-export-csv`: the inbox under the current filters, saved as a CSV file. */
export function exportInboxCsv(request: TExportCsvRequest & { table: InboxTable }) {
  return saveDownload('admin-export-csv', { body: request }, defaultExportFileName(request.table));
}

export function useExportInboxCsv() {
  return useMutation({ mutationFn: exportInboxCsv });
}
