import type { AuditRow } from '#shared/schemas/audit.ts';

/** What a timeline row says of a member it names by id only, when no name is at hand. */
export const UNKNOWN_MEMBER = 'Another staff member';

/**
 * Names for the member ids a timeline's rows hold (`assigned_to` of case.take, case.takeover
 * and case.release), read from the rows themselves: whoever took a case acted in the row that
 * records it, so every holder in one applicant's history is named by some row. `known` adds
 * names the caller has besides (the case's current assignee). Legacy rows hold a token id, not
 * a member's, so they name nobody. An id still unnamed reads as UNKNOWN_MEMBER, never as a UUID.
 */
export function timelineMemberNames(
  rows: readonly Pick<AuditRow, 'actor_type' | 'actor_id' | 'actor_name' | 'actor_email'>[],
  known: readonly { id: string; name: string }[] = [],
): (id: string) => string {
  const names = new Map<string, string>();
  for (const row of rows) {
    if (row.actor_type !== 'staff' || !row.actor_id || !row.actor_email || !row.actor_name) {
      continue;
    }
    if (!names.has(row.actor_id)) names.set(row.actor_id, row.actor_name);
  }
  for (const member of known) if (member.name) names.set(member.id, member.name);
  return (id) => names.get(id) ?? UNKNOWN_MEMBER;
}
