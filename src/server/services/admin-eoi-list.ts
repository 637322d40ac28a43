import type { EoiRow, InboxMetrics, ListTotal } from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import type { Db } from '../db/client.ts';
import { EOI_INBOX, listInbox } from './inbox/inbox.ts';

/** `admin-eoi-list`: one page of EOI requests, newest first, with the inbox's metrics. */
export function adminEoiList(options: {
  db: Db;
  input: {
    page: number;
    pageSize: number;
    status?: InboxStatus | undefined;
    query?: string | undefined;
  };
}): Promise<{ data: EoiRow[]; metrics: InboxMetrics } & ListTotal> {
  return listInbox(options.db, EOI_INBOX, options.input);
}
