import type { StaffRole } from '../shared/staff.ts';
import { auditLog } from './db/schema.ts';
import type { Db, Tx } from './db/client.ts';

export type Actor =
  /** A named member: id, and e-mail and role as they were when acting (CONTRACT §5). */
  | { type: 'staff'; id: string; email: string; role: StaffRole; ip?: string | null }
  | { type: 'applicant'; id: string; ip?: string | null }
  | { type: 'system'; id?: string | null }
  | { type: 'provider'; id: string };

export interface AuditEntry {
  actor: Actor;
  /** Verb-noun, e.g. 'offer.issue', 'kyc_file.approve', 'staff.sign_in'. */
  action: string;
  target: { type: string; id?: string | null };
  /** The application the change concerns, so staff can read an applicant's timeline. */
  applicationId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row. Call it with the transaction handle of the change it records, so the
 * change and its record commit or fail together. Rows can never be edited (DB trigger).
 */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: entry.actor.type,
    actorId: entry.actor.id ?? null,
    actorEmail: entry.actor.type === 'staff' ? entry.actor.email : null,
    actorRole: entry.actor.type === 'staff' ? entry.actor.role : null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    applicationId: entry.applicationId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: 'ip' in entry.actor ? (entry.actor.ip ?? null) : null,
  });
}
