import type { InboxTable } from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { INBOXES, setInboxStatus } from './inbox/inbox.ts';

/**
 * `admin-bulk-update`: sets the status of the selected records of one inbox in one
 * transaction. Ids that are not in that table are ignored; `updated` counts the records whose
 * status changed (each has its audit row), not those already at that status.
 */
export async function adminBulkUpdate(options: {
  db: Db;
  input: { ids: string[]; status: InboxStatus; table: InboxTable };
  staff: StaffIdentity;
}): Promise<{ updated: number }> {
  const { ids, status, table } = options.input;
  const { updated } = await setInboxStatus(options.db, INBOXES[table], {
    ids,
    status,
    actor: options.staff.actor,
  });
  return { updated };
}
