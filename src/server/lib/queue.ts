import { eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { QueueAssigned, QueueAssignee } from '../../shared/schemas/admin.ts';
import { applications } from '../db/schema.ts';
import { containsPattern } from './like-pattern.ts';

/** What the three staff queues (KYC, Offers, Activations) are asked, once parsed. */
export interface QueueInput {
  page: number;
  page_size: number;
  query?: string | undefined;
  assigned?: QueueAssigned | undefined;
}

/** The application conditions every queue shares: who has the case, and the search. */
export function queueConditions(input: QueueInput, staffId: string): SQL[] {
  const conditions: SQL[] = [];
  if (input.assigned === 'me') conditions.push(eq(applications.assignedTo, staffId));
  if (input.assigned === 'unassigned') conditions.push(isNull(applications.assignedTo));
  if (input.query) {
    // search_text() is lower(unaccent()): 'chloe' finds 'Chloé'; its trigram indexes serve it.
    const pattern = sql`search_text(${containsPattern(input.query)})`;
    conditions.push(
      or(
        sql`search_text(${applications.fullName}) like ${pattern}`,
        sql`search_text(${applications.email}) like ${pattern}`,
      )!,
    );
  }
  return conditions;
}

export function queueOffset(input: QueueInput): number {
  return (input.page - 1) * input.page_size;
}

export function assigneeOf(row: {
  assigneeId: string | null;
  assigneeName: string | null;
}): QueueAssignee {
  return row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? 'Staff' } : null;
}
