import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, legalDocuments } from '#server/db/schema.ts';
import { LEGAL_DOCUMENTS, revisionTime } from '#server/db/seed-content.ts';
import { sha256Hex } from '#server/lib/crypto.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const ATTACK =
  '<h2 onclick="alert(1)">Terms</h2><p>Hello <script>alert(1)</script><img src=x onerror=alert(1)>' +
  '<a href="javascript:alert(1)">bad</a> <a href="https://ico.org.uk" target="_blank">ICO</a></p>' +
  '<iframe src="https://evil.example"></iframe>';
const CLEAN =
  '<h2>Terms</h2><p>Hello bad <a href="https://ico.org.uk" rel="noopener noreferrer">ICO</a></p>';

const storedDocs = () => t.ctx.db.select().from(legalDocuments).orderBy(asc(legalDocuments.slug));
const auditsFor = (action: string) =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

describe('GET /api/legal-documents', () => {
  it('lists the three documents ordered by slug', async () => {
    const res = await t.app.inject('/api/legal-documents');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.data.map((d: { slug: string }) => d.slug)).toEqual(['cookies', 'privacy', 'terms']);
    for (const doc of body.data) {
      expect(Object.keys(doc).sort()).toEqual(['html', 'slug', 'title', 'updated_at']);
      expect(new Date(doc.updated_at).toISOString()).toBe(doc.updated_at);
      expect(doc.html).toContain('<h2>');
    }
    expect(body.data[2].title).toBe('Terms of Membership');
  });

  it('dates each document by its revision, not by the day it was seeded', async () => {
    const served = (await t.app.inject('/api/legal-documents')).json().data as {
      slug: string;
      updated_at: string;
    }[];
    for (const doc of LEGAL_DOCUMENTS) {
      const date = served.find((d) => d.slug === doc.slug)!.updated_at;
      expect(date, doc.slug).toBe(revisionTime(doc).toISOString());
    }
  });

  it('sanitises again on read, whatever is stored', async () => {
    await t.ctx.db
      .update(legalDocuments)
      .set({ html: ATTACK })
      .where(eq(legalDocuments.slug, 'cookies'));
    const res = await t.app.inject('/api/legal-documents');
    const cookies = res.json().data[0];
    expect(cookies.slug).toBe('cookies');
    expect(cookies.html).toBe(CLEAN);
  });
});

