import type { ContactRow, InboxMetrics, ListTotal } from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import type { Db } from '../db/client.ts';
import { CONTACT_INBOX, listInbox } from './inbox/inbox.ts';

/** `admin-contact-list`: one page of contact messages, newest first, with the inbox's metrics. */
export function adminContactList(options: {
  db: Db;
  input: {
    page: number;
    pageSize: number;
    status?: InboxStatus | undefined;
    query?: string | undefined;
  };
}): Promise<{ data: ContactRow[]; metrics: InboxMetrics } & ListTotal> {
  return listInbox(options.db, CONTACT_INBOX, options.input);
}
