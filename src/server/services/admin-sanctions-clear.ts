import { and, eq, inArray } from 'drizzle-orm';
import { writeAudit, type Actor } from '../audit.ts';
import { unclearedSanctions } from '../applicant/screening.ts';
import type { Db } from '../db/client.ts';
import { identityChecks, screeningAlerts } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const NO_SANCTIONS_MATCH = 'This applicant has no sanctions match to clear.';

/**
 * `admin-sanctions-clear` (compliance): records that the applicant's sanctions match is a
 * false positive, with the written reason and who decided; offers are possible again.
 */
export async function adminSanctionsClear(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  reason: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const cleared = await tx
      .update(identityChecks)
      .set({
        sanctionsClearedAt: new Date(),
        sanctionsClearedBy: options.actor.id,
        sanctionsClearReason: options.reason,
      })
      .where(unclearedSanctions(options.applicationId))
      .returning({ id: identityChecks.id });
    if (cleared.length === 0) throw new AppError('conflict', NO_SANCTIONS_MATCH);
    // The alerts Veriff's sanctions result opened are the same match: cleared with it.
    const now = new Date();
    await tx
      .update(screeningAlerts)
      .set({
        status: 'cleared',
        clearRequestedAt: now,
        clearRequestedBy: options.actor.id,
        clearReason: options.reason,
        clearedAt: now,
        clearedBy: options.actor.id,
      })
      .where(
        and(
          eq(screeningAlerts.applicationId, options.applicationId),
          eq(screeningAlerts.source, 'veriff'),
          eq(screeningAlerts.kind, 'sanctions'),
          inArray(screeningAlerts.status, ['open', 'clear_requested']),
        ),
      );
    await writeAudit(tx, {
      actor: options.actor,
      action: 'sanctions.clear',
      target: { type: 'application', id: options.applicationId },
      applicationId: options.applicationId,
      // The reason stays in identity_checks; it describes a person (CONTRACT §6).
      after: { fields: ['reason'], checks: cleared.map((row) => row.id) },
    });
  });
}
