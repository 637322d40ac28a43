import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LEGACY_STAFF_LABEL } from '../../shared/staff.ts';
import type { AuditRow } from '../../shared/schemas/admin-lists.ts';
import type { ApplicationCase } from '../../shared/schemas/data-protection.ts';
import type { Db } from '../db/client.ts';
import { auditLog, staffMembers } from '../db/schema.ts';
import { applicationCase } from './admin-data-protection.ts';

export interface AuditListInput {
  basic_id?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * `admin-audit-list`: the audit trail newest first, one page, with its total; `basic_id`
 * narrows it to one applicant's timeline (audit_log_application_at_idx). Read only: no call
 * edits or deletes audit rows, and the database refuses it anyway (migration 0001).
 */
export async function adminAuditList(options: {
  db: Db;
  input: AuditListInput;
}): Promise<{ data: AuditRow[]; total: number; case?: ApplicationCase | null }> {
  const { db, input } = options;
  const where = input.basic_id ? eq(auditLog.applicationId, input.basic_id) : undefined;
  const [found, rows, [totalRow]] = await Promise.all([
    input.basic_id ? applicationCase(db, input.basic_id) : undefined,
    db
      .select({ row: auditLog, memberName: staffMembers.name })
      .from(auditLog)
      .leftJoin(
        staffMembers,
        and(
          eq(auditLog.actorType, 'staff'),
          sql`${auditLog.actorEmail} is not null`,
          eq(sql`${staffMembers.id}::text`, auditLog.actorId),
        ),
      )
      .where(where)
      // Rows of one transaction share its start time; the id keeps them in write order.
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    ...(found === undefined ? {} : { case: found }),
    data: rows.map(({ row, memberName }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_type: row.actorType,
      actor_id: row.actorId,
      actor_name:
        row.actorType !== 'staff'
          ? null
          : row.actorEmail === null
            ? LEGACY_STAFF_LABEL
            : (memberName ?? row.actorEmail),
      actor_email: row.actorEmail,
      actor_role: row.actorRole,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      application_id: row.applicationId,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
    total: totalRow?.n ?? 0,
  };
}
