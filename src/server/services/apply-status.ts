import { eq } from 'drizzle-orm';
import type { Stage } from '#shared/stages.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** `apply-status`: the stage of the caller's own application. */
export async function applyStatus(db: Db, applicationId: string): Promise<Stage> {
  const [row] = await db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!row) throw new AppError('not_found', 'Application not found');
  return row.stage;
}
