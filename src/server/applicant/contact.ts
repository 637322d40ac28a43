import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { applications } from '../db/schema.ts';

/** Who an application is and where it stands; `lock` holds its row until the transaction ends. */
export async function applicationContact(
  db: Db | Tx,
  applicationId: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: applications.id,
      stage: applications.stage,
      fullName: applications.fullName,
      email: applications.email,
      erasedAt: applications.erasedAt,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The application's stage, holding its row until the transaction ends (uploads, reviews). */
export function lockApplication(tx: Tx, applicationId: string) {
  return applicationContact(tx, applicationId, { lock: true });
}
