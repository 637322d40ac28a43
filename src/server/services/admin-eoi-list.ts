import type { EoiRow, InboxMetrics, ListTotal } from '#shared/schemas/admin-lists.ts';
import type { CallInput } from '#shared/calls.ts';
import type { Db } from '../db/client.ts';
import { EOI_INBOX, listInbox } from './inbox/inbox.ts';

/** `admin-eoi-list`: one page of EOI requests, newest first, with the inbox's metrics. */
export function adminEoiList(options: {
  db: Db;
  input: CallInput<'admin-eoi-list'>;
}): Promise<{ data: EoiRow[]; metrics: InboxMetrics } & ListTotal> {
  return listInbox(options.db, EOI_INBOX, options.input);
}
