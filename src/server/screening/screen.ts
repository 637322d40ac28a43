import { eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { applicationDetails, applications, screeningAlerts } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Screening } from './screener.ts';
import type { Match, Subject } from './types.ts';

/** Who is screened: an application's id, the name it gives and its date of birth. */
export interface ScreeningSubject extends Subject {
  applicationId: string;
}

/** Each alert holds its entry as listed then, so it reads the same after the list moves on. */
export function alertValues(applicationId: string, source: 'builtin' | 'yente', match: Match) {
  return {
    applicationId,
    source,
    list: match.list,
    listVersion: match.version,
    entryId: match.entry.entryId,
    kind: match.entry.kind,
    score: match.score,
    matchedName: match.matchedName,
    entry: {
      name: match.entry.name,
      names: match.entry.names,
      dates_of_birth: match.entry.datesOfBirth,
      nationalities: match.entry.nationalities,
      programmes: match.entry.programmes,
    },
  };
}

/**
 * Screens applicants against the lists (CONTRACT §8) inside the caller's transaction: a match at
 * or above the threshold opens an alert (one per applicant and entry, ever: a cleared false
 * positive stays cleared when the same entry matches again), and each subject's `screened_at`
 * records the run. With no list loaded (built-in) nothing is recorded: the applicant is still
 * 'Not screened'. Returns how many alerts opened.
 */
export async function screenSubjects(
  tx: Db | Tx,
  screening: Screening,
  subjects: ScreeningSubject[],
  now = new Date(),
  options: { tolerant?: boolean } = {},
): Promise<{ screened: number; alerts: number }> {
  if (subjects.length === 0 || !(await screening.ready(tx))) return { screened: 0, alerts: 0 };
  let results: Match[][];
  try {
    results = await screening.provider.searchMany(subjects, {
      threshold: screening.threshold,
      limit: 20,
      db: tx,
    });
  } catch (error) {
    // A screening service that is down (yente) must not stop an applicant saving their
    // details: they stay unscreened, so the re-screening job takes them on its next run.
    if (options.tolerant && error instanceof AppError && error.code === 'unavailable') {
      return { screened: 0, alerts: 0 };
    }
    throw error;
  }
  const values = subjects.flatMap((subject, i) =>
    (results[i] ?? []).map((match) =>
      alertValues(subject.applicationId, screening.provider.name, match),
    ),
  );
  let opened: { id: string; applicationId: string; list: string; kind: string }[] = [];
  if (values.length > 0) {
    opened = await tx
      .insert(screeningAlerts)
      .values(values)
      .onConflictDoNothing({
        target: [screeningAlerts.applicationId, screeningAlerts.list, screeningAlerts.entryId],
      })
      .returning({
        id: screeningAlerts.id,
        applicationId: screeningAlerts.applicationId,
        list: screeningAlerts.list,
        kind: screeningAlerts.kind,
      });
  }
  for (const alert of opened) {
    // Which list and kind, never the name matched (CONTRACT §6).
    await writeAudit(tx, {
      actor: { type: 'system', id: 'screening' },
      action: 'screening.alert_open',
      target: { type: 'screening_alert', id: alert.id },
      applicationId: alert.applicationId,
      after: { list: alert.list, kind: alert.kind, status: 'open' },
    });
  }
  await tx
    .update(applications)
    .set({
      screenedAt: now,
      screenPep: sql`coalesce(${applications.screenPep}, false)`,
      screenSanctions: sql`coalesce(${applications.screenSanctions}, false)`,
    })
    .where(
      inArray(
        applications.id,
        subjects.map((s) => s.applicationId),
      ),
    );
  return { screened: subjects.length, alerts: opened.length };
}

/** The subject an application gives today: its name and its date of birth, if it has them. */
export async function subjectOf(
  tx: Db | Tx,
  applicationId: string,
): Promise<ScreeningSubject | null> {
  const [row] = await tx
    .select({ name: applications.fullName, dateOfBirth: applicationDetails.dateOfBirth })
    .from(applications)
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .where(eq(applications.id, applicationId));
  if (!row?.name) return null;
  return { applicationId, name: row.name, dateOfBirth: row.dateOfBirth };
}

/**
 * Screens one application now (details saved, identity approved). A screening service that is
 * down leaves them due for the job rather than failing the applicant's or staff's action.
 */
export async function screenApplication(
  tx: Db | Tx,
  screening: Screening,
  applicationId: string,
): Promise<{ alerts: number }> {
  const subject = await subjectOf(tx, applicationId);
  if (!subject) return { alerts: 0 };
  return screenSubjects(tx, screening, [subject], new Date(), { tolerant: true });
}
