import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseApplication } from '#server/applicant/erase.ts';
import { queryRows } from '#server/db/client.ts';
import { applications, auditLog, caseNotes } from '#server/db/schema.ts';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Case notes (CONTRACT §9): any member who works cases adds one; they read newest first with
 * author and time, are never edited, are in the subject-access export and go with an erasure;
 * the audit row says a note was added, never its text.
 */

let t: TestApp;
let compliance: string;
let operations: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  compliance = await t.staffToken('compliance');
  operations = await t.staffToken('operations');
});
afterAll(async () => {
  await t?.close();
});

const staff = (call: string, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'x-admin-pass': token },
  });

async function applicant(name: string) {
  const [row] = await t.ctx.db
    .insert(applications)
    .values({
      fullName: name,
      email: `${name.replace(/\W/g, '.')}@example.com`,
      source: 'application',
      stage: 'basic',
    })
    .returning({ id: applications.id });
  return row!.id;
}

describe('admin-case-note-add', () => {
  it('adds notes that the case shows newest first, with author and time', async () => {
    const id = await applicant('Nell Notes');
    const first = await staff('admin-case-note-add', compliance, {
      basic_id: id,
      text: '  Called the applicant, awaiting proof of address  ',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().note).toMatchObject({
      text: 'Called the applicant, awaiting proof of address',
      author: (await t.staffMember('compliance')).name,
    });
    const second = await staff('admin-case-note-add', operations, {
      basic_id: id,
      text: 'Proof of address received by post',
    });
    expect(second.statusCode, second.body).toBe(200);

    const view = await staff('admin-applicant-case', operations, { basic_id: id });
    const notes = (view.json() as ApplicantCaseResponse).notes;
    expect(notes.map((note) => note.text)).toEqual([
      'Proof of address received by post',
      'Called the applicant, awaiting proof of address',
    ]);
    expect(notes[0]!.author).toBe((await t.staffMember('operations')).name);
    expect(Date.parse(notes[0]!.created_at)).not.toBeNaN();
  });

  it('refuses an empty or overlong note and an unknown case, and writes nothing', async () => {
    const id = await applicant('Ned Empty');
    const empty = await staff('admin-case-note-add', compliance, { basic_id: id, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ ok: false, error: 'Please write a note' });
    const long = await staff('admin-case-note-add', compliance, {
      basic_id: id,
      text: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('Notes must be less than 2000 characters');
    const unknown = await staff('admin-case-note-add', compliance, {
      basic_id: '00000000-0000-4000-8000-000000000000',
      text: 'Hello',
    });
    expect(unknown.statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(caseNotes).where(eq(caseNotes.applicationId, id));
    expect(rows).toEqual([]);
  });

  it('never edits a note; the audit row has no text; the export has it; erasure takes it', async () => {
    const id = await applicant('Nina Private');
    const res = await staff('admin-case-note-add', compliance, {
      basic_id: id,
      text: 'Unique words 5b7d about the applicant',
    });
    const noteId = res.json().note.id as string;
    await expect(
      t.ctx.db.update(caseNotes).set({ text: 'rewritten' }).where(eq(caseNotes.id, noteId)),
    ).rejects.toThrow();

    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, noteId));
    expect(audit).toMatchObject({ action: 'case.note_add', targetType: 'case_note' });
    expect(JSON.stringify(audit)).not.toContain('5b7d');

    const exported = await staff('admin-applicant-export', compliance, { basic_id: id });
    expect(exported.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const held = JSON.parse(strFromU8(zip['applicant.json']!)) as Record<string, unknown[]>;
    expect(held.case_notes).toMatchObject([
      {
        text: 'Unique words 5b7d about the applicant',
        author: (await t.staffMember('compliance')).name,
      },
    ]);

    await t.ctx.db.transaction((tx) =>
      eraseApplication(tx, {
        applicationId: id,
        reason: 'request',
        actor: { type: 'system', id: 'test' },
        now: new Date(),
      }),
    );
    const [left] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from case_notes where application_id = ${id}`,
    );
    expect(Number(left!.n)).toBe(0);
    const after = await staff('admin-case-note-add', compliance, { basic_id: id, text: 'Late' });
    expect(after.statusCode).toBe(404);
  });
});
