import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cardAssets } from '#server/db/schema.ts';
import { ASSET_MAX_BYTES, type AssetRow } from '#shared/schemas/admin-lists.ts';
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

const MISSING = { ok: false, error: 'Missing information' };
const INVALID_TYPE = { ok: false, error: 'Invalid file type' };
const TOO_LARGE = { ok: false, error: 'File is too large. The maximum size is 5 MB.' };

// Test images, made here so each property is known.
const EXIF = { IFD0: { Copyright: 'Hidden Owner', Artist: 'Hidden Artist' } };
const canvas = () =>
  sharp({ create: { width: 64, height: 40, channels: 4, background: '#1f2b66' } });
let png: Buffer;
let webp: Buffer;
let jpeg: Buffer;
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">' +
    '<rect width="320" height="200" rx="16" fill="#1B1B1F"/></svg>',
);
const HOSTILE_SVG = Buffer.from(`<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="320" height="200" onload="alert('onload')">
  <script>alert('script')</script>
  <rect width="320" height="200" fill="#A2A6AC" onclick="alert('click')"/>
  <a xlink:href="javascript:alert('href')"><circle cx="20" cy="20" r="10"/></a>
  <use href="javascript:alert('use')"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml">inside</div></foreignObject>
</svg>`);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);

beforeAll(async () => {
  // EXIF that must not survive re-encoding.
  png = await canvas().png().withExif(EXIF).toBuffer();
  webp = await canvas().webp().withExif(EXIF).toBuffer();
  jpeg = await canvas().jpeg().toBuffer();
});

type Part = { data: Buffer; name: string; type: string };

async function multipart(fields: Record<string, string>, file?: Part, fileFirst = false) {
  const form = new FormData();
  const addFile = () => {
    if (file) {
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    }
  };
  if (fileFirst) addFile();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (!fileFirst) addFile();
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(
  fields: Record<string, string>,
  file?: Part,
  options: { token?: string | null; fileFirst?: boolean } = {},
) {
  const body = await multipart(fields, file, options.fileFirst);
  const token = options.token === undefined ? staff : options.token;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin-asset-upload',
    headers: {
      'content-type': body.contentType,
      'x-requested-with': 'waj',
      ...(token ? { 'x-admin-pass': token } : {}),
    },
    payload: body.payload,
  });
}

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-admin-pass': staff } });

async function list(): Promise<AssetRow[]> {
  const res = await post('/api/admin-asset-list', {});
  expect(res.statusCode).toBe(200);
  return res.json().assets;
}

async function publicAssetOf(tier: string): Promise<string | undefined> {
  const res = await t.app.inject('/api/card-assets');
  const data = res.json().data as { tier: string; url: string }[];
  return data.find((a) => a.tier === tier)?.url;
}

async function served(url: string) {
  const res = await t.app.inject(url);
  expect(res.statusCode, url).toBe(200);
  return { body: res.rawPayload, type: res.headers['content-type'] };
}

