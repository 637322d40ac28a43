import { and, desc, eq, ne } from 'drizzle-orm';
import type { KycListFile } from '../../shared/schemas/admin.ts';
import type { KycFileStatus } from '../../shared/stages.ts';
import type { Db } from '../db/client.ts';
import { applications, identityChecks, kycFiles } from '../db/schema.ts';

/** More than a day's review queue; the list is a working view, not an archive. */
const LIST_LIMIT = 500;

/**
 * `admin-kyc-list`: uploaded identity files with whose they are, newest first; `status`
 * narrows it (the spec's pending queue). Files are read through the staff-only
 * `GET /api/admin-kyc-file/:id`, never a public address.
 */
export async function adminKycList(options: {
  db: Db;
  status?: KycFileStatus | undefined;
}): Promise<KycListFile[]> {
  const rows = await options.db
    .select({
      id: kycFiles.id,
      type: kycFiles.type,
      status: kycFiles.status,
      contentType: kycFiles.contentType,
      uploadedAt: kycFiles.uploadedAt,
      applicationId: kycFiles.applicationId,
      notes: kycFiles.staffNotes,
      rejectionReason: kycFiles.rejectionReason,
      fullName: applications.fullName,
      email: applications.email,
      createdAt: applications.createdAt,
      sanctions: identityChecks.sanctions,
      sanctionsClearedAt: identityChecks.sanctionsClearedAt,
    })
    .from(kycFiles)
    .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
    .leftJoin(
      identityChecks,
      and(eq(identityChecks.applicationId, applications.id), eq(identityChecks.isCurrent, true)),
    )
    // A declined application's files are no longer anyone's work.
    .where(
      and(
        ne(applications.stage, 'declined'),
        options.status ? eq(kycFiles.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(kycFiles.uploadedAt), desc(kycFiles.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    content_type: row.contentType,
    uploaded_at: row.uploadedAt.toISOString(),
    basic_id: row.applicationId,
    url: `/api/admin-kyc-file/${row.id}`,
    notes: row.notes,
    rejection_reason: row.rejectionReason,
    application: {
      full_name: row.fullName,
      email: row.email,
      created_at: row.createdAt.toISOString(),
      sanctions_match: row.sanctions === true,
      sanctions_cleared: row.sanctions === true && row.sanctionsClearedAt !== null,
    },
  }));
}
