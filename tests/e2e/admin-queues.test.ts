import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '#server/db/schema.ts';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const BACKLOG = 1_500;
const DAY = 24 * 60 * 60_000;
const SHOTS = process.env.QUEUE_SHOTS; // a folder: screenshots while building the screens

/** The pending table's scrolling frame (a region named after the table). */
const pendingTable = (page: Page) => page.getByRole('region', { name: 'Pending KYC files' });
const pendingRows = (page: Page) => pendingTable(page).locator('tbody tr');
const heading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

/**
 * A backlog of 1,500 pending KYC files (and 30 applications waiting for an offer), written
 * into the database before the server starts: the queue shows the oldest first and counts all.
 */
describe('staff panel: queues with a backlog (own server)', () => {
  let server: RunningServer;
  let oldest: string;

  beforeAll(async () => {
    server = await startBuiltServer(
      {},
      {
        seed: async (db, staff) => {
          const now = Date.now();
          // 1,497 files uploaded over the last days, one a minute; then three named cases.
          await db.execute(sql`insert into applications (source, stage, full_name, email)
            select 'application', 'kyc_in_progress', 'Backlog ' || lpad(g::text, 4, '0'),
              'backlog' || lpad(g::text, 4, '0') || '@example.com'
            from generate_series(1, ${BACKLOG - 3}) g`);
          const [first, mine, chloe] = await db
            .insert(applications)
            .values(
              [
                ['Olive Oldest', 'olive.oldest@example.com'],
                ['Mina Mine', 'mina.mine@example.com'],
                ['Chloé Laurent', 'chloe.laurent@example.com'],
              ].map(([fullName, email]) => ({
                source: 'application' as const,
                stage: 'kyc_in_progress' as const,
                fullName,
                email,
              })),
            )
            .returning({ id: applications.id });
          oldest = first!.id;
          await db.execute(sql`update applications set assigned_to = ${staff.members.owner.id},
            assigned_at = now() where id = ${mine!.id}`);
          await db.execute(sql`insert into kyc_files
              (application_id, type, storage_key, content_type, file_size, sha256, uploaded_at)
            select id, 'document', 'kyc/' || id, 'image/jpeg', 1, 'x',
              case id
                when ${first!.id}::uuid then ${new Date(now - 10 * DAY)}::timestamptz
                when ${chloe!.id}::uuid then ${new Date(now - 60 * 60_000)}::timestamptz
                else ${new Date(now - 5 * DAY)}::timestamptz
                  + case when email like 'backlog%'
                    then substring(email from 8 for 4)::int else 0 end * interval '1 minute'
              end
            from applications where stage = 'kyc_in_progress'`);
          // Offers: more than a page of applications at `kyc`.
          await db.execute(sql`insert into applications (source, stage, full_name, email,
              stage_changed_at)
            select 'application', 'kyc', 'Offer ' || lpad(g::text, 2, '0'),
              'offer' || g || '@example.com', now() - (40 - g) * interval '1 hour'
            from generate_series(1, 30) g`);
        },
      },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab: 'KYC', ...options });

  it('shows the oldest case first, the true total, its age, the Overdue marker and its case link', async () => {
    const page = await open({ viewport: DESKTOP });
    await heading(page, /^Pending review \(1,500\)$/).waitFor();
    const first = pendingRows(page).first();
    expect(await first.getByText('Olive Oldest', { exact: true }).count()).toBe(1);
    expect(await first.getByText('waiting 10 days', { exact: true }).count()).toBe(1);
    expect(await first.getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(
      await first.getByRole('link', { name: 'Open case of Olive Oldest' }).getAttribute('href'),
    ).toBe(`/admin/applicants/${oldest}`);
    expect(await pendingRows(page).count()).toBe(20);
    expect(
      await page.getByRole('navigation', { name: 'Pagination' }).first().innerText(),
    ).toContain('Showing 1 to 20 of 1500');
    // The newest upload (an hour ago) is within its 24-hour target: on the last page.
    await page.getByRole('searchbox', { name: 'Search pending files' }).fill('chloe');
    await heading(page, /^Pending review \(1\)$/).waitFor();
    const chloe = pendingRows(page).first();
    expect(await chloe.getByText('Chloé Laurent', { exact: true }).count()).toBe(1);
    expect(await chloe.getByText('waiting 1 hour', { exact: true }).count()).toBe(1);
    expect(await chloe.getByText('Overdue', { exact: true }).count()).toBe(0);
  });

  it("narrows to the member's own cases, showing who has them", async () => {
    const page = await open({ viewport: DESKTOP });
    await heading(page, /^Pending review \(1,500\)$/).waitFor();
    await page.getByRole('combobox', { name: 'Show' }).first().click();
    await page.getByRole('option', { name: 'Assigned to me' }).click();
    await heading(page, /^Pending review \(1\)$/).waitFor();
    expect(await pendingRows(page).count()).toBe(1);
    const row = pendingRows(page).first();
    expect(await row.getByText('Mina Mine', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Assigned to Owner Tester', { exact: true }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Show' }).first().click();
    await page.getByRole('option', { name: 'Unassigned' }).click();
    await heading(page, /^Pending review \(1,499\)$/).waitFor();
  });

  it('shows one page of offers at a time with the total in the heading', async () => {
    const page = await open({ tab: 'Offers', viewport: DESKTOP });
    await heading(page, /^Ready for an offer \(30\)$/).waitFor();
    const cards = page.getByRole('group', { name: /^Offer for / });
    expect(await cards.count()).toBe(20);
    expect(await cards.first().getAttribute('aria-label')).toBe('Offer for Offer 01');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 21 to 30 of 30').waitFor();
    await page.getByRole('group', { name: 'Offer for Offer 21' }).waitFor();
    expect(await cards.count()).toBe(10);
  });

  it('fits 1280 and 375 px without sideways scroll; axe finds nothing serious, light and dark', async () => {
    for (const [tab, name] of [
      ['KYC', /^Pending review \(1,500\)$/],
      ['Offers', /^Ready for an offer \(30\)$/],
      ['Activations', /^Ready for activation \(0\)$/],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await open({ tab, viewport });
        await heading(page, name).waitFor();
        expect(await pageOverflow(page), `${tab} ${viewport.width}`).toBeLessThanOrEqual(0);
        if (tab === 'KYC') {
          expect(
            await pendingTable(page).evaluate((el) => el.scrollWidth - el.clientWidth),
            `KYC table at ${viewport.width}`,
          ).toBeLessThanOrEqual(viewport.width === DESKTOP.width ? 0 : Infinity);
        }
        await applyThemeInPlace(page, 'light');
        expect(await seriousFindings(page), `${tab} ${viewport.width} light`).toEqual([]);
        if (SHOTS) {
          await page.screenshot({ path: `${SHOTS}/${tab}-${viewport.width}-light.png` });
        }
        await applyThemeInPlace(page, 'dark');
        expect(await seriousFindings(page, true), `${tab} ${viewport.width} dark`).toEqual([]);
        if (SHOTS) {
          await page.screenshot({ path: `${SHOTS}/${tab}-${viewport.width}-dark.png` });
        }
      }
    }
  }, 600_000);
});