/** The card artwork files on disk, whatever the rows say. */
function storedFiles(): string[] {
  const dir = join(t.env.DATA_DIR, 'files', 'card-assets');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function rowCount() {
  const [row] = await t.ctx.db.select({ n: count() }).from(cardAssets);
  return row!.n;
}

const auditOf = (id: string) =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(desc(auditLog.id));

/** Makes every insert into `table` fail until the returned function is called. */
async function breakInserts(table: 'card_assets' | 'audit_log') {
  await t.ctx.db.execute(
    sql.raw(`create or replace function test_refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'unavailable'; end $$`),
  );
  await t.ctx.db.execute(
    sql.raw(`create trigger test_refuse_insert before insert on ${table}
      for each row execute function test_refuse_insert()`),
  );
  return async () => {
    await t.ctx.db.execute(sql.raw(`drop trigger test_refuse_insert on ${table}`));
    await t.ctx.db.execute(sql.raw('drop function test_refuse_insert()'));
  };
}

/** Runs `fn` and checks it left no row and no file behind. */
async function expectNothingStored(fn: () => Promise<void>) {
  const rows = await rowCount();
  const files = storedFiles();
  await fn();
  expect(await rowCount()).toBe(rows);
  expect(storedFiles()).toEqual(files);
}

describe('admin-asset-upload and admin-asset-list', () => {
  it('takes a PNG, WebP and SVG, lists them newest first, and /cards shows the newest per tier', async () => {
    expect(await list()).toEqual([]);

    const first = await upload(
      { tier: 'noir' },
      { data: png, name: 'noir card.png', type: 'image/png' },
    );
    expect(first.statusCode).toBe(200);
    const noirPng = first.json().asset as AssetRow;
    expect(first.json()).toEqual({
      ok: true,
      asset: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        tier: 'noir',
        url: `/api/card-asset-file/${noirPng.id}`,
        file_name: 'noir card.png',
        file_size: expect.any(Number),
        content_type: 'image/png',
        uploaded_at: expect.any(String),
      },
    });
    expect(await publicAssetOf('noir')).toBe(noirPng.url);

    const second = await upload(
      { tier: 'titan' },
      { data: webp, name: 'titan.webp', type: 'image/webp' },
    );
    expect(second.statusCode).toBe(200);
    const titanWebp = second.json().asset as AssetRow;
    expect(titanWebp).toMatchObject({
      tier: 'titan',
      file_name: 'titan.webp',
      content_type: 'image/webp',
    });

    // The file may come before the tier, and the browser may not say what type it is.
    const third = await upload(
      { tier: 'noir' },
      { data: SVG, name: 'C:\\Artwork\\noir.svg', type: 'application/octet-stream' },
      { fileFirst: true },
    );
    expect(third.statusCode).toBe(200);
    const noirSvg = third.json().asset as AssetRow;
    expect(noirSvg).toMatchObject({
      tier: 'noir',
      file_name: 'noir.svg',
      content_type: 'image/svg+xml',
    });

    // Each file is served as stored, with the size the list shows.
    for (const asset of [noirPng, titanWebp, noirSvg]) {
      const file = await served(asset.url);
      expect(file.type).toBe(asset.content_type);
      expect(file.body.length).toBe(asset.file_size);
    }
    for (const [asset, format] of [
      [noirPng, 'png'],
      [titanWebp, 'webp'],
    ] as const) {
      const { body } = await served(asset.url);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
        format,
        64,
        40,
        undefined,
      ]);
      expect(body.includes(Buffer.from('Hidden Artist'))).toBe(false);
    }

    expect((await list()).map((a) => a.id)).toEqual([noirSvg.id, titanWebp.id, noirPng.id]);
    expect(await publicAssetOf('noir')).toBe(noirSvg.url);
    expect(await publicAssetOf('titan')).toBe(titanWebp.url);

    const [audit] = await auditOf(noirPng.id);
    expect(audit).toMatchObject({
      actorType: 'staff',
      action: 'card_asset.upload',
      targetType: 'card_asset',
      after: {
        tier: 'noir',
        file_name: 'noir card.png',
        file_size: noirPng.file_size,
        content_type: 'image/png',
      },
    });
  });

  it('stores an SVG without its script, handlers, javascript: links, external image or foreignObject', async () => {
    const res = await upload(
      { tier: 'monarch' },
      { data: HOSTILE_SVG, name: 'monarch.svg', type: 'image/svg+xml' },
    );
    expect(res.statusCode).toBe(200);
    const asset = res.json().asset as AssetRow;
    const stored = (await served(asset.url)).body.toString('utf8');
    expect(stored).toContain('<rect width="320" height="200" fill="#A2A6AC"/>');
    expect(stored).toContain('<circle cx="20" cy="20" r="10"/>');
    for (const gone of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'javascript',
      'tracker.example',
      '<image',
      'foreignObject',
      'inside',
    ]) {
      expect(stored, gone).not.toContain(gone);
    }
    expect(asset.file_size).toBe(Buffer.byteLength(stored));
  });

  it('decides the type by content: a disguised PNG, HTML or a JPEG is refused (415) and nothing kept', async () => {
    await expectNothingStored(async () => {
      const cases: [string, Part][] = [
        ['PNG renamed .svg', { data: png, name: 'card.svg', type: 'image/svg+xml' }],
        ['PNG declared as SVG', { data: png, name: 'card', type: 'image/svg+xml' }],
        ['HTML named .png', { data: HTML, name: 'card.png', type: 'image/png' }],
        ['HTML named .svg', { data: HTML, name: 'card.svg', type: 'image/svg+xml' }],
        ['JPEG', { data: jpeg, name: 'card.jpg', type: 'image/jpeg' }],
        ['JPEG named .png', { data: jpeg, name: 'card.png', type: 'image/png' }],
        ['text', { data: Buffer.from('hello'), name: 'card.png', type: 'image/png' }],
        [
          'a PNG signature only',
          { data: png.subarray(0, 40), name: 'card.png', type: 'image/png' },
        ],
        ['broken SVG', { data: SVG.subarray(0, 60), name: 'card.svg', type: 'image/svg+xml' }],
        [
          'SVG with nothing left',
          {
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
            name: 'card.svg',
            type: 'image/svg+xml',
          },
        ],
      ];
      for (const [label, file] of cases) {
        const res = await upload({ tier: 'standard' }, file);
        expect(res.statusCode, label).toBe(415);
        expect(res.json(), label).toEqual(INVALID_TYPE);
      }
    });
  });

  it('asks for the tier and the file: 400 Missing information', async () => {
    await expectNothingStored(async () => {
      const file = { data: png, name: 'card.png', type: 'image/png' };
      const noTier: Record<string, string>[] = [
        {},
        { tier: '' },
        { tier: 'gold' },
        { tier: 'elite' },
      ];
      for (const fields of noTier) {
        const res = await upload(fields, file);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json()).toMatchObject(MISSING);
        expect(res.json().details).toEqual({ tier: 'Missing information' });
      }
      const noFile = await upload({ tier: 'noir' });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ ...MISSING, details: { file: 'Missing information' } });
      const emptyFile = await upload({ tier: 'noir' }, { ...file, data: Buffer.alloc(0) });
      expect(emptyFile.statusCode).toBe(400);
      expect(emptyFile.json().error).toBe('Missing information');
      const notAForm = await t.app.inject({
        method: 'POST',
        url: '/api/admin-asset-upload',
        payload: { tier: 'noir' },
        headers: { 'x-admin-pass': staff, 'x-requested-with': 'waj' },
      });
      expect(notAForm.statusCode).toBe(400);
      expect(notAForm.json().error).toBe('Missing information');
    });
  });

  it('refuses a file over 5 MB (413) while it streams in, and keeps nothing', async () => {
    await expectNothingStored(async () => {
      // Just over the limit: stopped by the multipart limit while streaming.
      const big = Buffer.concat([png, Buffer.alloc(ASSET_MAX_BYTES + 1 - png.length)]);
      const res = await upload({ tier: 'noir' }, { data: big, name: 'big.png', type: 'image/png' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(TOO_LARGE);
      // Far over: refused from the declared length before the body is read.
      const huge = Buffer.concat([big, Buffer.alloc(1024 * 1024)]);
      const res2 = await upload(
        { tier: 'noir' },
        { data: huge, name: 'big.png', type: 'image/png' },
      );
      expect(res2.statusCode).toBe(413);
      expect(res2.json()).toEqual(TOO_LARGE);
    });
    // Exactly at the limit is fine (an SVG padded with a comment).
    const head = Buffer.concat([SVG, Buffer.from('<!--')]);
    const atLimit = Buffer.concat([
      head,
      Buffer.alloc(ASSET_MAX_BYTES - head.length - 3, 'x'),
      Buffer.from('-->'),
    ]);
    expect(atLimit.length).toBe(ASSET_MAX_BYTES);
    const ok = await upload({ tier: 'standard' }, { data: atLimit, name: 'big.svg', type: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().asset.file_size).toBe(SVG.length + 1);
  });

  it('removes the written file again when the row cannot be recorded', async () => {
    await expectNothingStored(async () => {
      for (const table of ['card_assets', 'audit_log'] as const) {
        const restore = await breakInserts(table);
        try {
          const res = await upload(
            { tier: 'noir' },
            { data: png, name: 'x.png', type: 'image/png' },
          );
          expect(res.statusCode, table).toBe(500);
          expect(res.json()).toEqual({
            ok: false,
            error: 'Something went wrong. Please try again.',
          });
        } finally {
          await restore();
        }
      }
    });
  });

  it('is for staff only', async () => {
    await expectNothingStored(async () => {
      const res = await upload(
        { tier: 'noir' },
        { data: png, name: 'x.png', type: 'image/png' },
        { token: null },
      );
      expect(res.statusCode).toBe(401);
      const listRes = await t.app.inject({
        method: 'POST',
        url: '/api/admin-asset-list',
        payload: {},
      });
      expect(listRes.statusCode).toBe(401);
    });
  });
});

describe('admin-asset-delete', () => {
  it('deletes the row and its file, audited; /cards falls back to the next newest of the tier', async () => {
    const older = (
      await upload({ tier: 'titan' }, { data: png, name: 'old.png', type: 'image/png' })
    ).json().asset as AssetRow;
    const newer = (
      await upload({ tier: 'titan' }, { data: SVG, name: 'new.svg', type: 'image/svg+xml' })
    ).json().asset as AssetRow;
    expect(await publicAssetOf('titan')).toBe(newer.url);
    const filesBefore = storedFiles();
    expect(filesBefore).toContain(`${newer.id}.svg`);

    const res = await post('/api/admin-asset-delete', { id: newer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await publicAssetOf('titan')).toBe(older.url);
    expect((await list()).map((a) => a.id)).not.toContain(newer.id);
    expect(storedFiles()).toEqual(filesBefore.filter((f) => f !== `${newer.id}.svg`));
    expect((await t.app.inject(newer.url)).statusCode).toBe(404);

    const [audit] = await auditOf(newer.id);
    expect(audit).toMatchObject({
      actorType: 'staff',
      action: 'card_asset.delete',
      targetType: 'card_asset',
      before: { tier: 'titan', file_name: 'new.svg', content_type: 'image/svg+xml' },
    });

    // Gone: a second delete finds nothing.
    const again = await post('/api/admin-asset-delete', { id: newer.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ ok: false, error: 'Asset not found' });
  });

  it('keeps row and file when the delete cannot be recorded, and checks the id', async () => {
    const asset = (
      await upload({ tier: 'standard' }, { data: png, name: 'keep.png', type: 'image/png' })
    ).json().asset as AssetRow;
    await expectNothingStored(async () => {
      const restore = await breakInserts('audit_log');
      try {
        const res = await post('/api/admin-asset-delete', { id: asset.id });
        expect(res.statusCode).toBe(500);
      } finally {
        await restore();
      }
      const bad = await post('/api/admin-asset-delete', { id: 'not-an-id' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Please choose an asset');
      const unknown = await post('/api/admin-asset-delete', {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
    });
    expect((await served(asset.url)).body.length).toBe(asset.file_size);
  });
});
