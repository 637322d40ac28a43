import { createHash } from 'node:crypto';
import { applicationContact } from '../applicant/contact.ts';
import type { KycStartResponse } from '#shared/schemas/journey.ts';
import { moveStage, WRONG_STAGE_MESSAGE } from '../applicant/stage.ts';
import type { Actor } from '../audit.ts';
import type { Database, Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { KycProvider } from '../kyc/provider.ts';

export interface ApplyKycStartOptions {
  db: Db;
  provider: KycProvider;
  applicationId: string;
  actor: Actor;
  /**
   * The database's advisory lock (`Database.withLock`): starts of one application on other
   * instances wait for each other. Without it only this process's starts are one.
   */
  withLock?: Database['withLock'];
}

/** Starts under way in this process, by application: a second caller shares the first's answer. */
const underWay = new Map<string, Promise<KycStartResponse>>();

/** The advisory lock key of one application's start (a safe integer; a clash only serialises). */
function startLockKey(applicationId: string): number {
  return createHash('sha256').update(`kyc-start:${applicationId}`).digest().readUIntBE(0, 6);
}

/**
 * `apply-kyc-start`: hands the application to the identity provider and moves it
 * `detailed` → `kyc_in_progress`. A wrong stage is refused before the provider is asked for
 * anything; the provider's network work happens outside the transaction, and the move and
 * the identity check then commit together (a provider that refuses rolls the move back).
 *
 * One start at a time per application: each Veriff session is billed, so a double click or two
 * tabs must not create two. Calls in this process share one start (both get its answer); across
 * instances the advisory lock makes the later one wait and then find the stage moved on (409).
 */
export function applyKycStart(options: ApplyKycStartOptions): Promise<KycStartResponse> {
  const { applicationId } = options;
  const running = underWay.get(applicationId);
  if (running) return running;
  const started = (
    options.withLock
      ? // All of the start runs on the lock's own connection, so it never waits for a second.
        options.withLock(startLockKey(applicationId), (db) => startOnce({ ...options, db }))
      : startOnce(options)
  ).finally(() => underWay.delete(applicationId));
  underWay.set(applicationId, started);
  return started;
}

async function startOnce(options: ApplyKycStartOptions): Promise<KycStartResponse> {
  const { db, provider, applicationId, actor } = options;
  const application = await applicationContact(db, applicationId);
  if (!application) throw new AppError('not_found', 'Application not found');
  if (application.stage !== 'detailed') {
    throw new AppError('conflict', WRONG_STAGE_MESSAGE, { details: { stage: application.stage } });
  }

  const prepared = await provider.prepare(db, application);
  const result = await db.transaction(async (tx) => {
    await moveStage(tx, {
      applicationId,
      from: ['detailed'],
      to: 'kyc_in_progress',
      actor,
      action: 'application.kyc_start',
      detail: { provider: provider.name },
    });
    return provider.start(tx, { ...application, stage: 'kyc_in_progress' }, prepared, actor);
  });
  return { ok: true, stage: result.stage, ...(result.url ? { url: result.url } : {}) };
}
