import { asc, desc, eq, sql } from 'drizzle-orm';
import type { EscalationRow, TEscalationListRequest } from '#shared/schemas/casework.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import { escalationQuery, toEscalation } from '../applicant/escalation.ts';
import type { Db } from '../db/client.ts';
import { caseEscalations } from '../db/schema.ts';

/**
 * `admin-escalation-list` (mlro): the open escalations oldest first (the longest waiting is
 * decided first), or the closed ones newest decision first. Erased applicants' escalations
 * stay, without a name: the decision is the bank's record.
 */
export async function adminEscalationList(options: {
  db: Db;
  input: Required<Pick<TEscalationListRequest, 'page' | 'page_size' | 'status'>>;
  levelHours: number;
}): Promise<{ data: EscalationRow[] } & ListTotal> {
  const { db, input } = options;
  const where = eq(caseEscalations.status, input.status);
  const order =
    input.status === 'open'
      ? [asc(caseEscalations.escalatedAt), asc(caseEscalations.id)]
      : [desc(caseEscalations.decidedAt), desc(caseEscalations.id)];
  const [rows, [count]] = await Promise.all([
    escalationQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(input.page_size)
      .offset((input.page - 1) * input.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(caseEscalations)
      .where(where),
  ]);
  return {
    data: rows.map((row) => ({
      ...toEscalation(row, options.levelHours),
      basic_id: row.applicationId,
      full_name: row.fullName,
      stage: row.stage,
    })),
    total: count?.total ?? 0,
  };
}
