import { eq } from 'drizzle-orm';
import { CASE_NOT_FOUND, type CaseNote } from '#shared/schemas/case.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, caseNotes } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-case-note-add` (CONTRACT §9): a note on the case, by anyone who works cases. Notes
 * are never edited. The audit row says a note was added and by whom, never what it says: the
 * text is staff's words about a person, erased with the applicant (CONTRACT §6).
 */
export async function adminCaseNoteAdd(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  /** The member's name as the note shows it. */
  authorName: string;
  applicationId: string;
  text: string;
}): Promise<CaseNote> {
  return options.db.transaction(async (tx) => {
    const [application] = await tx
      .select({ erasedAt: applications.erasedAt })
      .from(applications)
      .where(eq(applications.id, options.applicationId))
      .for('share');
    if (!application || application.erasedAt) throw new AppError('not_found', CASE_NOT_FOUND);
    const [note] = await tx
      .insert(caseNotes)
      .values({
        applicationId: options.applicationId,
        authorId: options.actor.id,
        text: options.text,
      })
      .returning({ id: caseNotes.id, createdAt: caseNotes.createdAt });
    await writeAudit(tx, {
      actor: options.actor,
      action: 'case.note_add',
      target: { type: 'case_note', id: note!.id },
      applicationId: options.applicationId,
      after: { fields: ['text'] },
    });
    return {
      id: note!.id,
      text: options.text,
      author: options.authorName,
      created_at: note!.createdAt.toISOString(),
    };
  });
}
