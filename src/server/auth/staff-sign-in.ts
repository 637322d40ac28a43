import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AdminAuthResponse, AdminSessionResponse } from '#shared/schemas/staff.ts';
import { CHALLENGE_EXPIRED, INVALID_CODE } from '#shared/schemas/staff.ts';
import type { StaffMember } from '#shared/staff.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { staffChallenges, staffMembers, staffRecoveryCodes, staffTokens } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashPassphrase, hashToken, newToken } from '../lib/crypto.ts';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  isTotpShaped,
  newTotpSecret,
  otpauthUrl,
  totpStepOf,
} from './mfa.ts';
import { STAFF_TOKEN_TTL_MS } from './staff.ts';
import {
  clearStaffFailures,
  recordStaffFailure,
  reserveStaffAttempt,
  type StaffAttemptLimits,
} from './staff-throttle.ts';

/** A challenge lives 5 minutes and is used once (CONTRACT §5). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Where the request came from, for throttling, sessions and the audit trail. */
export interface SignInRequest {
  db: Db;
  mfaKey: Buffer;
  ip: string;
  userAgent: string | null;
  /** Null turns the failure limits off (RATE_LIMIT_SCALE=0). */
  limits: StaffAttemptLimits | null;
}

type MemberRow = typeof staffMembers.$inferSelect;

const memberOf = (row: MemberRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});

export const staffActor = (member: StaffMember, ip: string | null): Actor & { type: 'staff' } => ({
  type: 'staff',
  id: member.id,
  email: member.email,
  role: member.role,
  ip,
});

/** Reserves an attempt (429 when too early) and hands back how to settle it. */
export async function reserveAttempt(request: SignInRequest, account: string) {
  const reservation = request.limits
    ? await reserveStaffAttempt(request.db, request.ip, account, request.limits)
    : null;
  return {
    async failed() {
      if (reservation !== null) await recordStaffFailure(request.db, reservation);
    },
    async succeeded(tx: Tx, signedIn: boolean) {
      if (reservation !== null) {
        await clearStaffFailures(tx, { ip: request.ip, account, reservation, signedIn });
      }
    },
  };
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash to check the passphrase against when the e-mail is unknown, so an unknown e-mail
 * costs the same time as a known one.
 */
export function dummyPassphraseHash(): Promise<string> {
  dummyHash ??= hashPassphrase('no member has this passphrase');
  return dummyHash;
}

/**
 * Opens the code step for a member whose passphrase was right: 'verify' when they have a second
 * factor, else 'enroll' with a new secret (kept encrypted on the challenge until a code
 * confirms it).
 */
export async function openChallenge(
  tx: Tx,
  member: Pick<MemberRow, 'id' | 'email' | 'totpSecret'>,
  request: Pick<SignInRequest, 'mfaKey' | 'ip'>,
): Promise<AdminAuthResponse> {
  const challenge = newToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  // Spent and expired challenges are of no further use: keep the table small.
  await tx
    .delete(staffChallenges)
    .where(
      and(
        eq(staffChallenges.memberId, member.id),
        or(lt(staffChallenges.expiresAt, new Date()), sql`${staffChallenges.usedAt} is not null`),
      ),
    );
  if (member.totpSecret) {
    await tx.insert(staffChallenges).values({
      tokenHash: hashToken(challenge),
      memberId: member.id,
      purpose: 'verify',
      expiresAt,
      ip: request.ip,
    });
    return { ok: true, challenge, mfa: 'verify' };
  }
  const secret = newTotpSecret();
  await tx.insert(staffChallenges).values({
    tokenHash: hashToken(challenge),
    memberId: member.id,
    purpose: 'enroll',
    pendingSecret: encryptTotpSecret(secret, request.mfaKey),
    expiresAt,
    ip: request.ip,
  });
  return {
    ok: true,
    challenge,
    mfa: 'enroll',
    otpauth_url: otpauthUrl(secret, member.email),
    secret,
  };
}

/** A live, unused challenge of `purpose` and its active member, or 401. */
export async function findChallenge(db: Db, challenge: string, purpose: 'verify' | 'enroll') {
  const [row] = await db
    .select({ challenge: staffChallenges, member: staffMembers })
    .from(staffChallenges)
    .innerJoin(staffMembers, eq(staffMembers.id, staffChallenges.memberId))
    .where(
      and(
        eq(staffChallenges.tokenHash, hashToken(challenge)),
        eq(staffChallenges.purpose, purpose),
        isNull(staffChallenges.usedAt),
        gt(staffChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.member.status === 'disabled') {
    throw new AppError('unauthenticated', CHALLENGE_EXPIRED);
  }
  return row;
}

/** Marks the challenge used; false when another request used it first. */
async function spendChallenge(tx: Tx, challengeId: string): Promise<boolean> {
  const spent = await tx
    .update(staffChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(staffChallenges.id, challengeId), isNull(staffChallenges.usedAt)))
    .returning({ id: staffChallenges.id });
  return spent.length === 1;
}

/**
 * Accepts a TOTP code for a step after the last one accepted (so no code works twice), or an
 * unused recovery code (then spent). Returns how the member proved it, or null.
 */
async function acceptSecondFactor(
  tx: Tx,
  member: MemberRow,
  code: string,
  mfaKey: Buffer,
): Promise<'totp' | 'recovery' | null> {
  if (isTotpShaped(code)) {
    if (!member.totpSecret) return null;
    const step = totpStepOf(decryptTotpSecret(member.totpSecret, mfaKey), code);
    if (step === null) return null;
    const accepted = await tx
      .update(staffMembers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffMembers.id, member.id),
          or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
        ),
      )
      .returning({ id: staffMembers.id });
    return accepted.length ? 'totp' : null;
  }
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.memberId, member.id),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length ? 'recovery' : null;
}

