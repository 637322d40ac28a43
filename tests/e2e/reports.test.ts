import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { applications, kycFiles, screeningAlerts } from '#server/db/schema.ts';
import type { Stage } from '#shared/stages.ts';
import { openAdmin, pageOverflow, seriousAxeViolations } from './helpers/admin.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOTS = process.env.REPORT_SHOTS; // a folder: screenshots while building the tab

/**
 * Twelve applications started over the last eleven weeks, one a week, at the stage they are at
 * now: three activated and one declined, each decided a day after it started. An identity file
 * has waited thirty hours (past its 24-hour level) and one application three days for its
 * offer (past 48 hours). Two screening alerts were raised, one still open and one cleared.
 */
const HISTORY: Stage[] = [
  'basic',
  'activated',
  'detailed',
  'declined',
  'activated',
  'invited',
  'tier_offer',
  'kyc_in_progress',
  'activated',
  'basic',
  'kyc',
  'code_verified',
];

async function seedHistory(db: Db) {
  const now = Date.now();
  const rows = await db
    .insert(applications)
    .values(
      HISTORY.map((stage, i) => {
        const created = new Date(now - (3 + 7 * i) * DAY);
        // Decided a day later; the one at kyc has waited three days for its offer.
        const changed = new Date(stage === 'kyc' ? now - 3 * DAY : created.getTime() + DAY);
        return {
          source: 'application' as const,
          fullName: `Report Person ${i + 1}`,
          email: `report.person.${i + 1}@example.com`,
          stage,
          createdAt: created,
          stageChangedAt: changed,
          ...(stage === 'declined' ? { declinedAt: changed, declineReason: 'Report test' } : {}),
        };
      }),
    )
    .returning({ id: applications.id, stage: applications.stage });
  const at = (stage: Stage) => rows.find((row) => row.stage === stage)!.id;
  await db.insert(kycFiles).values({
    applicationId: at('kyc_in_progress'),
    type: 'document',
    storageKey: 'kyc/report-e2e.png',
    contentType: 'image/png',
    fileSize: 100,
    sha256: 'x'.repeat(64),
    uploadedAt: new Date(now - 30 * HOUR),
  });
  const entry = {
    name: 'Listed Person',
    names: [],
    dates_of_birth: [],
    nationalities: [],
    programmes: [],
  };
  const raised = new Date(now - 10 * DAY);
  await db.insert(screeningAlerts).values([
    {
      applicationId: at('tier_offer'),
      source: 'builtin',
      list: 'uk',
      entryId: 'REPORT-1',
      kind: 'sanctions',
      entry,
      createdAt: raised,
    },
    {
      applicationId: at('detailed'),
      source: 'builtin',
      list: 'uk',
      entryId: 'REPORT-2',
      kind: 'pep',
      entry,
      status: 'cleared',
      createdAt: raised,
      clearRequestedAt: raised,
      clearReason: 'Not the same person',
      clearedAt: raised,
    },
  ]);
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A table's body rows as the text of their cells. */
const rowsOf = (page: Page, caption: string) =>
  page
    .getByRole('table', { name: caption })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    );

/** The value under an outcome's label ('Started' → '12'). */
const figure = (page: Page, label: string) =>
  region(page, 'Outcomes').locator(`dt:text-is("${label}") + dd`).textContent();

/**
 * The management report (CONTRACT §9) on a server of its own with a known history: the Reports
 * tab draws each part as a chart beside its table, checks its dates, and downloads what it
 * shows as CSV.
 */
