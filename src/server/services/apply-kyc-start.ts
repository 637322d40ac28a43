import { eq } from 'drizzle-orm';
import type { KycStartResponse } from '../../shared/schemas/journey.ts';
import { moveStage, WRONG_STAGE_MESSAGE } from '../applicant/stage.ts';
import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { KycProvider } from '../kyc/provider.ts';

/**
 * `apply-kyc-start`: hands the application to the identity provider and moves it
 * `detailed` → `kyc_in_progress`. A wrong stage is refused before the provider is asked for
 * anything; the provider's network work happens outside the transaction, and the move and
 * the identity check then commit together (a provider that refuses rolls the move back).
 */
export async function applyKycStart(options: {
  db: Db;
  provider: KycProvider;
  applicationId: string;
  actor: Actor;
}): Promise<KycStartResponse> {
  const { db, provider, applicationId, actor } = options;
  const [application] = await db
    .select({
      id: applications.id,
      stage: applications.stage,
      fullName: applications.fullName,
      email: applications.email,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
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