describe('POST /api/admin-legal-update', () => {
  const update = (payload: unknown, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin-legal-update',
      payload: payload as object,
      headers,
    });

  it('refuses anyone without a live staff token and changes nothing', async () => {
    const before = await storedDocs();
    const audits = (await auditsFor('legal.update')).length;
    const payload = { slug: 'terms', title: 'Hijacked', html: '<p>x</p>' };
    const attempts: Record<string, string>[] = [
      {},
      { 'x-admin-pass': 'wrong' },
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${token}` },
      { authorization: token },
    ];
    for (const headers of attempts) {
      const res = await update(payload, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ ok: false, error: 'Not authenticated' });
    }
    // A whole document is more than the usual body limit; an anonymous caller is refused
    // before the body is even read.
    const big = await update({ slug: 'terms', title: 'T', html: 'x'.repeat(190_000) }, {});
    expect(big.statusCode).toBe(401);
    expect(await storedDocs()).toEqual(before);
    expect(await auditsFor('legal.update')).toHaveLength(audits);
  });

  it('saves the sanitised document with the Bearer token, with an audit row', async () => {
    const [before] = await t.ctx.db
      .select()
      .from(legalDocuments)
      .where(eq(legalDocuments.slug, 'terms'));
    const res = await update(
      { slug: 'terms', title: '  New Terms  ', html: ATTACK },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      ok: true,
      document: { slug: 'terms', title: 'New Terms', html: CLEAN, updated_at: expect.any(String) },
    });
    expect(new Date(body.document.updated_at).getTime()).toBeGreaterThan(
      before!.updatedAt.getTime(),
    );

    // Stored clean, not only served clean.
    const [stored] = await t.ctx.db
      .select()
      .from(legalDocuments)
      .where(eq(legalDocuments.slug, 'terms'));
    expect(stored!.html).toBe(CLEAN);
    expect(stored!.title).toBe('New Terms');

    const [audit] = await auditsFor('legal.update');
    expect(audit).toMatchObject({
      actorType: 'staff',
      targetType: 'legal_document',
      targetId: 'terms',
      before: {
        title: 'Terms of Membership',
        html_length: before!.html.length,
        html_sha256: sha256Hex(before!.html),
      },
      after: { title: 'New Terms', html_length: CLEAN.length, html_sha256: sha256Hex(CLEAN) },
    });
    expect(audit!.actorId).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await t.app.inject('/api/legal-documents');
    expect(listed.json().data[2]).toMatchObject({ slug: 'terms', title: 'New Terms', html: CLEAN });
  });

  it('accepts the x-admin-pass header too', async () => {
    const res = await update(
      { slug: 'privacy', title: 'Privacy Policy', html: '<p>Short policy</p>' },
      { 'x-admin-pass': token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().document.html).toBe('<p>Short policy</p>');
  });

  it("answers the spec's messages for bad input and changes nothing", async () => {
    const before = await storedDocs();
    const headers = { 'x-admin-pass': token };
    const cases: [unknown, Record<string, string>][] = [
      [
        { slug: 'nope', title: ' ', html: '' },
        {
          slug: 'Unknown legal document',
          title: 'Title is required',
          html: 'Document text is required',
        },
      ],
      [
        { slug: 'terms', title: 't'.repeat(201), html: 'x'.repeat(200_001) },
        { title: 'Title must be less than 200 characters', html: 'Document is too long' },
      ],
      // Nothing left once sanitised.
      [
        { slug: 'terms', title: 'Terms', html: '<script>alert(1)</script><img src=x>' },
        { html: 'Document text is required' },
      ],
    ];
    for (const [payload, details] of cases) {
      const res = await update(payload, headers);
      expect(res.statusCode, JSON.stringify(details)).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: Object.values(details)[0], details });
    }
    expect(await storedDocs()).toEqual(before);
  });
});

describe('POST /api/one-time-legal-update', () => {
  const run = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/one-time-legal-update', headers });

  it('is staff only: without a live token nothing changes', async () => {
    const before = await storedDocs();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-admin-pass': 'wrong' },
      { authorization: 'Bearer wrong' },
    ];
    for (const headers of attempts) {
      const res = await run(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ok: false, error: 'Not authenticated' });
    }
    expect(await storedDocs()).toEqual(before);
    expect(await auditsFor('legal.bulk_update')).toHaveLength(0);
  });

  it('writes the bundled documents over the stored ones, with one audit row', async () => {
    const before = await storedDocs();
    // Earlier tests changed terms and privacy.
    expect(before.find((d) => d.slug === 'terms')!.title).toBe('New Terms');

    const res = await run({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: ['cookies', 'privacy', 'terms'] });

    const after = await storedDocs();
    for (const doc of LEGAL_DOCUMENTS) {
      const stored = after.find((d) => d.slug === doc.slug)!;
      expect(stored.title).toBe(doc.title);
      expect(stored.html.replace(/\s+/g, ' ')).toBe(
        doc.html.trim().replace(/<br>/g, '<br />').replace(/\s+/g, ' '),
      );
      const old = before.find((d) => d.slug === doc.slug)!;
      expect(stored.updatedAt.getTime()).toBeGreaterThan(old.updatedAt.getTime());
    }
    // Re-applying is no revision: the site shows each document's own revision date.
    const served = (await t.app.inject('/api/legal-documents')).json().data as {
      slug: string;
      updated_at: string;
    }[];
    for (const doc of LEGAL_DOCUMENTS) {
      const date = served.find((d) => d.slug === doc.slug)!.updated_at;
      expect(date, doc.slug).toBe(revisionTime(doc).toISOString());
    }

    const audits = await auditsFor('legal.bulk_update');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorType: 'staff', targetType: 'legal_document' });
    const audit = audits[0]!;
    expect(Object.keys(audit.before as object).sort()).toEqual(['cookies', 'privacy', 'terms']);
    expect((audit.before as Record<string, { title: string }>).terms!.title).toBe('New Terms');
    expect((audit.after as Record<string, { title: string }>).terms!.title).toBe(
      'Terms of Membership',
    );
  });

  it('rolls back every document when one write fails', async () => {
    await t.ctx.db
      .update(legalDocuments)
      .set({ title: 'Edited' })
      .where(sql`true`);
    const before = await storedDocs();
    await t.ctx.db.execute(sql`
      create function test_refuse_terms() returns trigger language plpgsql as $$
      begin if new.slug = 'terms' then raise exception 'refused'; end if; return new; end $$`);
    await t.ctx.db.execute(sql`
      create trigger test_refuse_terms before update on legal_documents
      for each row execute function test_refuse_terms()`);
    try {
      const res = await run({ 'x-admin-pass': token });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`drop trigger test_refuse_terms on legal_documents`);
      await t.ctx.db.execute(sql`drop function test_refuse_terms()`);
    }
    expect(await storedDocs()).toEqual(before);
    expect(await auditsFor('legal.bulk_update')).toHaveLength(1);
  });
});
