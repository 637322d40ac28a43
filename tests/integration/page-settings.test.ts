import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The served page carries the switches its first render needs (maintenance, invite mode), so
 * nothing waits on `GET /api/site-settings/…` before drawing; a change shows on the next load.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
});
afterAll(async () => {
  await t?.close();
});

const BLOCK = /<script type="application\/json" id="waj-settings">(.*?)<\/script>/;

async function settingsIn(path: string) {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.headers['content-type']).toContain('text/html');
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const found = BLOCK.exec(head);
  expect(found, 'the settings block in the head').not.toBeNull();
  return { raw: found![1]!, value: JSON.parse(found![1]!) as Record<string, unknown> };
}

describe('settings in the served page', () => {
  it('cannot be broken out of, whatever a value holds', async () => {
    // Before any page was served, so nothing is cached yet.
    await t.ctx.db
      .update(siteSettings)
      .set({ value: { enabled: false, note: '</script><script>alert(1)</script>' } })
      .where(eq(siteSettings.key, 'invite_mode'));
    const { raw, value } = await settingsIn('/');
    expect(raw).not.toContain('<');
    expect(value.invite_mode).toEqual({
      enabled: false,
      note: '</script><script>alert(1)</script>',
    });
  });

  it('holds the current switches on every page, and a change on the next load', async () => {
    for (const path of ['/', '/cards', '/apply', '/no-such-page']) {
      expect((await settingsIn(path)).value).toMatchObject({
        maintenance_mode: { enabled: false },
      });
    }
    const toggle = await t.app.inject({
      method: 'POST',
      url: '/api/admin-maintenance-toggle',
      payload: { enabled: true },
      headers: { 'x-admin-pass': await t.staffToken('owner') },
    });
    expect(toggle.statusCode, toggle.body).toBe(200);
    expect((await settingsIn('/about')).value).toMatchObject({
      maintenance_mode: { enabled: true },
    });
  });
});
