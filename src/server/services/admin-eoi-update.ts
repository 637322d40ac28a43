import type { InboxStatus } from '#shared/stages.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { EOI_INBOX, updateInboxRecord } from './inbox/inbox.ts';

/**
 * `admin-eoi-update`: sets one EOI request's status, audited in the same transaction;
 * an unknown id is a 404, the status it already has changes nothing.
 */
export function adminEoiUpdate(options: {
  db: Db;
  input: { id: string; status: InboxStatus };
  staff: StaffIdentity;
}): Promise<void> {
  return updateInboxRecord(options.db, EOI_INBOX, { ...options.input, actor: options.staff.actor });
}
