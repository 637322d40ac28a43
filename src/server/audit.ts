import type { StaffRole } from '#shared/staff.ts';
import { auditLog } from './db/schema.ts';
import type { Db, Tx } from './db/client.ts';

export type Actor =
  /** A named member: id, and e-mail and role as they were when acting (CONTRACT §5). */
  | { type: 'staff'; id: string; email: string; role: StaffRole; ip?: string | null }
  /** `ip` is accepted but never stored: an applicant's IP is personal data (CONTRACT §6). */
  | { type: 'applicant'; id: string; ip?: string | null }
  | { type: 'system'; id?: string | null }
  | { type: 'provider'; id: string };

/**
 * Audit actions (LIKE patterns) never shown to the applicant, in their export or anywhere else:
 * screening results and escalations to the MLRO (no tipping-off).
 */
export const CONFIDENTIAL_AUDIT_ACTIONS = ['screening.%', 'case.escalate', 'case.mlro_decide'];

export interface AuditEntry {
  actor: Actor;
  /** Verb-noun, e.g. 'offer.issue', 'kyc_file.approve', 'staff.sign_in'. */
  action: string;
  target: { type: string; id?: string | null };
  /** The application the change concerns, so staff can read an applicant's timeline. */
  applicationId?: string | null;
  /**
   * What changed: ids, field names, stages, tiers, statuses, staff identities (CONTRACT §6).
   * Never a name, e-mail, phone, income, free text an applicant or staff member typed about an
   * applicant, or an applicant's IP: erasure keeps audit rows, so they must hold nothing to erase.
   */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row. Call it with the transaction handle of the change it records, so the
 * change and its record commit or fail together. Rows can never be edited (DB trigger).
 */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await writeAudits(db, [entry]);
}

/** Several rows in one statement (a bulk action: one row per record it changed). */
export async function writeAudits(db: Db | Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map(auditValues));
}

function auditValues(entry: AuditEntry) {
  return {
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
    // Staff IPs are a security record of staff; an applicant's IP is personal data (CONTRACT §6).
    ip: entry.actor.type === 'staff' ? (entry.actor.ip ?? null) : null,
  };
}
