import type { ContactRow, InboxMetrics, ListTotal } from '#shared/schemas/admin-lists.ts';
import type { CallInput } from '#shared/calls.ts';
import type { Db } from '../db/client.ts';
import { CONTACT_INBOX, listInbox } from './inbox/inbox.ts';

/** `admin-contact-list`: one page of contact messages, newest first, with the inbox's metrics. */
export function adminContactList(options: {
  db: Db;
  input: CallInput<'admin-contact-list'>;
}): Promise<{ data: ContactRow[]; metrics: InboxMetrics } & ListTotal> {
  return listInbox(options.db, CONTACT_INBOX, options.input);
}
