import { revokeApplicantSession } from '../auth/applicant.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';

/**
 * `apply-signout`: the applicant's session dies on the server at once, so the token stops
 * working wherever a copy of it is (another tab, a proxy log). Signing out without a live
 * session changes nothing. Returns whether a session was revoked.
 */
export async function applySignout(
  db: Db,
  options: { token: string | undefined; ip: string },
): Promise<boolean> {
  const { token } = options;
  if (!token) return false;
  return db.transaction(async (tx) => {
    const session = await revokeApplicantSession(tx, token);
    if (!session) return false;
    await writeAudit(tx, {
      actor: { type: 'applicant', id: session.applicationId, ip: options.ip },
      action: 'applicant.sign_out',
      target: { type: 'applicant_session', id: session.sessionId },
      applicationId: session.applicationId,
    });
    return true;
  });
}
