import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import {
  applicationDetails,
  applications,
  auditLog,
  emailOutbox,
  identityChecks,
  kycFiles,
} from '#server/db/schema.ts';
import { PDFDocument, PDFName } from 'pdf-lib';
import type { Stage } from '#shared/stages.ts';
import { heicWithItems } from '../helpers/heif.ts';
import { ACTIVE_PDF_MARKERS, activePdf, plainPdf } from '../helpers/pdf.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  staff = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const UNSUPPORTED = 'Unsupported file type. Please upload a JPEG, PNG, WebP, HEIC or PDF file.';
const TOO_LARGE = 'File is too large. The maximum size is 10 MB.';
const UNREADABLE =
  'We could not read this file. Please upload a clear photo or scan as a JPEG, PNG, WebP, HEIC or PDF file.';

/** An applicant at `stage`, with details, and a live session token. */
async function applicant(stage: Stage, name = 'Amelia Hart') {
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        fullName: name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2)}@example.com`,
        source: 'invite',
        stage,
      })
      .returning({ id: applications.id });
    await tx.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 250_000,
      employmentStatus: 'employed',
      pepExposed: false,
      cardTierPref: 'noir',
    });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, token: session.token };
  });
}

async function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(
  token: string | null,
  type: string,
  data: Buffer,
  name = 'photo.jpg',
  declared = 'image/jpeg',
  extra: Record<string, string> = {},
) {
  const body = await multipart({ type, ...extra }, { data, name, type: declared });
  return t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-upload',
    headers: {
      'content-type': body.contentType,
      'x-requested-with': 'waj',
      ...(token ? { 'x-session-token': token } : {}),
    },
    payload: body.payload,
  });
}

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const asApplicant = (token: string) => ({ 'x-session-token': token });
const asStaff = () => ({ 'x-admin-pass': staff });

async function stageOf(id: string) {
  const [row] = await t.ctx.db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, id));
  return row!.stage;
}
const filesOf = (id: string) =>
  t.ctx.db.select().from(kycFiles).where(eq(kycFiles.applicationId, id));
function storedKycFiles(): string[] {
  const dir = join(t.env.DATA_DIR, 'files', 'kyc');
  return existsSync(dir) ? readdirSync(dir) : [];
}
function readStored(key: string): Buffer {
  return readFileSync(join(t.env.DATA_DIR, 'files', ...key.split('/')));
}

// Test images, made here so each property is known.
const canvas = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#8a1c2b' } });
const EXIF = { IFD0: { Copyright: 'Private camera owner', Artist: 'Hidden Artist' } };
let jpegWithExif: Buffer;
let pngWithExif: Buffer;
let webp: Buffer;
let avifAsHeic: Buffer;
let PDF: Buffer;
/**
 * Real HEVC-coded HEICs, as iPhones write them (made with libheif's heif-enc: see
 * tests/fixtures/README.md). photo.heic: 64×48, red left half, blue right half, Exif inside.
 */
const HEIC = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'photo.heic'));
/** 8000×7000: over the 50-megapixel limit, in 13 KB. */
const HUGE_HEIC = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'huge.heic'));
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]);
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

beforeAll(async () => {
  // Orientation 6: stored sideways, shown upright by rotating 90°.
  jpegWithExif = await canvas().jpeg().withExif(EXIF).withMetadata({ orientation: 6 }).toBuffer();
  pngWithExif = await canvas().png().withExif(EXIF).toBuffer();
  webp = await canvas().webp().withExif(EXIF).toBuffer();
  // An AVIF-coded HEIF under a HEIC brand: decodable, so it must come out as a clean JPEG.
  avifAsHeic = await canvas().heif({ compression: 'av1' }).withExif(EXIF).toBuffer();
  avifAsHeic.write('heic', 8, 'latin1');
  PDF = await plainPdf();
});

const getFile = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin-kyc-file/${id}`, headers: asStaff() });

