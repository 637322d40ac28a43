import { eq, sql } from 'drizzle-orm';
import type { AdminAuthResponse } from '#shared/schemas/staff.ts';
import { INVALID_CREDENTIALS } from '#shared/schemas/staff.ts';
import { staffMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyPassphrase } from '../lib/crypto.ts';
import {
  auditFailure,
  dummyPassphraseHash,
  openChallenge,
  reserveAttempt,
  type SignInRequest,
} from '../auth/staff-sign-in.ts';

export { INVALID_CREDENTIALS };

/**
 * `admin-auth`: e-mail and passphrase open the code step (CONTRACT §5); no token yet. Each
 * attempt is counted per IP and per account in the database before the passphrase is checked
 * (auth/staff-throttle.ts). An unknown e-mail, an invited or disabled member and a wrong
 * passphrase answer alike, after the same slow hash.
 */
export async function adminAuth(
  request: SignInRequest,
  input: { email: string; passphrase: string },
): Promise<AdminAuthResponse> {
  const account = input.email.trim().toLowerCase();
  const attempt = await reserveAttempt(request, account);

  const [member] = await request.db
    .select()
    .from(staffMembers)
    .where(eq(sql`lower(${staffMembers.email})`, account))
    .limit(1);
  const hash = member?.passphraseHash ?? (await dummyPassphraseHash());
  const valid = await verifyPassphrase(input.passphrase, hash);
  // An invited member who set a passphrase but never finished enrolling may go on to enrol.
  if (!member || !valid || member.status === 'disabled' || !member.passphraseHash) {
    await attempt.failed();
    if (member) await auditFailure(request, member, 'staff.sign_in_failed', 'wrong passphrase');
    throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  }
  return request.db.transaction(async (tx) => {
    await attempt.succeeded(tx, false);
    return openChallenge(tx, member, request);
  });
}
