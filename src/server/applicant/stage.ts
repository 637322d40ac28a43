import { and, eq, inArray } from 'drizzle-orm';
import { canTransition, STAGES, type Stage } from '#shared/stages.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Tx } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { publishEvent } from '../events.ts';

export const WRONG_STAGE_MESSAGE = 'This step is not available for your application right now.';

export interface MoveStageOptions {
  applicationId: string;
  /**
   * Narrows the stages this call moves from. The table of allowed moves (NEXT_STAGES in
   * src/shared/stages.ts) is the one definition of the life; a call can only use fewer of its
   * moves, never add one.
   */
  from?: readonly Stage[];
  to: Stage;
  actor: Actor;
  /** Audit action, e.g. 'application.verify_code'. */
  action: string;
  /** Other columns to set in the same statement (tier_assigned, full_name, …). */
  set?: Partial<typeof applications.$inferInsert>;
  /** Extra audit detail. */
  detail?: Record<string, unknown>;
  /** Message for the 409. */
  conflictMessage?: string;
}

/**
 * The stages `to` may be reached from: those of `narrowed` (or all) that the table allows. A
 * move the table does not list is a programming error, not a user's: it throws at once.
 */
export function allowedSources(to: Stage, narrowed?: readonly Stage[]): Stage[] {
  const candidates = narrowed ?? STAGES;
  const refused = candidates.filter((from) => !canTransition(from, to));
  if (narrowed && refused.length) {
    throw new Error(`moveStage: ${refused.join(', ')} → ${to} is not in the table of moves`);
  }
  return candidates.filter((from) => canTransition(from, to));
}

/**
 * Moves an application from one of `from` to `to` in one conditional UPDATE, so two racing
 * requests can never both move it; writes the audit row and queues the live `stage` event in
 * the caller's transaction. Throws 409 (nothing changed) when the table has no move from the
 * current stage to `to` (or the caller narrowed it out),
 * 404 when there is no such application.
 */
export async function moveStage(tx: Tx, options: MoveStageOptions): Promise<Stage> {
  const from = allowedSources(options.to, options.from);
  const [current] = await tx
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, options.applicationId));
  if (!current) throw new AppError('not_found', 'Application not found');

  const [moved] = await tx
    .update(applications)
    .set({ ...options.set, stage: options.to })
    .where(and(eq(applications.id, options.applicationId), inArray(applications.stage, from)))
    .returning({ stage: applications.stage });
  if (!moved) {
    throw new AppError('conflict', options.conflictMessage ?? WRONG_STAGE_MESSAGE, {
      details: { stage: current.stage },
    });
  }

  await writeAudit(tx, {
    actor: options.actor,
    action: options.action,
    target: { type: 'application', id: options.applicationId },
    applicationId: options.applicationId,
    before: { stage: current.stage },
    after: { stage: options.to, ...options.detail },
  });
  await publishEvent(tx, {
    type: 'stage',
    applicationId: options.applicationId,
    stage: options.to,
  });
  return options.to;
}
