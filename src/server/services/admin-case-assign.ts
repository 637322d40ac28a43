import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  assignedToMessage,
  CASE_NOT_FOUND,
  RELEASE_NOT_HOLDER,
  type CaseAssignAction,
  type CaseAssignee,
} from '#shared/schemas/case.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db, Tx } from '../db/client.ts';
import { applications, staffMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** The case's holder now, by name; null when unassigned. Throws on an unknown or erased case. */
async function holderOf(db: Db | Tx, applicationId: string): Promise<CaseAssignee | null> {
  const [row] = await db
    .select({
      erasedAt: applications.erasedAt,
      assignedTo: applications.assignedTo,
      assignedAt: applications.assignedAt,
      name: staffMembers.name,
    })
    .from(applications)
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(eq(applications.id, applicationId));
  if (!row || row.erasedAt) throw new AppError('not_found', CASE_NOT_FOUND);
  if (!row.assignedTo || !row.assignedAt) return null;
  return { id: row.assignedTo, name: row.name ?? '', assigned_at: row.assignedAt.toISOString() };
}

/**
 * `admin-case-assign`: take an unassigned case, take over someone else's (only when asked to,
 * and recorded as a takeover naming the previous member), or release one's own (an owner may
 * release anyone's). Every change is one conditional UPDATE on the holder the caller saw, so of
 * two members taking a case at once exactly one wins; the other is told who has it.
 */
export async function adminCaseAssign(options: {
  db: Db;
  staff: StaffIdentity;
  applicationId: string;
  action: CaseAssignAction;
  takeover: boolean;
}): Promise<CaseAssignee | null> {
  const { db, staff, applicationId } = options;
  const me = staff.member;
  return db.transaction(async (tx) => {
    const holder = await holderOf(tx, applicationId);

    if (options.action === 'release') {
      if (!holder) return null;
      if (holder.id !== me.id && me.role !== 'owner') {
        throw new AppError('forbidden', RELEASE_NOT_HOLDER);
      }
      const released = await tx
        .update(applications)
        .set({ assignedTo: null, assignedAt: null })
        .where(and(eq(applications.id, applicationId), eq(applications.assignedTo, holder.id)))
        .returning({ id: applications.id });
      // Taken over or released by someone else meanwhile: report how it is now.
      if (released.length === 0) return holderOf(tx, applicationId);
      await writeAudit(tx, {
        actor: staff.actor,
        action: 'case.release',
        target: { type: 'application', id: applicationId },
        applicationId,
        before: { assigned_to: holder.id },
        after: { assigned_to: null },
      });
      return null;
    }

    if (holder?.id === me.id) return holder;
    if (holder && !options.takeover) {
      throw new AppError('conflict', assignedToMessage(holder.name), {
        details: { assigned_to: holder.id },
      });
    }
    const [taken] = await tx
      .update(applications)
      .set({ assignedTo: me.id, assignedAt: sql`now()` })
      .where(
        and(
          eq(applications.id, applicationId),
          holder ? eq(applications.assignedTo, holder.id) : isNull(applications.assignedTo),
        ),
      )
      .returning({ assignedAt: applications.assignedAt });
    if (!taken?.assignedAt) {
      // Someone else took it between our read and our write: they won.
      const now = await holderOf(tx, applicationId);
      if (now?.id === me.id) return now;
      throw new AppError(
        'conflict',
        now ? assignedToMessage(now.name) : 'This case changed meanwhile. Please try again.',
        now ? { details: { assigned_to: now.id } } : {},
      );
    }
    await writeAudit(tx, {
      actor: staff.actor,
      action: holder ? 'case.takeover' : 'case.take',
      target: { type: 'application', id: applicationId },
      applicationId,
      before: { assigned_to: holder?.id ?? null },
      after: { assigned_to: me.id },
    });
    return { id: me.id, name: me.name, assigned_at: taken.assignedAt.toISOString() };
  });
}
