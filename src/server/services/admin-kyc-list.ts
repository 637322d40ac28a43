import { and, asc, eq, isNull, lt, ne, not, sql, type SQL } from 'drizzle-orm';
import type { KycListFile } from '../../shared/schemas/admin.ts';
import type { KycFileStatus } from '../../shared/stages.ts';
import type { Db } from '../db/client.ts';
import { idsPlaceholder, prepared, rowsByIds } from '../db/prepared.ts';
import { applications, identityChecks, kycFiles, staffMembers } from '../db/schema.ts';
import {
  assigneeOf,
  queueConditions,
  queueOffset,
  queueTotal,
  type QueueInput,
} from '../lib/queue.ts';
import type { ListTotal } from '../../shared/schemas/admin-lists.ts';
import { cappedCountAndPage, pageIsPastEnd } from '../lib/row-counts.ts';

export interface KycListInput extends QueueInput {
  status?: KycFileStatus | undefined;
}

/** One page's files with whose they are, in queue order, given their ids. */
const kycRows = (db: Db) =>
  db
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
      assigneeId: staffMembers.id,
      assigneeName: staffMembers.name,
    })
    .from(kycFiles)
    .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
    .leftJoin(
      identityChecks,
      and(eq(identityChecks.applicationId, applications.id), eq(identityChecks.isCurrent, true)),
    )
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(idsPlaceholder(kycFiles.id))
    .orderBy(asc(kycFiles.uploadedAt), asc(kycFiles.id))
    .prepare('kyc_list_rows');

/**
 * `admin-kyc-list`: uploaded identity files with whose they are, oldest upload first (the one
 * waiting longest is reviewed first), one page and the total (exact; a search's counted up to
 * COUNT_CAP); `status` narrows it (the spec's pending queue). Files are read through the staff-only `GET /api/admin-kyc-file/:id`,
 * never a public address.
 *
 * A declined application's files are no longer anyone's work. Rejecting one file sends the
 * applicant back (`kyc_in_progress` → `detailed`) to upload again: a file still pending from
 * before that move waits for the resubmission, so it leaves the pending queue (the list of
 * every file, each applicant's record, still shows it). A file uploaded since the applicant
 * entered `detailed` (a first upload, or a replacement) is in the queue as before.
 */
export async function adminKycList(options: {
  db: Db;
  input: KycListInput;
  staffId: string;
}): Promise<{ data: KycListFile[] } & ListTotal> {
  const { db, input } = options;
  // The conditions of kyc_file_list_key() (migration 0014), whose counter keeps the totals,
  // written out so the planner can estimate them: a file on the lists is not a declined or
  // erased applicant's, and a pending one still waiting from before the applicant was sent back
  // is not in the queue.
  const sentBack: SQL = and(
    eq(kycFiles.status, 'pending'),
    eq(applications.stage, 'detailed'),
    lt(kycFiles.uploadedAt, applications.stageChangedAt),
  )!;
  const where = and(
    isNull(applications.erasedAt),
    ne(applications.stage, 'declined'),
    input.status ? eq(kycFiles.status, input.status) : undefined,
    input.status === 'pending' ? not(sentBack) : undefined,
    ...(await queueConditions(db, input, options.staffId)),
  );

  const offset = queueOffset(input);
  /** The page's ids walked in queue order (kyc_files_status_uploaded_idx for the pending one). */
  const walked = () =>
    db
      .select({ id: kycFiles.id })
      .from(kycFiles)
      .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
      .where(where)
      .orderBy(asc(kycFiles.uploadedAt), asc(kycFiles.id))
      .limit(input.page_size)
      .offset(offset);
  let total: ListTotal;
  // A search's few matches come with their count, from one scan (cappedCountAndPage).
  let pageIds: string[] | null = null;
  if (input.query) {
    const found = await cappedCountAndPage(
      db,
      db
        .select({ id: kycFiles.id, uploaded_at: kycFiles.uploadedAt })
        .from(kycFiles)
        .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
        .where(where),
      sql.raw('uploaded_at asc, id asc'),
      { limit: input.page_size, offset },
      walked(),
    );
    total = found.total;
    pageIds = found.ids;
  } else {
    total = await queueTotal(db, input, options.staffId, {
      counter: 'kyc_files',
      k1: input.status,
    });
  }
  if (pageIsPastEnd(offset, total) || pageIds?.length === 0) return { data: [], ...total };

  // The page's ids (the search's, or walked in queue order), then their rows, read by one
  // prepared statement (db/prepared.ts).
  const rows = await rowsByIds(prepared(db, 'kyc_list_rows', kycRows), pageIds ?? walked());
  return {
    data: rows.map((row) => ({
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
      waiting_since: row.uploadedAt.toISOString(),
      assignee: assigneeOf(row),
    })),
    ...total,
  };
}
