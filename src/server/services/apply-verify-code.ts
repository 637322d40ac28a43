import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Stage } from '#shared/stages.ts';
import { INVALID_INVITE_MESSAGE } from '#shared/schemas/journey.ts';
import { confirmEmail, lockEmail, verifiedApplicationFor } from '../applicant/email-ownership.ts';
import { moveStage } from '../applicant/stage.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { createApplicantSession, type NewApplicantSession } from '../auth/applicant.ts';
import type { Db, Tx } from '../db/client.ts';
import { applications, inviteCodes } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { redeemable, sameCode } from './validate-invite.ts';

/** Stages an invitation continues: the applicant has not redeemed a code yet. */
const BEFORE_CODE: readonly Stage[] = ['basic', 'invited'];

export interface VerifyCodeResult {
  session: NewApplicantSession;
  stage: Stage;
}

/**
 * `apply-verify-code`: redeems the code exactly once and opens a session for its application.
 * The claim is one conditional UPDATE: concurrent attempts queue on the row lock, and once
 * the winner commits the others find `used_at` set and match nothing. Everything after it
 * runs in the same transaction, so a failure leaves the code unused.
 */
export async function applyVerifyCode(
  db: Db,
  options: { code: string; ip: string },
): Promise<VerifyCodeResult> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(inviteCodes)
      .set({ usedAt: sql`now()` })
      .where(and(sameCode(options.code), redeemable()))
      .returning({
        id: inviteCodes.id,
        issuedTo: inviteCodes.issuedTo,
        issuedApplicationId: inviteCodes.issuedApplicationId,
      });
    if (!claimed) throw new AppError('not_found', INVALID_INVITE_MESSAGE);

    // Only a personal code speaks for its address; a batch is shared with other people.
    const personalTo = (await isPersonal(tx, claimed)) ? claimed.issuedTo : null;
    const code = { ...claimed, issuedTo: personalTo };
    if (personalTo) await lockEmail(tx, personalTo);
    const { applicationId, stage, created } = await applicationFor(tx, code, options.ip);
    // The code reached its address, so whoever holds it owns the address: the application's
    // e-mail is proved (refused, rolling the redemption back, when another application
    // already proved it).
    if (personalTo) {
      await confirmEmail(tx, {
        applicationId,
        email: personalTo,
        actor: { type: 'applicant', id: applicationId, ip: options.ip },
        via: 'invite_code',
      });
    }

    await tx
      .update(inviteCodes)
      .set({ usedByApplicationId: applicationId })
      .where(eq(inviteCodes.id, claimed.id));
    await writeAudit(tx, {
      actor: { type: 'applicant', id: applicationId, ip: options.ip },
      action: 'invite_code.redeem',
      target: { type: 'invite_code', id: claimed.id },
      applicationId,
      after: { used_by_application_id: applicationId, created_application: created },
    });

    const session = await createApplicantSession(tx, applicationId);
    return { session, stage };
  });
}

/**
 * A personal code was sent to one person: issued for an application (`admin-applicant-invite`)
 * or alone to an address (`admin-invite-generate` with count 1). The codes of a batch share
 * their issued-to address and issue time (one INSERT, one transaction clock) and are meant to
 * be passed on, so they prove nothing about who redeems them.
 */
async function isPersonal(
  tx: Tx,
  code: { id: string; issuedTo: string | null; issuedApplicationId: string | null },
): Promise<boolean> {
  if (!code.issuedTo) return false;
  if (code.issuedApplicationId) return true;
  // Compared in SQL: a JavaScript Date would drop the microseconds.
  const [batch] = await tx
    .select({ n: count() })
    .from(inviteCodes)
    .where(
      sql`(${inviteCodes.issuedTo}, ${inviteCodes.issuedAt}) =
        (select c.issued_to, c.issued_at from invite_codes c where c.id = ${code.id})`,
    );
  return (batch?.n ?? 0) <= 1;
}

/**
 * The application a redeemed code continues: the one it was issued for, else the one that
 * proved the issued-to address, else a waiting one with that address, else a new one. A
 * waiting application moves to code_verified (through moveStage, which records and publishes
 * it). `issuedTo` is set only for a personal code.
 */
async function applicationFor(
  tx: Tx,
  code: { id: string; issuedTo: string | null; issuedApplicationId: string | null },
  ip: string,
): Promise<{ applicationId: string; stage: Stage; created: boolean }> {
  let existing: { id: string; stage: Stage } | undefined;
  if (code.issuedApplicationId) {
    [existing] = await tx
      .select({ id: applications.id, stage: applications.stage })
      .from(applications)
      .where(eq(applications.id, code.issuedApplicationId));
  }
  if (!existing && code.issuedTo) {
    // One person's proved address leads to one application: a second personal code for it
    // continues that application.
    existing = await verifiedApplicationFor(tx, code.issuedTo);
  }
  if (!existing && code.issuedTo) {
    [existing] = await tx
      .select({ id: applications.id, stage: applications.stage })
      .from(applications)
      .where(
        and(
          sql`lower(${applications.email}) = lower(${code.issuedTo})`,
          inArray(applications.stage, [...BEFORE_CODE]),
        ),
      )
      .orderBy(desc(applications.createdAt))
      .limit(1);
  }

  if (existing) {
    // A code issued for an application that has already moved on (e.g. a second invitation)
    // still belongs to that applicant: it resumes the application without moving it.
    if (!BEFORE_CODE.includes(existing.stage)) {
      return { applicationId: existing.id, stage: existing.stage, created: false };
    }
    const actor: Actor = { type: 'applicant', id: existing.id, ip };
    const stage = await moveStage(tx, {
      applicationId: existing.id,
      from: BEFORE_CODE,
      to: 'code_verified',
      actor,
      action: 'application.verify_code',
      detail: { invite_code_id: code.id },
    });
    return { applicationId: existing.id, stage, created: false };
  }

  const [created] = await tx
    .insert(applications)
    .values({ source: 'invite', stage: 'code_verified', email: code.issuedTo })
    .returning({ id: applications.id });
  if (!created) throw new Error('applications insert returned no row');
  await writeAudit(tx, {
    actor: { type: 'applicant', id: created.id, ip },
    action: 'application.create',
    target: { type: 'application', id: created.id },
    applicationId: created.id,
    after: { source: 'invite', stage: 'code_verified', invite_code_id: code.id },
  });
  return { applicationId: created.id, stage: 'code_verified', created: true };
}
