import { lockApplication } from './contact.ts';
import { eq, or, sql } from 'drizzle-orm';
import type { ErasureReason } from '#shared/retention.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  activations,
  applicantSessions,
  applicationDetails,
  applications,
  emailOutbox,
  eoiRequests,
  fileDeletions,
  caseNotes,
  caseEscalations,
  declineRequests,
  identityChecks,
  screeningAlerts,
  inviteCodes,
  kycFiles,
  magicLinks,
  offers,
} from '../db/schema.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * Erases one application's personal data (CONTRACT §6) inside the caller's transaction: every
 * row about the applicant goes, the application row keeps only its tombstone (id, stage reached,
 * dates, why), and the identity files' keys are queued in `file_deletions`. Either all of it
 * commits or none does, so a crash never leaves a half-erased applicant; the files themselves
 * are deleted after commit by `deleteQueuedFiles`, and a crash before that leaves their keys
 * queued for the next run. Returns false when the application is missing or already erased.
 */
export async function eraseApplication(
  tx: Tx,
  options: { applicationId: string; reason: ErasureReason; now: Date; actor: Actor },
): Promise<boolean> {
  const id = options.applicationId;
  // Locks the row: a concurrent erasure (another instance, or an approval racing the job)
  // waits here and then finds it erased.
  const current = await lockApplication(tx, id);
  if (!current || current.erasedAt) return false;

  const files = await tx
    .delete(kycFiles)
    .where(eq(kycFiles.applicationId, id))
    .returning({ key: kycFiles.storageKey });
  if (files.length) {
    await tx
      .insert(fileDeletions)
      .values(files.map((f) => ({ storageKey: f.key })))
      .onConflictDoNothing();
  }
  const mails = await tx
    .delete(emailOutbox)
    .where(eq(emailOutbox.applicationId, id))
    .returning({ id: emailOutbox.id });
  // Provider payloads go with the checks (identity_check_events cascade).
  const checks = await tx
    .delete(identityChecks)
    .where(eq(identityChecks.applicationId, id))
    .returning({ id: identityChecks.id });
  await tx.delete(magicLinks).where(eq(magicLinks.applicationId, id));
  await tx.delete(applicantSessions).where(eq(applicantSessions.applicationId, id));
  await tx.delete(applicationDetails).where(eq(applicationDetails.applicationId, id));
  // The alerts hold staff's reasons about the person and whom they were matched with.
  await tx.delete(screeningAlerts).where(eq(screeningAlerts.applicationId, id));
  await tx.delete(caseNotes).where(eq(caseNotes.applicationId, id));
  // Staff's words about the person: the decline request's reason, the escalation's reasons.
  await tx.delete(declineRequests).where(eq(declineRequests.applicationId, id));
  await tx.delete(caseEscalations).where(eq(caseEscalations.applicationId, id));
  await tx.delete(offers).where(eq(offers.applicationId, id));
  await tx.delete(activations).where(eq(activations.applicationId, id));
  await tx.delete(eoiRequests).where(eq(eoiRequests.applicationId, id));
  // What they sent from their proved address is theirs too (the same rule as the export).
  const inbox =
    (await deleted(
      tx.execute(
        sql`delete from eoi_requests t where t.application_id is null and ${fromProvedAddress(id)}`,
      ),
    )) +
    (await deleted(tx.execute(sql`delete from contact_messages t where ${fromProvedAddress(id)}`)));
  // A code is not personal, but the address it was issued to is.
  await tx
    .update(inviteCodes)
    .set({ issuedTo: null })
    .where(or(eq(inviteCodes.issuedApplicationId, id), eq(inviteCodes.usedByApplicationId, id)));
  await tx
    .update(applications)
    .set({
      fullName: null,
      email: null,
      emailVerifiedAt: null,
      phone: null,
      reason: null,
      declineReason: null,
      tierOverrideReason: null,
      erasedAt: options.now,
      erasureReason: options.reason,
    })
    .where(eq(applications.id, id));

  await writeAudit(tx, {
    actor: options.actor,
    action: 'application.erase',
    target: { type: 'application', id },
    applicationId: id,
    after: {
      reason: options.reason,
      stage: current.stage,
      files: files.length,
      emails: mails.length,
      identity_checks: checks.length,
      messages: inbox,
    },
  });
  return true;
}

/**
 * Deletes stored files whose records are already gone, then forgets their keys. Safe to run
 * anywhere, any number of times: deleting a missing file is not an error, and a key is only
 * forgotten after its file is gone.
 */
export async function deleteQueuedFiles(
  db: Db,
  storage: FileStorage,
  limit = 500,
): Promise<number> {
  const queued = await db
    .select({ key: fileDeletions.storageKey })
    .from(fileDeletions)
    .orderBy(fileDeletions.createdAt)
    .limit(limit);
  let deleted = 0;
  for (const { key } of queued) {
    await storage.delete(key);
    await db.delete(fileDeletions).where(eq(fileDeletions.storageKey, key));
    deleted += 1;
  }
  return deleted;
}

/** Rows a DELETE or UPDATE touched, on PGlite and node-postgres alike. */
export async function deleted(query: PromiseLike<unknown>): Promise<number> {
  const result = (await query) as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/**
 * A row of table alias `t` sent from the applicant's address, when they have proved it is
 * theirs: an address merely typed into an application could be anyone's.
 */
export const fromProvedAddress = (id: string) => sql`lower(t.email) = (
  select lower(a.email) from applications a where a.id = ${id} and a.email_verified_at is not null)`;
