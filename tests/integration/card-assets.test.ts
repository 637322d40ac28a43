import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardAssets } from '#server/db/schema.ts';
import type { Tier } from '#shared/tiers.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** An upload as the staff panel will make it: the file in storage, its row in card_assets. */
async function upload(tier: Tier, uploadedAt: string, file: Buffer, contentType: string) {
  const ext = contentType === 'image/svg+xml' ? 'svg' : 'png';
  const [row] = await t.ctx.db
    .insert(cardAssets)
    .values({
      tier,
      storageKey: 'pending',
      fileName: `${tier}.${ext}`,
      fileSize: file.length,
      contentType,
      uploadedAt: new Date(uploadedAt),
    })
    .returning({ id: cardAssets.id });
  const key = `card-assets/${row!.id}.${ext}`;
  await t.ctx.storage.put(key, file, { contentType });
  await t.ctx.db.update(cardAssets).set({ storageKey: key }).where(eq(cardAssets.id, row!.id));
  return row!.id;
}

describe('GET /api/card-assets', () => {
  it('is empty before any upload', async () => {
    const res = await t.app.inject('/api/card-assets');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: [] });
  });

  it('lists the newest upload of each artwork tier, newest first', async () => {
    await upload('standard', '2025-01-01T10:00:00Z', PNG, 'image/png');
    const newestStandard = await upload('standard', '2025-03-01T10:00:00Z', PNG, 'image/png');
    const noir = await upload('noir', '2025-02-01T10:00:00Z', SVG, 'image/svg+xml');
    // Elite has no artwork (SPEC §3): never listed, even if a row exists.
    await upload('elite', '2025-04-01T10:00:00Z', PNG, 'image/png');

    const res = await t.app.inject('/api/card-assets');
    expect(res.json()).toEqual({
      ok: true,
      data: [
        {
          tier: 'standard',
          url: `/api/card-asset-file/${newestStandard}`,
          uploaded_at: '2025-03-01T10:00:00.000Z',
        },
        {
          tier: 'noir',
          url: `/api/card-asset-file/${noir}`,
          uploaded_at: '2025-02-01T10:00:00.000Z',
        },
      ],
    });
  });
});

describe('GET /api/card-asset-file/:id', () => {
  it('streams the file with its stored type, cacheable for a year', async () => {
    const id = await upload('titan', '2025-05-01T10:00:00Z', PNG, 'image/png');
    const res = await t.app.inject(`/api/card-asset-file/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).not.toContain('sandbox');
  });

  it('serves SVG sandboxed, so a script inside can never run as our page', async () => {
    const id = await upload('monarch', '2025-05-02T10:00:00Z', SVG, 'image/svg+xml');
    const res = await t.app.inject(`/api/card-asset-file/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a type it does not recognise as opaque bytes', async () => {
    const id = await upload('standard', '2024-01-01T10:00:00Z', PNG, 'text/html');
    const res = await t.app.inject(`/api/card-asset-file/${id}`);
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('answers a JSON 404, never cached, for an unknown, invalid or missing file', async () => {
    const missingFile = await upload('noir', '2024-01-01T10:00:00Z', PNG, 'image/png');
    const [row] = await t.ctx.db
      .select({ key: cardAssets.storageKey })
      .from(cardAssets)
      .where(eq(cardAssets.id, missingFile));
    await t.ctx.storage.delete(row!.key);

    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      '..%2F..%2Fsecrets',
      missingFile,
    ]) {
      const res = await t.app.inject(`/api/card-asset-file/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ ok: false, error: 'File not found' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
