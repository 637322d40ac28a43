import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALERT_NOT_FOUND, ALERT_NOT_OPEN, type ScreeningAlert } from '#shared/schemas/screening.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { AppError } from '../errors.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  applicationDetails,
  applications,
  identityChecks,
  screeningAlerts,
  staffMembers,
} from '../db/schema.ts';

const requester = alias(staffMembers, 'requester');
const decider = alias(staffMembers, 'decider');

/**
 * Alerts as staff read them, the applicant beside the entry: `where` picks them, `order` sorts.
 * The applicant's nationality is the country of the document the identity provider read.
 */
export async function readAlerts(
  db: Db | Tx,
  options: { where?: SQL; order: SQL[]; limit?: number; offset?: number },
): Promise<ScreeningAlert[]> {
  let query = db
    .select({
      alert: screeningAlerts,
      fullName: applications.fullName,
      dateOfBirth: applicationDetails.dateOfBirth,
      country: identityChecks.country,
      requesterName: requester.name,
      deciderName: decider.name,
    })
    .from(screeningAlerts)
    .innerJoin(applications, eq(applications.id, screeningAlerts.applicationId))
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .leftJoin(
      identityChecks,
      sql`${identityChecks.applicationId} = ${applications.id} and ${identityChecks.isCurrent}`,
    )
    .leftJoin(requester, eq(requester.id, screeningAlerts.clearRequestedBy))
    .leftJoin(
      decider,
      sql`${decider.id} = coalesce(${screeningAlerts.clearedBy}, ${screeningAlerts.confirmedBy})`,
    )
    .$dynamic();
  if (options.where) query = query.where(options.where);
  query = query.orderBy(...options.order);
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;
  return rows.map(({ alert, ...row }) => ({
    id: alert.id,
    application_id: alert.applicationId,
    status: alert.status,
    source: alert.source,
    kind: alert.kind,
    score: alert.score,
    matched_name: alert.matchedName,
    list_version: alert.listVersion,
    created_at: alert.createdAt.toISOString(),
    entry: {
      list: alert.list as ScreeningAlert['entry']['list'],
      entry_id: alert.entryId,
      name: alert.entry.name,
      dates_of_birth: alert.entry.dates_of_birth,
      nationalities: alert.entry.nationalities,
      programmes: alert.entry.programmes,
    },
    applicant: {
      full_name: row.fullName,
      date_of_birth: row.dateOfBirth,
      nationality: row.country,
    },
    clear_request:
      alert.clearRequestedAt && alert.clearReason && alert.clearRequestedBy
        ? {
            by: row.requesterName ?? 'A former member',
            by_id: alert.clearRequestedBy,
            at: alert.clearRequestedAt.toISOString(),
            reason: alert.clearReason,
          }
        : null,
    decision:
      alert.status === 'confirmed' && alert.confirmedAt
        ? {
            by: row.deciderName ?? 'A former member',
            at: alert.confirmedAt.toISOString(),
            reason: alert.confirmReason,
          }
        : alert.status === 'cleared' && alert.clearedAt
          ? {
              by: row.deciderName ?? 'A former member',
              at: alert.clearedAt.toISOString(),
              reason: null,
            }
          : null,
  }));
}

/** An application's alerts, newest first (the case screen). */
export function alertsOf(db: Db | Tx, applicationId: string): Promise<ScreeningAlert[]> {
  return readAlerts(db, {
    where: eq(screeningAlerts.applicationId, applicationId),
    order: [desc(screeningAlerts.createdAt), desc(screeningAlerts.id)],
  });
}

/** The alert, locked for a decision, or null. */
export async function lockAlert(tx: Tx, alertId: string) {
  const [alert] = await tx
    .select()
    .from(screeningAlerts)
    .where(eq(screeningAlerts.id, alertId))
    .for('update');
  return alert ?? null;
}

/** Records one step of an alert's life and its audit row (never the reason: CONTRACT §6). */
export async function auditAlertStep(
  tx: Tx,
  options: {
    actor: Actor;
    alert: { id: string; applicationId: string; list: string; kind: string; status: string };
    action: string;
    status: string;
  },
) {
  await writeAudit(tx, {
    actor: options.actor,
    action: options.action,
    target: { type: 'screening_alert', id: options.alert.id },
    applicationId: options.alert.applicationId,
    before: { status: options.alert.status },
    after: {
      status: options.status,
      list: options.alert.list,
      kind: options.alert.kind,
      ...(options.status === 'open' ? {} : { fields: ['reason'] }),
    },
  });
}

/**
 * The first decision on an open alert (confirm, or ask to clear), made by one member with a
 * reason: locks it, refuses one already decided (409), records `set` and its audit row.
 */
export async function decideOpenAlert<S extends 'confirmed' | 'clear_requested'>(
  db: Db,
  options: {
    actor: Actor & { type: 'staff' };
    alertId: string;
    status: S;
    action: string;
    set: Partial<typeof screeningAlerts.$inferInsert>;
  },
): Promise<S> {
  return db.transaction(async (tx) => {
    const alert = await lockAlert(tx, options.alertId);
    if (!alert) throw new AppError('not_found', ALERT_NOT_FOUND);
    if (alert.status !== 'open') throw new AppError('conflict', ALERT_NOT_OPEN);
    await tx
      .update(screeningAlerts)
      .set({ ...options.set, status: options.status })
      .where(eq(screeningAlerts.id, alert.id));
    await auditAlertStep(tx, {
      actor: options.actor,
      alert,
      action: options.action,
      status: options.status,
    });
    return options.status;
  });
}
