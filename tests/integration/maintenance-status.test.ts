import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_RETRY_AFTER_S } from '#server/http/spa.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Issue 16 item 6: while maintenance is on, machines are told the truth (503 with Retry-After,
 * so search engines keep the site), people still get the page that draws 'Under Maintenance',
 * and nothing in it asks search engines to forget the page. Staff pages stay open.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
});
afterAll(async () => {
  await t?.close();
});

async function setMaintenance(enabled: boolean) {
  const toggle = await t.app.inject({
    method: 'POST',
    url: '/api/admin-maintenance-toggle',
    payload: { enabled },
    headers: { 'x-admin-pass': await t.staffToken('owner') },
  });
  expect(toggle.statusCode, toggle.body).toBe(200);
}

const ROBOTS = /<meta name="robots"[^>]*>/;
const PUBLIC_PAGES = ['/', '/cards', '/apply', '/contact', '/legal/privacy', '/help?q=cards'];

describe('page status while maintenance is on', () => {
  it('public pages answer 200 while the site is up', async () => {
    for (const url of PUBLIC_PAGES) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['retry-after'], url).toBeUndefined();
    }
  });

  it('every public page answers 503 with Retry-After, still a page, not marked noindex', async () => {
    await setMaintenance(true);
    for (const url of PUBLIC_PAGES) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe(String(MAINTENANCE_RETRY_AFTER_S));
      expect(res.headers['content-type'], url).toContain('text/html');
      // The page the browser draws the maintenance screen from, with the switch already in it.
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('"maintenance_mode":{"enabled":true}');
      expect(res.body.slice(0, res.body.indexOf('</head>')), url).not.toMatch(ROBOTS);
    }
    // A crawler's HEAD gets the same answer, and an unknown path is maintenance too.
    const head = await t.app.inject({ method: 'HEAD', url: '/cards' });
    expect(head.statusCode).toBe(503);
    expect(head.headers['retry-after']).toBe(String(MAINTENANCE_RETRY_AFTER_S));
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(503);
  });

  it('the staff panel, the API and static files are not in maintenance', async () => {
    for (const url of ['/admin', '/admin/join']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['retry-after'], url).toBeUndefined();
    }
    const setting = await t.app.inject({
      method: 'GET',
      url: '/api/site-settings/maintenance_mode',
    });
    expect(setting.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('switching maintenance off answers 200 again on the next request', async () => {
    await setMaintenance(false);
    const res = await t.app.inject({ method: 'GET', url: '/cards' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
