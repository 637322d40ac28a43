import { aliasedTable, and, desc, eq, inArray } from 'drizzle-orm';
import type {
  ApplicationCase,
  DataProtectionResponse,
  ErasureRequestRow,
} from '#shared/schemas/data-protection.ts';
import { describePeriod, RETENTION_RULES } from '#shared/retention.ts';
import { dueAt, type ServiceLevels } from '#shared/service-levels.ts';
import type { Db } from '../db/client.ts';
import { applications, erasureRequests, jobRuns, staffMembers } from '../db/schema.ts';

/** How many recent runs the view shows. */
const RUNS_SHOWN = 20;

/** Pending erasure requests, oldest first, optionally for some applications only. */
async function pendingRequests(db: Db, applicationIds?: string[]): Promise<ErasureRequestRow[]> {
  const requester = aliasedTable(staffMembers, 'requester');
  const rows = await db
    .select({
      id: erasureRequests.id,
      applicationId: erasureRequests.applicationId,
      reason: erasureRequests.reason,
      requestedAt: erasureRequests.requestedAt,
      fullName: applications.fullName,
      stage: applications.stage,
      memberId: requester.id,
      memberEmail: requester.email,
      memberName: requester.name,
    })
    .from(erasureRequests)
    .innerJoin(applications, eq(applications.id, erasureRequests.applicationId))
    .innerJoin(requester, eq(requester.id, erasureRequests.requestedBy))
    .where(
      and(
        eq(erasureRequests.status, 'pending'),
        applicationIds ? inArray(erasureRequests.applicationId, applicationIds) : undefined,
      ),
    )
    .orderBy(erasureRequests.requestedAt);
  return rows.map((row) => ({
    id: row.id,
    basic_id: row.applicationId,
    full_name: row.fullName,
    stage: row.stage,
    reason: row.reason,
    requested_at: row.requestedAt.toISOString(),
    requested_by: { id: row.memberId, email: row.memberEmail, name: row.memberName },
  }));
}

/**
 * `admin-data-protection`: the retention table (from src/shared/retention.ts, the same one the
 * job and the privacy notice use), the retention job's recent runs and the pending erasure
 * requests.
 */
export async function adminDataProtection(options: {
  db: Db;
  levels: ServiceLevels;
}): Promise<Omit<DataProtectionResponse, 'ok'>> {
  const [runs, requests] = await Promise.all([
    options.db.select().from(jobRuns).orderBy(desc(jobRuns.startedAt)).limit(RUNS_SHOWN),
    pendingRequests(options.db),
  ]);
  return {
    retention: RETENTION_RULES.map((rule) => ({
      key: rule.key,
      what: rule.what,
      period: describePeriod(rule.period),
      from: rule.from,
    })),
    runs: runs.map((run) => ({
      id: run.id,
      job: run.job,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      status: run.status,
      counts: run.counts,
      error: run.error,
    })),
    requests: requests.map((row) => ({
      ...row,
      due_at: dueAt(row.requested_at, options.levels.erasure_request),
    })),
  };
}

/** The applicant's decline, pending erasure request or tombstone, for the timeline sheet. */
export async function applicationCase(
  db: Db,
  applicationId: string,
): Promise<ApplicationCase | null> {
  const [row] = await db
    .select({
      stage: applications.stage,
      createdAt: applications.createdAt,
      declinedAt: applications.declinedAt,
      declineReason: applications.declineReason,
      erasedAt: applications.erasedAt,
      erasureReason: applications.erasureReason,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  const [request] = await pendingRequests(db, [applicationId]);
  return {
    stage: row.stage,
    created_at: row.createdAt.toISOString(),
    declined_at: row.declinedAt?.toISOString() ?? null,
    decline_reason: row.declineReason,
    erased_at: row.erasedAt?.toISOString() ?? null,
    erasure_reason: row.erasureReason,
    erasure_request: request ?? null,
  };
}
