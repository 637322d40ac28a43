import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A11yReport } from '#shared/schemas/admin-lists.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
});
afterAll(async () => {
  await t?.close();
});

const REPORT: A11yReport = {
  timestamp: '2025-06-01T10:00:00.000Z',
  passed: false,
  totalViolations: 1,
  totalPages: 1,
  criticalViolations: 0,
  seriousViolations: 1,
  pages: [
    {
      url: '/cards',
      criticalCount: 0,
      seriousCount: 1,
      violationCount: 1,
      violations: [
        {
          id: 'color-contrast',
          help: 'Elements must meet minimum color contrast ratio thresholds',
          impact: 'serious',
          description: 'Ensure the contrast between foreground and background colors meets WCAG',
          nodes: 2,
          helpUrl: 'https://dequeuniversity.com/rules/axe/4.10/color-contrast',
        },
      ],
    },
  ],
};

describe('GET /qa/a11y-report.json', () => {
  it('answers 404 with the spec message before any scan, never cached', async () => {
    const res = await t.app.inject('/qa/a11y-report.json');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      ok: false,
      error: 'Report not found. Run the accessibility scan first.',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the report the scan wrote under DATA_DIR/qa, to anyone, never cached', async () => {
    const dir = join(t.env.DATA_DIR, 'qa');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a11y-report.json'), JSON.stringify(REPORT, null, 2));

    // No staff token: the report is about public pages.
    const res = await t.app.inject('/qa/a11y-report.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(REPORT);

    // A new scan shows on the next read.
    writeFileSync(join(dir, 'a11y-report.json'), JSON.stringify({ ...REPORT, passed: true }));
    expect((await t.app.inject('/qa/a11y-report.json')).json().passed).toBe(true);
  });
});
