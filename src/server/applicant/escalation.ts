import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { HELD_FOR_MLRO_MESSAGE, type Escalation } from '#shared/schemas/casework.ts';
import { dueAt } from '#shared/service-levels.ts';
import type { Db, Tx } from '../db/client.ts';
import { applications, caseEscalations, staffMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Escalations to the nominated officer (CONTRACT §9). While one is open the case is held: no
 * offer is issued or approved and no card activated. Nothing here ever reaches the applicant:
 * their screens keep saying the application is under review (tipping-off, POCA 2002 s.333A).
 */

const escalator = alias(staffMembers, 'escalator');
const decider = alias(staffMembers, 'mlro');

export const escalationColumns = {
  escalation: caseEscalations,
  escalatorName: escalator.name,
  deciderName: decider.name,
};

/** Escalations with the members who escalated and decided them, and the applicant. */
export function escalationQuery(db: Db | Tx) {
  return db
    .select({
      ...escalationColumns,
      applicationId: caseEscalations.applicationId,
      fullName: applications.fullName,
      stage: applications.stage,
    })
    .from(caseEscalations)
    .innerJoin(applications, eq(applications.id, caseEscalations.applicationId))
    .leftJoin(escalator, eq(escalator.id, caseEscalations.escalatedBy))
    .leftJoin(decider, eq(decider.id, caseEscalations.decidedBy))
    .$dynamic();
}

type EscalationRecord = Awaited<ReturnType<ReturnType<typeof escalationQuery>['execute']>>[number];

const FORMER_MEMBER = 'A former member';

export function toEscalation(row: EscalationRecord, levelHours: number): Escalation {
  const e = row.escalation;
  return {
    id: e.id,
    status: e.status,
    reason: e.reason,
    escalated_by: e.escalatedBy
      ? { id: e.escalatedBy, name: row.escalatorName ?? FORMER_MEMBER }
      : null,
    escalated_at: e.escalatedAt.toISOString(),
    due_at: dueAt(e.escalatedAt, levelHours),
    decision: e.decision,
    reference: e.reference,
    decision_reason: e.decisionReason,
    decided_by: e.decidedBy ? { id: e.decidedBy, name: row.deciderName ?? FORMER_MEMBER } : null,
    decided_at: e.decidedAt?.toISOString() ?? null,
  };
}

/** The case's latest escalation, open or closed; undefined when never escalated. */
export async function latestEscalation(
  db: Db | Tx,
  applicationId: string,
  levelHours: number,
): Promise<Escalation | undefined> {
  const [row] = await escalationQuery(db)
    .where(eq(caseEscalations.applicationId, applicationId))
    .orderBy(desc(caseEscalations.escalatedAt))
    .limit(1);
  return row ? toEscalation(row, levelHours) : undefined;
}

export function openEscalationOf(applicationId: string): SQL {
  return and(eq(caseEscalations.applicationId, applicationId), eq(caseEscalations.status, 'open'))!;
}

/** Whether the case is with the MLRO now. */
export async function isHeld(db: Db | Tx, applicationId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: caseEscalations.id })
    .from(caseEscalations)
    .where(openEscalationOf(applicationId))
    .limit(1);
  return open !== undefined;
}

/** Refuses (409) an offer or an activation while the case is with the MLRO. */
export async function assertNotHeld(tx: Tx, applicationId: string): Promise<void> {
  if (await isHeld(tx, applicationId)) throw new AppError('conflict', HELD_FOR_MLRO_MESSAGE);
}
