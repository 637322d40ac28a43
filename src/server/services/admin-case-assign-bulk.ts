import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { mayCall } from '#shared/calls.ts';
import { ASSIGNEE_NOT_ACTIVE } from '#shared/schemas/casework.ts';
import type { Stage } from '#shared/stages.ts';
import { writeAudits, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, staffMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** A case is open until it ends: members are neither worked nor reassigned. */
export const ENDED_STAGES: Stage[] = ['activated', 'declined'];

/**
 * `admin-case-assign-bulk` (owner, compliance): up to 100 cases to one member, or unassigned;
 * or every open case of `fromStaffId` (a member who left or is off sick) in one step. One
 * UPDATE, one audit row per case moved (its previous and new holder). Unknown or erased ids are
 * returned as `not_found`, the rest still move.
 */
export async function adminCaseAssignBulk(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  basicIds: string[] | undefined;
  fromStaffId: string | undefined;
  staffId: string | null;
}): Promise<{ assigned: number; notFound: string[] }> {
  const { db, actor, staffId } = options;
  return db.transaction(async (tx) => {
    if (staffId) {
      const [member] = await tx
        .select({ role: staffMembers.role, status: staffMembers.status })
        .from(staffMembers)
        .where(eq(staffMembers.id, staffId));
      if (!member || member.status !== 'active' || !mayCall(member.role, 'admin-case-assign')) {
        throw new AppError('invalid_input', ASSIGNEE_NOT_ACTIVE);
      }
    }
    const ids = options.basicIds ?? [];
    const which = options.fromStaffId
      ? and(
          eq(applications.assignedTo, options.fromStaffId),
          notInArray(applications.stage, ENDED_STAGES),
        )
      : inArray(applications.id, ids);
    const before = await tx
      .select({ id: applications.id, assignedTo: applications.assignedTo })
      .from(applications)
      .where(and(which, isNull(applications.erasedAt)))
      .for('update');
    const moved = before.filter((row) => row.assignedTo !== staffId);
    if (moved.length > 0) {
      await tx
        .update(applications)
        .set({ assignedTo: staffId, assignedAt: staffId ? sql`now()` : null })
        .where(
          inArray(
            applications.id,
            moved.map((row) => row.id),
          ),
        );
      await writeAudits(
        tx,
        moved.map((row) => ({
          actor,
          action: staffId ? 'case.assign' : 'case.release',
          target: { type: 'application', id: row.id },
          applicationId: row.id,
          before: { assigned_to: row.assignedTo },
          after: { assigned_to: staffId },
        })),
      );
    }
    const found = new Set(before.map((row) => row.id));
    return { assigned: moved.length, notFound: ids.filter((id) => !found.has(id)) };
  });
}