/** Creates the 8-hour token, records the sign-in, and answers as CONTRACT §5 says. */
async function issueToken(
  tx: Tx,
  member: MemberRow,
  request: SignInRequest,
  how: string,
): Promise<AdminSessionResponse> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + STAFF_TOKEN_TTL_MS);
  const [row] = await tx
    .insert(staffTokens)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt,
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: staffTokens.id });
  await tx
    .update(staffMembers)
    .set({ lastSignInAt: new Date() })
    .where(eq(staffMembers.id, member.id));
  const staff = memberOf(member);
  await writeAudit(tx, {
    actor: staffActor(staff, request.ip),
    action: 'staff.sign_in',
    target: { type: 'staff_token', id: row!.id },
    after: { second_factor: how, expires_at: expiresAt.toISOString() },
  });
  return { ok: true, token, expires_at: expiresAt.toISOString(), staff };
}

/** `admin-auth-verify`: the code step of a member with a second factor. */
export async function verifyChallenge(
  request: SignInRequest,
  input: { challenge: string; code: string },
): Promise<AdminSessionResponse> {
  const { challenge, member } = await findChallenge(request.db, input.challenge, 'verify');
  const attempt = await reserveAttempt(request, member.email);
  const result = await request.db.transaction(async (tx) => {
    const how = await acceptSecondFactor(tx, member, input.code, request.mfaKey);
    if (!how) return null;
    if (!(await spendChallenge(tx, challenge.id))) {
      throw new AppError('unauthenticated', CHALLENGE_EXPIRED);
    }
    await attempt.succeeded(tx, true);
    if (how === 'recovery') {
      await writeAudit(tx, {
        actor: staffActor(memberOf(member), request.ip),
        action: 'staff.recovery_code_used',
        target: { type: 'staff_member', id: member.id },
      });
    }
    return issueToken(tx, member, request, how);
  });
  if (!result) {
    await attempt.failed();
    await auditFailure(request, member, 'staff.sign_in_failed', 'wrong code');
    throw new AppError('unauthenticated', INVALID_CODE);
  }
  return result;
}

/**
 * `admin-mfa-enroll`: the first code from the new secret proves the app holds it; then the
 * secret is the member's, ten recovery codes replace any old ones, and the session starts.
 */
export async function enrollChallenge(
  request: SignInRequest,
  input: { challenge: string; code: string },
  newCodes: { codes: string[] },
): Promise<AdminSessionResponse> {
  const { challenge, member } = await findChallenge(request.db, input.challenge, 'enroll');
  const attempt = await reserveAttempt(request, member.email);
  const secret = decryptTotpSecret(challenge.pendingSecret ?? '', request.mfaKey);
  const step = isTotpShaped(input.code) ? totpStepOf(secret, input.code) : null;
  if (step === null) {
    await attempt.failed();
    await auditFailure(request, member, 'staff.mfa_enroll_failed', 'wrong code');
    throw new AppError('unauthenticated', INVALID_CODE);
  }
  return request.db.transaction(async (tx) => {
    if (!(await spendChallenge(tx, challenge.id))) {
      throw new AppError('unauthenticated', CHALLENGE_EXPIRED);
    }
    const now = new Date();
    const [enrolled] = await tx
      .update(staffMembers)
      .set({
        totpSecret: challenge.pendingSecret,
        totpLastStep: step,
        mfaEnabledAt: now,
        status: 'active',
      })
      // Someone enrolled this member meanwhile (another tab): this secret is not theirs.
      .where(and(eq(staffMembers.id, member.id), isNull(staffMembers.totpSecret)))
      .returning();
    if (!enrolled) throw new AppError('unauthenticated', CHALLENGE_EXPIRED);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberId, member.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(
        newCodes.codes.map((code) => ({ memberId: member.id, codeHash: hashRecoveryCode(code) })),
      );
    await attempt.succeeded(tx, true);
    await writeAudit(tx, {
      actor: staffActor(memberOf(enrolled), request.ip),
      action: 'staff.mfa_enroll',
      target: { type: 'staff_member', id: member.id },
      after: { recovery_codes: newCodes.codes.length },
    });
    return issueToken(tx, enrolled, request, 'totp');
  });
}

/** A failed step names the member it was for, never what was typed. */
export async function auditFailure(
  request: Pick<SignInRequest, 'db' | 'ip'>,
  member: Pick<MemberRow, 'id' | 'email' | 'name' | 'role'>,
  action: string,
  reason: string,
): Promise<void> {
  await writeAudit(request.db, {
    actor: staffActor(memberOf(member as MemberRow), request.ip),
    action,
    target: { type: 'staff_member', id: member.id },
    after: { reason },
  });
}
