import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { DirectoryMember } from '#shared/schemas/casework.ts';
import type { Db } from '../db/client.ts';
import { applications, staffMembers } from '../db/schema.ts';
import { ENDED_STAGES } from './admin-case-assign-bulk.ts';

/**
 * `admin-staff-directory` (owner, compliance): every member by name with the open cases they
 * hold, for assigning work and moving a disabled member's cases. No e-mails or sign-in details:
 * that is the owners' Staff tab.
 */
export async function adminStaffDirectory(options: { db: Db }): Promise<DirectoryMember[]> {
  const rows = await options.db
    .select({
      id: staffMembers.id,
      name: staffMembers.name,
      role: staffMembers.role,
      status: staffMembers.status,
      open_cases: sql<number>`(select count(*)::int from ${applications}
        where ${and(
          eq(applications.assignedTo, staffMembers.id),
          isNull(applications.erasedAt),
          notInArray(applications.stage, ENDED_STAGES),
        )})`,
    })
    .from(staffMembers)
    .orderBy(asc(staffMembers.name), asc(staffMembers.id));
  return rows;
}