describe('apply-kyc-upload', () => {
  it('needs an applicant session', async () => {
    const res = await upload(null, 'document', jpegWithExif);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: 'No authentication token found' });
  });

  it('is refused before the details step and after verification (409, nothing stored)', async () => {
    for (const stage of ['code_verified', 'kyc', 'tier_offer'] as const) {
      const a = await applicant(stage);
      const res = await upload(a.token, 'document', jpegWithExif);
      expect(res.statusCode).toBe(409);
      expect(await filesOf(a.id)).toEqual([]);
      expect(await stageOf(a.id)).toBe(stage);
    }
  });

  it('refuses a wrong type, judged by content, whatever the name and declared type (415)', async () => {
    const a = await applicant('detailed');
    const before = storedKycFiles().length;
    const cases: [Buffer, string, string][] = [
      [GIF, 'passport.jpg', 'image/jpeg'],
      [HTML, 'selfie.jpg', 'image/jpeg'],
      [EXE, 'licence.png', 'image/png'],
      [Buffer.from('just some text'), 'scan.pdf', 'application/pdf'],
    ];
    for (const [data, name, declared] of cases) {
      const res = await upload(a.token, 'document', data, name, declared);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ ok: false, error: UNSUPPORTED });
    }
    expect(await filesOf(a.id)).toEqual([]);
    expect(storedKycFiles()).toHaveLength(before);
  });

  it('refuses a file over 10 MB (413) and keeps nothing', async () => {
    const a = await applicant('detailed');
    const before = storedKycFiles().length;
    // Just over the limit: caught by the multipart limit while streaming.
    const big = Buffer.concat([
      jpegWithExif,
      Buffer.alloc(10 * 1024 * 1024 + 1 - jpegWithExif.length),
    ]);
    const res = await upload(a.token, 'document', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ok: false, error: TOO_LARGE });
    // Far over: refused from the declared length before the body is read.
    const huge = await upload(a.token, 'document', Buffer.concat([big, Buffer.alloc(1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(TOO_LARGE);
    expect(await filesOf(a.id)).toEqual([]);
    expect(storedKycFiles()).toHaveLength(before);
  });

  it('refuses an image whose bytes only start like one', async () => {
    const a = await applicant('detailed');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);
    const res = await upload(a.token, 'selfie', broken);
    expect(res.statusCode).toBe(415);
    expect(await filesOf(a.id)).toEqual([]);
  });

  it('asks for the type and the file', async () => {
    const a = await applicant('detailed');
    const noType = await upload(a.token, 'passport', jpegWithExif);
    expect(noType.statusCode).toBe(400);
    expect(noType.json().details).toEqual({ type: 'Please choose a document or a selfie' });
    const body = await multipart({ type: 'document' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/apply-kyc-upload',
      headers: {
        'content-type': body.contentType,
        'x-requested-with': 'waj',
        ...asApplicant(a.token),
      },
      payload: body.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toBe('Please choose a file to upload.');
  });

  it("refuses another application's id in the form (403)", async () => {
    const a = await applicant('detailed');
    const other = await applicant('detailed');
    const res = await upload(a.token, 'document', jpegWithExif, 'p.jpg', 'image/jpeg', {
      basic_id: other.id,
    });
    expect(res.statusCode).toBe(403);
    expect(await filesOf(a.id)).toEqual([]);
    expect(await filesOf(other.id)).toEqual([]);
  });

  it('re-encodes a JPEG upright with all metadata stripped, and records it', async () => {
    const a = await applicant('detailed');
    const res = await upload(a.token, 'document', jpegWithExif, 'IMG_0001.JPG');
    expect(res.statusCode).toBe(200);
    const { ok, id } = res.json();
    expect(ok).toBe(true);
    const [row] = await filesOf(a.id);
    expect(row).toMatchObject({
      id,
      type: 'document',
      status: 'pending',
      contentType: 'image/jpeg',
    });
    expect(row!.storageKey).toMatch(/^kyc\/[0-9a-f-]{36}\.jpg$/);
    const stored = readStored(row!.storageKey);
    expect(row!.fileSize).toBe(stored.length);
    expect(row!.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Turned upright: the 40×20 sideways original is now 20 wide and 40 tall.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(stored.includes(Buffer.from('Hidden Artist'))).toBe(false);
  });

  it('strips metadata from PNG and WebP too', async () => {
    const a = await applicant('detailed');
    expect((await upload(a.token, 'document', pngWithExif, 'id.png', 'image/png')).statusCode).toBe(
      200,
    );
    expect((await upload(a.token, 'selfie', webp, 'me.webp', 'image/webp')).statusCode).toBe(200);
    const rows = await filesOf(a.id);
    expect(rows.map((r) => r.contentType).sort()).toEqual(['image/png', 'image/webp']);
    for (const row of rows) {
      const stored = readStored(row.storageKey);
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect(stored.includes(Buffer.from('Hidden Artist'))).toBe(false);
    }
  });

  it('turns a decodable HEIC into a clean JPEG', async () => {
    const a = await applicant('detailed');
    const res = await upload(a.token, 'selfie', avifAsHeic, 'IMG_0002.HEIC', 'image/heic');
    expect(res.statusCode).toBe(200);
    const [row] = await filesOf(a.id);
    expect(row!.contentType).toBe('image/jpeg');
    const meta = await sharp(readStored(row!.storageKey)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('turns an iPhone HEIC into a JPEG that staff are served as image/jpeg', async () => {
    // sharp cannot decode this one (HEVC): it goes through libheif.
    await expect(sharp(HEIC).toBuffer()).rejects.toThrow();
    const a = await applicant('detailed');
    const res = await upload(a.token, 'selfie', HEIC, 'IMG_0003.HEIC', 'image/heic');
    expect(res.statusCode).toBe(200);
    const [row] = await filesOf(a.id);
    expect(row!.contentType).toBe('image/jpeg');
    expect(row!.storageKey).toMatch(/^kyc\/[0-9a-f-]{36}\.jpg$/);
    const stored = readStored(row!.storageKey);
    expect(stored.includes(Buffer.from('Hidden Artist'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 64, 48, undefined]);
    // The pixels are the photo's: red on the left, blue on the right.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3),
    ];
    const [r1, g1, b1] = pixel(8, 24);
    const [r2, g2, b2] = pixel(56, 24);
    expect(r1! > 150 && g1! < 80 && b1! < 90).toBe(true);
    expect(r2! < 80 && g2! < 110 && b2! > 150).toBe(true);

    const served = await getFile(res.json().id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="selfie-${res.json().id}.jpg"`,
    );
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('refuses a HEIC that only looks like one: HEIF boxes around bytes that are no image', async () => {
    const a = await applicant('detailed');
    const before = storedKycFiles().length;
    const fake = heicWithItems([['hvc1']], [Buffer.from('<script>alert(1)</script>'.repeat(8))], {
      primary: 1,
    });
    const res = await upload(a.token, 'selfie', fake, 'IMG_0004.HEIC', 'image/heic');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ ok: false, error: UNREADABLE });
    expect(await filesOf(a.id)).toEqual([]);
    expect(storedKycFiles()).toHaveLength(before);
  });

  it('refuses a HEIC of more than 50 megapixels without decoding it', async () => {
    const a = await applicant('detailed');
    const res = await upload(a.token, 'document', HUGE_HEIC, 'IMG_0005.HEIC', 'image/heic');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ ok: false, error: UNREADABLE });
    expect(await filesOf(a.id)).toEqual([]);
  });

  it('keeps a readable PDF, rewritten, pages only', async () => {
    const a = await applicant('detailed');
    const res = await upload(a.token, 'document', PDF, 'licence.pdf', 'application/pdf');
    expect(res.statusCode).toBe(200);
    const [row] = await filesOf(a.id);
    expect(row!.contentType).toBe('application/pdf');
    expect(row!.storageKey).toMatch(/\.pdf$/);
    const stored = await PDFDocument.load(readStored(row!.storageKey));
    expect(stored.getPages().map((page) => page.getSize())).toEqual([{ width: 420, height: 260 }]);
    const served = await getFile(res.json().id);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(readStored(row!.storageKey))).toBe(true);
  });

  it('refuses a PDF as the selfie (a photo is needed), whatever it is called', async () => {
    const a = await applicant('detailed');
    const res = await upload(a.token, 'selfie', PDF, 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      ok: false,
      error: 'A selfie must be a photo. Please upload a JPEG, PNG, WebP or HEIC image.',
    });
    expect(await filesOf(a.id)).toEqual([]);
    // The same PDF is a fine ID document.
    expect((await upload(a.token, 'document', PDF, 'id.pdf', 'application/pdf')).statusCode).toBe(
      200,
    );
  });

  it('stores a PDF without its scripts, actions, form or attached files', async () => {
    const a = await applicant('detailed');
    const original = await activePdf();
    for (const marker of ACTIVE_PDF_MARKERS) expect(original.includes(marker)).toBe(true);
    const res = await upload(a.token, 'document', original, 'licence.pdf', 'application/pdf');
    expect(res.statusCode).toBe(200);
    const [row] = await filesOf(a.id);
    const bytes = readStored(row!.storageKey);
    for (const marker of ACTIVE_PDF_MARKERS) expect(bytes.includes(marker), marker).toBe(false);
    expect(bytes.includes('MZ payload')).toBe(false);
    const stored = await PDFDocument.load(bytes);
    for (const key of ['OpenAction', 'Names', 'AcroForm', 'AA']) {
      expect(stored.catalog.has(PDFName.of(key)), key).toBe(false);
    }
    const [page, ...rest] = stored.getPages();
    expect(rest).toEqual([]);
    expect(page!.getSize()).toEqual({ width: 420, height: 260 });
    expect(page!.node.Annots()).toBeUndefined();
    // What the page shows is still there: its text and the font it is drawn in.
    expect(page!.node.Contents()).toBeDefined();
    expect(bytes.includes('/Helvetica')).toBe(true);
  });

  it('refuses a file that only claims to be a PDF, an encrypted one and a long one', async () => {
    const a = await applicant('detailed');
    const before = storedKycFiles().length;
    const encrypted = Buffer.from(
      PDF.toString('latin1').replace(
        /trailer\s*<<\s*/,
        (head) => `${head}/Encrypt << /Filter /Standard /V 1 /R 2 >>\n`,
      ),
      'latin1',
    );
    expect(encrypted.includes('/Encrypt')).toBe(true);
    const cases = [
      Buffer.from('%PDF-1.7\n<script>alert(document.cookie)</script>\n%%EOF\n'),
      encrypted,
      await plainPdf(21),
    ];
    for (const data of cases) {
      const res = await upload(a.token, 'document', data, 'licence.pdf', 'application/pdf');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ ok: false, error: UNREADABLE });
    }
    expect(await filesOf(a.id)).toEqual([]);
    expect(storedKycFiles()).toHaveLength(before);
    // Twenty pages are still fine.
    const long = await upload(a.token, 'document', await plainPdf(20), 'l.pdf', 'application/pdf');
    expect(long.statusCode).toBe(200);
  });

  it('replaces a pending file of the same type, file and all', async () => {
    const a = await applicant('detailed');
    const first = (await upload(a.token, 'document', jpegWithExif)).json().id as string;
    const [firstRow] = await filesOf(a.id);
    const second = (await upload(a.token, 'document', PDF, 'scan.pdf', 'application/pdf')).json()
      .id as string;
    await upload(a.token, 'selfie', webp, 'me.webp', 'image/webp');
    const rows = await filesOf(a.id);
    expect(rows.map((r) => r.id).sort()).toEqual(
      [second, rows.find((r) => r.type === 'selfie')!.id].sort(),
    );
    expect(rows.some((r) => r.id === first)).toBe(false);
    expect(existsSync(join(t.env.DATA_DIR, 'files', ...firstRow!.storageKey.split('/')))).toBe(
      false,
    );
  });
});

describe('apply-kyc-start (builtin)', () => {
  it('needs both a document and a selfie', async () => {
    const a = await applicant('detailed');
    const none = await post('/api/apply-kyc-start', {}, asApplicant(a.token));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Please upload your ID document and a selfie.');
    await upload(a.token, 'document', jpegWithExif);
    const half = await post('/api/apply-kyc-start', {}, asApplicant(a.token));
    expect(half.statusCode).toBe(400);
    expect(await stageOf(a.id)).toBe('detailed');
    const checks = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, a.id));
    expect(checks).toEqual([]);
  });

  it('is refused at any stage but detailed (409, nothing changed)', async () => {
    for (const stage of ['code_verified', 'kyc_in_progress', 'kyc'] as const) {
      const a = await applicant(stage);
      const res = await post('/api/apply-kyc-start', {}, asApplicant(a.token));
      expect(res.statusCode).toBe(409);
      expect(await stageOf(a.id)).toBe(stage);
    }
  });

  it('hands the pair to staff: kyc_in_progress, a submitted check, a staff e-mail', async () => {
    const a = await applicant('detailed', 'Jonathan Rees');
    await upload(a.token, 'document', jpegWithExif);
    await upload(a.token, 'selfie', webp, 'me.webp', 'image/webp');
    const res = await post('/api/apply-kyc-start', {}, asApplicant(a.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'kyc_in_progress' });
    const [check] = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, a.id));
    expect(check).toMatchObject({ provider: 'builtin', status: 'submitted', decision: null });
    const mail = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'kyc.staff_notification'));
    expect(mail.some((m) => m.subject.includes('Jonathan Rees'))).toBe(true);
    // Started once only.
    expect((await post('/api/apply-kyc-start', {}, asApplicant(a.token))).statusCode).toBe(409);
  });
});

describe('staff review', () => {
  async function readyApplicant(name = 'Priya Shah') {
    const a = await applicant('detailed', name);
    const doc = (await upload(a.token, 'document', jpegWithExif)).json().id as string;
    const selfie = (await upload(a.token, 'selfie', webp, 'me.webp', 'image/webp')).json()
      .id as string;
    expect((await post('/api/apply-kyc-start', {}, asApplicant(a.token))).statusCode).toBe(200);
    return { ...a, doc, selfie };
  }

  it('is staff-only: no token, a bad token or an applicant token get 401', async () => {
    const a = await readyApplicant();
    const callers: Record<string, string>[] = [
      {},
      { 'x-admin-pass': 'not-a-token' },
      asApplicant(a.token),
    ];
    for (const headers of callers) {
      expect((await post('/api/admin-kyc-list', {}, headers)).statusCode).toBe(401);
      expect(
        (await post('/api/admin-kyc-action', { file_id: a.doc, action: 'approve' }, headers))
          .statusCode,
      ).toBe(401);
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/admin-kyc-file/${a.doc}`,
        headers,
      });
      expect(file.statusCode).toBe(401);
      expect(file.body).not.toContain('JFIF');
    }
    const [row] = await t.ctx.db.select().from(kycFiles).where(eq(kycFiles.id, a.doc));
    expect(row!.status).toBe('pending');
  });

  it('lists pending files with whose they are', async () => {
    const a = await readyApplicant('Oliver Grant');
    const res = await post(
      '/api/admin-kyc-list',
      { status: 'pending', query: 'Oliver Grant' },
      asStaff(),
    );
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.filter((f: { basic_id: string }) => f.basic_id === a.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((f: { type: string }) => f.type === 'document')).toMatchObject({
      id: a.doc,
      type: 'document',
      status: 'pending',
      basic_id: a.id,
      url: `/api/admin-kyc-file/${a.doc}`,
      application: { full_name: 'Oliver Grant', email: expect.stringContaining('@example.com') },
    });
    expect((await post('/api/admin-kyc-list', { status: 'lost' }, asStaff())).statusCode).toBe(400);
  });

  it('streams a file to staff privately: no-store, nosniff, inline, strict CSP', async () => {
    const a = await readyApplicant();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin-kyc-file/${a.doc}`,
      headers: asStaff(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const [row] = await t.ctx.db.select().from(kycFiles).where(eq(kycFiles.id, a.doc));
    expect(res.rawPayload.equals(readStored(row!.storageKey))).toBe(true);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin-kyc-file/00000000-0000-4000-8000-000000000000',
      headers: asStaff(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('approving both files completes verification (kyc), with an audit row for each step', async () => {
    const a = await readyApplicant();
    const first = await post(
      '/api/admin-kyc-action',
      { file_id: a.doc, action: 'approve', notes: 'Passport, clear' },
      asStaff(),
    );
    expect(first.json()).toEqual({ ok: true, status: 'approved', stage: 'kyc_in_progress' });
    const second = await post(
      '/api/admin-kyc-action',
      { file_id: a.selfie, action: 'approve' },
      asStaff(),
    );
    expect(second.json()).toEqual({ ok: true, status: 'approved', stage: 'kyc' });
    expect(await stageOf(a.id)).toBe('kyc');
    const [check] = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, a.id));
    expect(check).toMatchObject({ status: 'approved', decision: 'approved' });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, a.id));
    const actions = audit.map((row) => row.action);
    expect(actions.filter((x) => x === 'kyc_file.approve')).toHaveLength(2);
    expect(actions).toContain('application.kyc_complete');
    expect(audit.find((row) => row.action === 'kyc_file.approve')!.actorType).toBe('staff');
    // A reviewed file cannot be reviewed again.
    const again = await post(
      '/api/admin-kyc-action',
      { file_id: a.doc, action: 'reject' },
      asStaff(),
    );
    expect(again.statusCode).toBe(409);
    expect(await stageOf(a.id)).toBe('kyc');
  });

  it('a rejection sends the applicant back with the reason (never the notes) to upload again', async () => {
    const a = await readyApplicant();
    await post('/api/admin-kyc-action', { file_id: a.doc, action: 'approve' }, asStaff());
    const rejected = await post(
      '/api/admin-kyc-action',
      {
        file_id: a.selfie,
        action: 'reject',
        notes: 'INTERNAL: face partly covered by hand',
        reason: 'Please take the selfie without anything covering your face.',
      },
      asStaff(),
    );
    expect(rejected.json()).toEqual({ ok: true, status: 'rejected', stage: 'detailed' });

    const view = await post('/api/apply-get-stage', {}, asApplicant(a.token));
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain('INTERNAL');
    const selfie = view.json().kyc_files.find((f: { type: string }) => f.type === 'selfie');
    expect(selfie).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Please take the selfie without anything covering your face.',
    });

    const again = await upload(a.token, 'selfie', webp, 'me2.webp', 'image/webp');
    expect(again.statusCode).toBe(200);
    expect((await post('/api/apply-kyc-start', {}, asApplicant(a.token))).json()).toEqual({
      ok: true,
      stage: 'kyc_in_progress',
    });
    const done = await post(
      '/api/admin-kyc-action',
      { file_id: again.json().id, action: 'approve' },
      asStaff(),
    );
    expect(done.json().stage).toBe('kyc');
  });

  it('a rejection e-mails the applicant the reason and a link back that works on any device', async () => {
    const a = await readyApplicant('Hannah Cole');
    const [row] = await t.ctx.db
      .select({ email: applications.email })
      .from(applications)
      .where(eq(applications.id, a.id));
    await post(
      '/api/admin-kyc-action',
      {
        file_id: a.selfie,
        action: 'reject',
        notes: 'INTERNAL: looks like a printout',
        reason: 'Please take the selfie in good light, facing the camera.',
      },
      asStaff(),
    );
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, row!.email!));
    const mail = mails.find((m) => m.template === 'admin_kyc_action.document_rejected');
    expect(mail).toMatchObject({ subject: 'Please upload your selfie again' });
    expect(mail!.text).toContain('could not accept your selfie');
    expect(mail!.text).toContain(
      'Reason: Please take the selfie in good light, facing the camera.',
    );
    expect(mail!.text).not.toContain('INTERNAL');
    expect(mail!.html).not.toContain('INTERNAL');
    // The address was never proven: greeted neutrally.
    expect(mail!.text).toMatch(/^Hello,\n/);

    // Opened anywhere (no session): the link signs the applicant in to upload again.
    const sid = new URL(
      /https?:\/\/\S+\/apply\/review\?sid=\S+/.exec(mail!.text)![0],
    ).searchParams.get('sid')!;
    const opened = await post('/api/apply-session', { sid }, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ ok: true, basic_id: a.id });
    expect(await stageOf(a.id)).toBe('detailed');
    // Single use.
    expect((await post('/api/apply-session', { sid }, {})).statusCode).not.toBe(200);
  });

  it('a rejection without a reason tells the applicant to upload a clearer image', async () => {
    const a = await readyApplicant();
    await post(
      '/api/admin-kyc-action',
      { file_id: a.doc, action: 'reject', notes: 'glare' },
      asStaff(),
    );
    const [row] = await t.ctx.db.select().from(kycFiles).where(eq(kycFiles.id, a.doc));
    expect(row).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please upload a clearer image.',
      staffNotes: 'glare',
    });
    expect(await stageOf(a.id)).toBe('detailed');
  });

  it('an upload at kyc_in_progress is refused unless that file was rejected', async () => {
    const a = await readyApplicant();
    const res = await upload(a.token, 'document', jpegWithExif);
    expect(res.statusCode).toBe(409);
    const pending = await t.ctx.db
      .select()
      .from(kycFiles)
      .where(and(eq(kycFiles.applicationId, a.id), eq(kycFiles.type, 'document')));
    expect(pending).toHaveLength(1);
  });

  it('validates the action', async () => {
    const a = await readyApplicant();
    const bad = await post('/api/admin-kyc-action', { file_id: a.doc, action: 'maybe' }, asStaff());
    expect(bad.statusCode).toBe(400);
    const unknown = await post(
      '/api/admin-kyc-action',
      { file_id: '00000000-0000-4000-8000-000000000000', action: 'approve' },
      asStaff(),
    );
    expect(unknown.statusCode).toBe(404);
  });
});
