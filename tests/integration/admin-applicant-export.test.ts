import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  applicantSessions,
  applications,
  auditLog,
  emailOutbox,
  erasureRequests,
  identityCheckEvents,
  identityChecks,
  inviteCodes,
  kycFiles,
  magicLinks,
} from '#server/db/schema.ts';
import type { FileStorage } from '#server/storage/storage.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { IDENTITY_DETAILS } from '../helpers/identity.ts';

let t: TestApp;
let owner: string;
let compliance: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: 'https://waj.example' });
  owner = await t.staffToken('owner');
  compliance = await t.staffToken('compliance');
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers });
  if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
  return res.json<Json>();
}
const asStaff = (token: string) => ({ 'x-admin-pass': token });

async function upload(token: string, type: 'document' | 'selfie', data: Buffer) {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${type}.jpg`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-upload',
    headers: {
      'content-type': request.headers.get('content-type')!,
      'x-requested-with': 'waj',
      'x-session-token': token,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

const photo = (red: number) =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: { r: red, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();

interface Seeded {
  id: string;
  name: string;
  email: string;
  fileIds: string[];
}

/**
 * An applicant walked through the whole journey by the server's own calls, so every table holds
 * rows about them as the product writes them: application, EOI, mails, invitation code, session,
 * resume link, details, identity files and check, offer with its signature, activation. The two
 * tables no call of this journey fills (provider webhook events, erasure requests) get a row
 * each directly.
 */
async function seedApplicant(name: string, email: string, seed: number): Promise<Seeded> {
  const { basic_id: id } = (await post('/api/apply-basic', {
    full_name: name,
    email,
    phone: `+44 20 7946 00${seed}${seed}`,
    reason: `${name} travels a lot`,
    website: '',
  })) as { basic_id: string };
  const { code } = (await post(
    '/api/admin-applicant-invite',
    { basic_id: id },
    asStaff(owner),
  )) as { code: string };
  const { token } = (await post('/api/apply-verify-code', { code })) as { token: string };
  await post('/api/apply-magic-link', { email });
  const asApplicant = { 'x-session-token': token };
  await post(
    '/api/apply-details',
    {
      annual_income: 180_000 + seed,
      employment_status: 'employed',
      pep_exposed: false,
      card_tier_pref: 'titan',
      ...IDENTITY_DETAILS,
    },
    asApplicant,
  );
  const fileIds = [
    await upload(token, 'document', await photo(100 + seed)),
    await upload(token, 'selfie', await photo(150 + seed)),
  ];
  await post('/api/apply-kyc-start', {}, asApplicant);
  for (const file_id of fileIds) {
    await post(
      '/api/admin-kyc-action',
      { file_id, action: 'approve', notes: `Checked ${name}`, reason: null },
      asStaff(compliance),
    );
  }
  await post(
    '/api/admin-offer-issue',
    { basic_id: id, tier: 'titan', pricing_note: `Note for ${name}` },
    asStaff(compliance),
  );
  await post(
    '/api/apply-offer-action',
    { action: 'accept', chosen_tier: 'titan', esign_name: name },
    { ...asApplicant, 'user-agent': `Browser of ${name}` },
  );
  await post(
    '/api/admin-activation',
    {
      basic_id: id,
      card_last4: `${seed}${seed}${seed}${seed}`,
      card_shipment_tracking: `RN${seed}GB`,
      mobile_access_enabled: true,
    },
    asStaff(owner),
  );
  const [check] = await t.ctx.db
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(eq(identityChecks.applicationId, id));
  await t.ctx.db.insert(identityCheckEvents).values({
    dedupeKey: `event-${id}`,
    identityCheckId: check!.id,
    kind: 'decision',
    payload: { person: name },
  });
  await t.ctx.db.insert(erasureRequests).values({
    applicationId: id,
    reason: `${name} asked by phone`,
    requestedBy: (await t.staffMember('compliance')).id,
  });
  return { id, name, email, fileIds };
}

const exportOf = (basicId: unknown, token = compliance) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin-applicant-export',
    payload: { basic_id: basicId },
    headers: asStaff(token),
  });

function unzip(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}
const jsonOf = <T = Json>(zip: Record<string, Uint8Array>, name: string): T =>
  JSON.parse(strFromU8(zip[name]!)) as T;
const idsOf = (rows: Json[], key = 'id') => rows.map((row) => String(row[key])).sort();
const sortedIds = (rows: { id: string | number }[]) => rows.map((row) => String(row.id)).sort();

async function stored(key: string): Promise<Buffer> {
  return buffer(await t.ctx.storage.getStream(key));
}

const exportAudits = () =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'application.export'));

describe('admin-applicant-export', () => {
  let amelia: Seeded;
  let oliver: Seeded;
  beforeAll(async () => {
    amelia = await seedApplicant('Amelia Hart', 'amelia.hart@example.com', 1);
    oliver = await seedApplicant('Oliver Quinn', 'oliver.quinn@example.com', 2);
    // Messages sent from each one's proved address are theirs.
    await t.ctx.db.insert(contactMessages).values([
      { name: 'Amelia Hart', email: 'Amelia.Hart@example.com', message: 'A question from Amelia' },
      { name: 'Oliver Quinn', email: 'oliver.quinn@example.com', message: 'Oliver writes' },
    ]);
  });

  it('answers a ZIP download of everything held on the applicant, and nothing of anyone else', async () => {
    const res = await exportOf(amelia.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="waj-applicant-${amelia.id}.zip"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const zip = unzip(res.rawPayload);
    const id = amelia.id;
    const db = t.ctx.db;

    // Every table's rows about her, by their database column names.
    const held = jsonOf<Record<string, Json[]>>(zip, 'applicant.json');
    expect(Object.keys(held)).toEqual([
      'applications',
      'application_details',
      'applicant_sessions',
      'magic_links',
      'invite_codes',
      'eoi_requests',
      'contact_messages',
      'kyc_files',
      'identity_checks',
      'identity_check_events',
      'offers',
      'activations',
      'email_outbox',
      'erasure_requests',
      'case_notes',
    ]);
    expect(held.applications).toEqual([
      expect.objectContaining({
        id,
        full_name: 'Amelia Hart',
        email: 'amelia.hart@example.com',
        phone: '+44 20 7946 0011',
        reason: 'Amelia Hart travels a lot',
        stage: 'activated',
        tier_accepted: 'titan',
      }),
    ]);
    expect(held.application_details).toEqual([
      expect.objectContaining({ application_id: id, annual_income: 180_001, pep_exposed: false }),
    ]);
    const byApp = (table: { applicationId: PgColumn }) => eq(table.applicationId, id);
    expect(idsOf(held.applicant_sessions!)).toEqual(
      sortedIds(await db.select().from(applicantSessions).where(byApp(applicantSessions))),
    );
    expect(held.applicant_sessions!.length).toBeGreaterThan(0);
    expect(idsOf(held.magic_links!)).toEqual(
      sortedIds(await db.select().from(magicLinks).where(byApp(magicLinks))),
    );
    expect(held.magic_links!.length).toBeGreaterThan(0);
    const codes = await db
      .select()
      .from(inviteCodes)
      .where(or(eq(inviteCodes.issuedApplicationId, id), eq(inviteCodes.usedByApplicationId, id)));
    expect(codes.length).toBeGreaterThan(0);
    expect(idsOf(held.invite_codes!)).toEqual(sortedIds(codes));
    expect(held.invite_codes![0]).toMatchObject({
      code: codes[0]!.code,
      issued_to: 'amelia.hart@example.com',
      issued_application_id: id,
    });
    expect(held.eoi_requests).toEqual([
      expect.objectContaining({ application_id: id, full_name: 'Amelia Hart' }),
    ]);
    expect(held.contact_messages).toEqual([
      expect.objectContaining({ message: 'A question from Amelia' }),
    ]);
    expect(idsOf(held.kyc_files!)).toEqual([...amelia.fileIds].sort());
    expect(held.kyc_files![0]).toMatchObject({ staff_notes: 'Checked Amelia Hart' });
    const checks = await db.select().from(identityChecks).where(byApp(identityChecks));
    expect(idsOf(held.identity_checks!)).toEqual(sortedIds(checks));
    expect(held.identity_check_events).toEqual([
      expect.objectContaining({
        dedupe_key: `event-${id}`,
        identity_check_id: checks[0]!.id,
        payload: { person: 'Amelia Hart' },
      }),
    ]);
    expect(held.offers).toEqual([
      expect.objectContaining({
        application_id: id,
        tier: 'titan',
        pricing_note: 'Note for Amelia Hart',
        esign_name: 'Amelia Hart',
        esign_user_agent: 'Browser of Amelia Hart',
        terms_hash: expect.any(String),
        accepted_at: expect.any(String),
      }),
    ]);
    expect(held.activations).toEqual([
      expect.objectContaining({ application_id: id, card_last4: '1111' }),
    ]);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(byApp(emailOutbox))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    expect(mails.length).toBeGreaterThanOrEqual(4);
    expect(held.email_outbox!.map((row) => row['id'])).toEqual(mails.map((mail) => mail.id));
    expect(held.erasure_requests).toEqual([
      expect.objectContaining({ application_id: id, reason: 'Amelia Hart asked by phone' }),
    ]);

    // Secrets that would only serve to sign in, and the mail bodies (files of their own), are
    // left out of the rows.
    const rows = JSON.stringify(held);
    for (const column of ['token_hash', 'signature_hash', 'email_hash', 'text_body', 'html_body']) {
      expect(rows).not.toContain(`"${column}"`);
    }

    // The identity files, byte for byte as stored.
    const files = Object.keys(zip).filter((name) => name.startsWith('files/'));
    expect(files.sort()).toEqual(
      held
        .kyc_files!.map((file) => `files/${String(file['id'])}-${String(file['type'])}.jpg`)
        .sort(),
    );
    for (const file of await db.select().from(kycFiles).where(byApp(kycFiles))) {
      const entry = zip[`files/${file.id}-${file.type}.jpg`]!;
      expect(Buffer.from(entry).equals(await stored(file.storageKey))).toBe(true);
      expect(createHash('sha256').update(entry).digest('hex')).toBe(file.sha256);
    }

    // Each mail sent to or about her, as text, and as HTML when it had an HTML body.
    mails.forEach((mail, i) => {
      const base = `emails/${i + 1}-${mail.template}`;
      const text = strFromU8(zip[`${base}.txt`]!);
      expect(text).toContain(`To: ${mail.to}`);
      expect(text).toContain(`Subject: ${mail.subject}`);
      expect(text).toContain(mail.text);
      if (mail.html) expect(strFromU8(zip[`${base}.html`]!)).toBe(mail.html);
      else expect(zip[`${base}.html`]).toBeUndefined();
    });
    expect(Object.keys(zip).filter((name) => name.startsWith('emails/'))).toHaveLength(
      mails.length + mails.filter((mail) => mail.html).length,
    );

    // Her timeline, oldest first, with this export as its last row.
    const timeline = jsonOf<Json[]>(zip, 'timeline.json');
    const audits = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.applicationId, id))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    expect(timeline.map((row) => String(row['id']))).toEqual(audits.map((row) => String(row.id)));
    expect(timeline.map((row) => row['action'])).toEqual(
      expect.arrayContaining(['application.invite', 'application.export']),
    );
    expect(timeline.at(-1)).toMatchObject({
      action: 'application.export',
      actor_role: 'compliance',
    });
    // A staff member's address is not hers to have.
    expect(timeline.filter((row) => row['actor_type'] === 'staff' && row['ip'] !== null)).toEqual(
      [],
    );

    const readme = strFromU8(zip['README.txt']!);
    expect(readme).toContain(`application ${id}`);
    expect(readme).toContain('applicant.json');
    expect(readme).toMatch(/Exported on \d{4}-\d\d-\d\dT/);

    // Nothing of Oliver anywhere: names of entries or their contents.
    const everything = [
      ...Object.keys(zip),
      ...Object.values(zip).map((bytes) => Buffer.from(bytes).toString('latin1')),
    ].join('\n');
    for (const his of [oliver.id, oliver.name, oliver.email, ...oliver.fileIds]) {
      expect(everything).not.toContain(his);
    }
    expect(everything).toContain(amelia.email);
  });

  it('is audited before the first byte: who exported whose data, counts only', async () => {
    const before = await exportAudits();
    const res = await exportOf(oliver.id);
    expect(res.statusCode).toBe(200);
    const rows = (await exportAudits()).filter((row) => !before.some((b) => b.id === row.id));
    const member = await t.staffMember('compliance');
    const mails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.applicationId, oliver.id));
    expect(rows).toEqual([
      expect.objectContaining({
        actorType: 'staff',
        actorId: member.id,
        actorRole: 'compliance',
        targetType: 'application',
        targetId: oliver.id,
        applicationId: oliver.id,
        before: null,
        after: { files: 2, emails: mails.length },
      }),
    ]);
    // And it is in the export itself, which is read after the row is written.
    const timeline = jsonOf<Json[]>(unzip(res.rawPayload), 'timeline.json');
    expect(timeline.at(-1)).toMatchObject({ action: 'application.export', target_id: oliver.id });
  });

  it('is refused to operations (403), with nothing audited', async () => {
    const before = await exportAudits();
    const res = await exportOf(amelia.id, await t.staffToken('operations'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ok: false, error: NO_PERMISSION });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(await exportAudits()).toHaveLength(before.length);
  });

  it('answers an unknown id with a JSON 404 and a bad one with a 400, not a file', async () => {
    const before = await exportAudits();
    const unknown = await exportOf('0b6f6f7e-4a1d-4a8e-9a3c-2f1e5d6c7b8a');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.headers['content-disposition']).toBeUndefined();
    expect(unknown.json()).toEqual({ ok: false, error: 'Application not found' });
    const bad = await exportOf('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ok: false, error: 'Invalid application id' });
    expect(await exportAudits()).toHaveLength(before.length);
  });

  it('exports an erased applicant as the tombstone only', async () => {
    const erased = await seedApplicant('Nadia Rahman', 'nadia.rahman@example.com', 3);
    // As erasure leaves it: the personal fields gone, the tombstone's dates and why kept.
    await t.ctx.db
      .update(applications)
      .set({
        fullName: null,
        email: null,
        emailVerifiedAt: null,
        phone: null,
        reason: null,
        erasedAt: new Date(),
        erasureReason: 'request',
      })
      .where(eq(applications.id, erased.id));
    const res = await exportOf(erased.id);
    expect(res.statusCode).toBe(200);
    const zip = unzip(res.rawPayload);
    expect(Object.keys(zip).sort()).toEqual(['README.txt', 'applicant.json', 'timeline.json']);
    const held = jsonOf<Record<string, Json[]>>(zip, 'applicant.json');
    expect(held).toEqual({
      applications: [
        expect.objectContaining({
          id: erased.id,
          full_name: null,
          email: null,
          stage: 'activated',
          erasure_reason: 'request',
          erased_at: expect.any(String),
        }),
      ],
    });
    expect(strFromU8(zip['README.txt']!)).toContain('was erased on');
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    // (The timeline keeps ids, e.g. of the files it records being reviewed: ids are not personal.)
    for (const personal of [erased.name, erased.email]) {
      expect(everything).not.toContain(personal);
    }
    const [audit] = (await exportAudits()).filter((row) => row.targetId === erased.id);
    expect(audit?.after).toEqual({ files: 0, emails: 0 });
  });

  it('breaks the download, rather than sending a ZIP that looks complete, when a stored file is missing', async () => {
    const broken = await seedApplicant('Iris Cole', 'iris.cole@example.com', 4);
    const [file] = await t.ctx.db
      .select()
      .from(kycFiles)
      .where(and(eq(kycFiles.applicationId, broken.id), inArray(kycFiles.id, broken.fileIds)));
    await t.ctx.storage.delete(file!.storageKey);
    const outcome = await exportOf(broken.id).then(
      (res) => ({ statusCode: res.statusCode, body: res.rawPayload }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) return; // the connection was cut: the client sees a failed download
    // Whatever arrived is not a readable ZIP.
    expect(() => unzip(outcome.body)).toThrow();
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /**
     * POSTs an export over its own connection, closed after it (no pooled connection outlives
     * the test), and resolves once the headers are in.
     */
    const download = (basicId: string) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = request(`${base}/api/admin-applicant-export`, {
          method: 'POST',
          agent: false,
          headers: { 'x-admin-pass': compliance, 'content-type': 'application/json' },
        });
        req.once('response', resolve).once('error', reject);
        req.end(JSON.stringify({ basic_id: basicId }));
      });

    /** Runs `fn` with the server reading stored files through `getStream`. */
    async function withStorage<T>(getStream: FileStorage['getStream'], fn: () => Promise<T>) {
      const real = t.ctx.storage;
      t.ctx.storage = {
        put: (key, data, options) => real.put(key, data, options),
        delete: (key) => real.delete(key),
        getStream,
      };
      try {
        return await fn();
      } finally {
        t.ctx.storage = real;
      }
    }

    it('is streamed, opening one stored file at a time', async () => {
      let open = 0;
      let most = 0;
      let opened = 0;
      const real = t.ctx.storage;
      const zip = await withStorage(
        async (key) => {
          const stream = await real.getStream(key);
          opened += 1;
          open += 1;
          most = Math.max(most, open);
          // Done once read to the end (or closed early).
          let reading = true;
          const done = () => {
            if (reading) open -= 1;
            reading = false;
          };
          stream.once('end', done).once('close', done);
          return stream;
        },
        async () => {
          const res = await download(amelia.id);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-length']).toBeUndefined();
          expect(res.headers['transfer-encoding']).toBe('chunked');
          return unzip(await buffer(res));
        },
      );
      expect(Object.keys(zip).filter((name) => name.startsWith('files/'))).toHaveLength(2);
      expect(opened).toBe(2);
      expect(most).toBe(1);
    });

    it('stops reading the stored file when the client leaves', async () => {
      // A stored file that never ends: the download can only stop because the client left.
      let endless: Readable | undefined;
      await withStorage(
        async () =>
          (endless = new Readable({
            read() {
              this.push(randomBytes(64 * 1024));
            },
          })),
        async () => {
          const res = await download(amelia.id);
          expect(res.statusCode).toBe(200);
          let received = 0;
          // Leaving the loop destroys the response, and with it the connection.
          for await (const chunk of res) {
            received += (chunk as Buffer).length;
            if (received >= 1024 * 1024) break;
          }
          expect(received).toBeGreaterThanOrEqual(1024 * 1024);
          await expect.poll(() => endless?.destroyed, { timeout: 5_000 }).toBe(true);
        },
      );
      // The server carries on.
      const again = await download(oliver.id);
      expect(Object.keys(unzip(await buffer(again)))).toContain('applicant.json');
    });
  });
});
