import { and, asc, eq, isNull, lt, ne, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { KycListFile } from '#shared/schemas/admin.ts';
import type { KycFileStatus } from '#shared/stages.ts';
import type { Db } from '../db/client.ts';
import { idsPlaceholder, prepared, rowsByIds } from '../db/prepared.ts';
import { applications, identityChecks, kycFiles, staffMembers } from '../db/schema.ts';
import {
  assignedCondition,
  assigneeKey,
  assigneeOf,
  queueConditions,
  queueOffset,
  queueTotal,
  type QueueInput,
  type QueueRequest,
} from '../lib/queue.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import {
  cappedCountAndPage,
  COUNTED_COLUMNS,
  countedCte,
  NOT_COUNTED,
  pageIsPastEnd,
  totalOfCountedPage,
  type CountedCte,
} from '../lib/row-counts.ts';

export interface KycListInput extends QueueInput {
  status?: KycFileStatus | undefined;
}

/**
 * A page's files with whose they are, in queue order, for the ids `ids` selects, prepared as
 * `name`: the ids given as a parameter, or walked off the index by a subquery of fixed shape.
 * With `counted` (countedCte), every row also carries the queue's total.
 */
const kycRowsOf = (db: Db, ids: SQL, name: string, counted?: CountedCte) =>
  (counted ? db.with(counted) : db)
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
      ...(counted ? COUNTED_COLUMNS : NOT_COUNTED),
    })
    .from(kycFiles)
    .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
    .leftJoin(
      identityChecks,
      and(eq(identityChecks.applicationId, applications.id), eq(identityChecks.isCurrent, true)),
    )
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(ids)
    .orderBy(asc(kycFiles.uploadedAt), asc(kycFiles.id))
    .prepare(name);

/** A page's files, given their ids (the same statement for every page). */
const kycRows = (db: Db) => kycRowsOf(db, idsPlaceholder(kycFiles.id), 'kyc_list_rows');

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
export async function adminKycList(
  options: QueueRequest<KycListInput>,
): Promise<{ data: KycListFile[] } & ListTotal> {
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
  const fileConditions = [
    isNull(applications.erasedAt),
    ne(applications.stage, 'declined'),
    input.status ? eq(kycFiles.status, input.status) : undefined,
    input.status === 'pending' ? not(sentBack) : undefined,
  ];
  const offset = queueOffset(input);
  /** A page's file ids in queue order (kyc_files_status_uploaded_idx for the pending queue). */
  const walk = (where: SQL | undefined, limit: number | Placeholder, from: number | Placeholder) =>
    db
      .select({ id: kycFiles.id })
      .from(kycFiles)
      .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
      .where(where)
      .orderBy(asc(kycFiles.uploadedAt), asc(kycFiles.id))
      .limit(limit)
      .offset(from);
  let total: ListTotal;
  let rows: Awaited<ReturnType<ReturnType<typeof kycRows>['execute']>>;
  if (input.query) {
    const where = and(...fileConditions, ...(await queueConditions(db, input, options.staffId)));
    // A search's few matches come with their count, from one scan (cappedCountAndPage); past
    // the cap, walked in queue order in the same statement.
    const found = await cappedCountAndPage(
      db,
      db
        .select({ id: kycFiles.id, uploaded_at: kycFiles.uploadedAt })
        .from(kycFiles)
        .innerJoin(applications, eq(applications.id, kycFiles.applicationId))
        .where(where),
      sql.raw('uploaded_at asc, id asc'),
      { limit: input.page_size, offset },
      walk(where, input.page_size, offset),
    );
    total = found.total;
    if (pageIsPastEnd(offset, total) || found.ids.length === 0) return { data: [], ...total };
    rows = await rowsByIds(prepared(db, 'kyc_list_rows', kycRows), found.ids);
  } else {
    // Without a search: the queue's total, the page's rows and the walk that finds them are
    // one prepared statement, of one shape per status and assignment filter. The status is
    // part of the shape's name, so its value is fixed in the statement; the caller's id is a
    // parameter. A page past the end carries no total: it is read on its own.
    const name = `kyc_list_page_${input.status ?? 'all'}_${input.assigned ?? 'any'}`;
    const staff = sql.placeholder('staffId');
    rows = await prepared(db, name, (db) =>
      kycRowsOf(
        db,
        sql`${kycFiles.id} = any(array(${walk(
          and(
            ...fileConditions,
            // 'Assigned to me' on the files' copy of the assignee: its index is the walk in
            // upload order (kyc_files_assigned_idx, decision 070), whatever the member holds.
            input.assigned === 'me'
              ? eq(kycFiles.assignedTo, staff)
              : assignedCondition(input.assigned, staff),
          ),
          sql.placeholder('limit'),
          sql.placeholder('offset'),
        )}))`,
        name,
        countedCte(db, 'kyc_files', { k1: input.status, k2: assigneeKey(input.assigned, staff) }),
      ),
    ).execute({ staffId: options.staffId, limit: input.page_size, offset });
    total = {
      total: await totalOfCountedPage(db, rows, () =>
        queueTotal(db, input, options.staffId, { counter: 'kyc_files', k1: input.status }).then(
          (counted) => counted.total,
        ),
      ),
    };
  }
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
