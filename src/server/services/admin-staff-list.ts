import { asc } from 'drizzle-orm';
import type { StaffListRow } from '#shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { staffMembers } from '../db/schema.ts';

/** `admin-staff-list` (owner): every member, owners first, then by name. */
export async function adminStaffList(options: { db: Db }): Promise<StaffListRow[]> {
  const rows = await options.db
    .select()
    .from(staffMembers)
    .orderBy(asc(staffMembers.role), asc(staffMembers.name));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    mfa_enabled: row.mfaEnabledAt !== null,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}