describe('staff panel: reports (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({}, { seed: (db) => seedHistory(db) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: { viewport?: typeof PHONE; role?: 'owner' | 'mlro' } = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab: 'Reports', ...options });

  it('shows the last 90 days as charts, each with its table of figures', async () => {
    const page = await open({ role: 'mlro' });
    await page.getByRole('table', { name: 'Applications started by week and stage now' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed'),
    ).toBe('true');

    expect(await figure(page, 'Started')).toBe('12');
    expect(await figure(page, 'Activated')).toBe('3');
    expect(await figure(page, 'Declined')).toBe('1');
    expect(await figure(page, 'Pass rate')).toBe('75.0%');
    expect(await figure(page, 'Decline rate')).toBe('25.0%');

    // Every chart is drawn, with its bars.
    for (const name of [
      'Applications by week',
      'Time to decision',
      'Backlog by age',
      'Past the service level',
      'Screening alerts',
    ]) {
      const chart = region(page, name).locator('svg.recharts-surface');
      await chart.first().waitFor();
      expect(
        await region(page, name).locator('.recharts-bar-rectangle path').count(),
        name,
      ).toBeGreaterThan(0);
    }

    // A week a row (each with its one application), totals adding up to the figure above.
    const weeks = await rowsOf(page, 'Applications started by week and stage now');
    expect(weeks.length).toBeGreaterThanOrEqual(13);
    expect(weeks.reduce((sum, row) => sum + Number(row.at(-1)), 0)).toBe(12);
    expect(weeks.filter((row) => row.at(-1) === '1')).toHaveLength(12);

    expect(await rowsOf(page, 'Time to decision in hours')).toEqual([
      ['Median (p50)', '24 h'],
      ['90th percentile (p90)', '24 h'],
    ]);
    const backlog = await rowsOf(page, 'Open items by queue and age');
    expect(backlog.slice(0, 3)).toEqual([
      ['Identity review', '0', '1', '0', '0', '1'],
      ['Offers', '0', '0', '1', '0', '1'],
      ['Activations', '0', '0', '0', '0', '0'],
    ]);
    expect(backlog[3]).toEqual(['Screening alerts', '0', '0', '0', '1', '1']);
    expect((await rowsOf(page, 'Items past the service level')).slice(0, 4)).toEqual([
      ['Identity review', '1'],
      ['Offers', '1'],
      ['Activations', '0'],
      ['Screening alerts', '1'],
    ]);
    expect(await rowsOf(page, 'Screening alerts raised in the range')).toEqual([
      ['Open', '1'],
      ['Confirmed', '0'],
      ['Cleared', '1'],
    ]);
  });

  it('refuses a range the server would refuse, and reads a new one', async () => {
    const page = await open();
    await page.getByRole('table', { name: 'Open items by queue and age' }).waitFor();
    const to = await page.getByLabel('To', { exact: true }).inputValue();

    await page.getByLabel('From', { exact: true }).fill('2099-01-01');
    await page.getByText('To must be on or after From').waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);

    const twoYearsBack = `${Number(to.slice(0, 4)) - 3}${to.slice(4)}`;
    await page.getByLabel('From', { exact: true }).fill(twoYearsBack);
    await page.getByText('A report covers at most two years').waitFor();

    // The last 30 days: four of the weeks' applications, one of them activated.
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByText('A report covers at most two years').waitFor({ state: 'detached' });
    await expect.poll(() => figure(page, 'Started')).toBe('4');
    expect(await figure(page, 'Activated')).toBe('1');
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(false);
  });

  it('downloads the figures on screen as a CSV file', async () => {
    const page = await open();
    await page.getByRole('table', { name: 'Open items by queue and age' }).waitFor();
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    const to = await page.getByLabel('To', { exact: true }).inputValue();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Report downloaded' }).waitFor();
    expect(download.suggestedFilename()).toBe(`waj-report-${from}-${to}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(`Waj management report,"${from} to ${to} (UK days, both included)"`);
    for (const line of [
      'Started,12',
      'Activated,3',
      'Declined,1',
      'Pass rate,0.75',
      'Time to decision p50 (hours),24',
      'Identity review,0,1,0,0',
      'Open,1',
      'Cleared,1',
    ]) {
      expect(lines).toContain(line);
    }
  });

  it('is not a tab for operations', async () => {
    const page = await openAdmin(openPage, { baseURL: server.baseURL, role: 'operations' });
    await page.getByRole('tab', { name: 'Applicants', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Reports', exact: true }).count()).toBe(0);
  });

  it('fits 375 and 1280 px without sideways scroll; axe finds nothing serious, light and dark', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open({ viewport });
      await page.getByRole('table', { name: 'Screening alerts raised in the range' }).waitFor();
      await region(page, 'Screening alerts').locator('.recharts-bar-rectangle').first().waitFor();
      expect(await pageOverflow(page), `${viewport.width}`).toBeLessThanOrEqual(0);
      for (const theme of ['light', 'dark'] as const) {
        await applyThemeInPlace(page, theme);
        const found = await seriousAxeViolations(page, { colourOnly: theme === 'dark' });
        expect(
          found.map((v) => `${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`),
          `${viewport.width} ${theme}`,
        ).toEqual([]);
        if (SHOTS) {
          await page.screenshot({
            path: `${SHOTS}/reports-${viewport.width}-${theme}.png`,
            fullPage: true,
          });
        }
      }
    }
  }, 180_000);
});
