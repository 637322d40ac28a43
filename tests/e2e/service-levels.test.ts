import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { applications } from '#server/db/schema.ts';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const HOUR = 60 * 60_000;
const SHOTS = process.env.SERVICE_LEVEL_SHOTS; // a folder: screenshots while building the screens

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const heading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });
const pendingRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Pending KYC files' })
    .getByRole('row')
    .filter({ hasText: name });
const offerCard = (page: Page, name: string) =>
  page.getByRole('group', { name: `Offer for ${name}` });
const staffRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Staff members' }).getByRole('row').filter({ hasText: name });
const strip = (page: Page) => page.getByRole('region', { name: 'Service levels' });

/** No sideways scroll, and axe finds nothing serious in either theme (screenshots if asked). */
async function checkScreen(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await pageOverflow(page), `${name} ${width}`).toBeLessThanOrEqual(0);
  await applyThemeInPlace(page, 'light');
  expect(await seriousFindings(page), `${name} ${width} light`).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}-light.png`, fullPage: true });
  await applyThemeInPlace(page, 'dark');
  expect(await seriousFindings(page, true), `${name} ${width} dark`).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}-dark.png`, fullPage: true });
}

/**
 * Service levels and bulk assignment (CONTRACT §9), on a server of its own: an identity file
 * waiting three days (past its 24-hour target) beside one an hour old, applications waiting for
 * an offer, and two members leaving: one already disabled with two open cases, one still
 * active with one.
 */
describe('staff panel: service levels and bulk assignment (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer(
      {},
      {
        seed: async (db) => {
          const now = Date.now();
          // Members who never sign in here: a placeholder passphrase hash, no second factor.
          const [departed, leaving, parked] = await queryRows<{ id: string }>(
            db,
            sql`insert into staff_members (email, name, role, status, passphrase_hash) values
              ('dora.departed@staff.test', 'Dora Departed', 'compliance', 'disabled', 'x'),
              ('lee.leaving@staff.test', 'Lee Leaving', 'operations', 'active', 'x'),
              ('pat.parked@staff.test', 'Pat Parked', 'compliance', 'disabled', 'x')
              returning id`,
          );
          const rows = await db
            .insert(applications)
            .values(
              [
                ['Olga Overdue', 'kyc_in_progress'],
                ['Nina Newfile', 'kyc_in_progress'],
                ['Bulk Alpha', 'kyc'],
                ['Bulk Beta', 'kyc'],
                ['Bulk Gamma', 'kyc'],
                ['Otto Overdue', 'kyc'],
                ['Held One', 'kyc'],
                ['Held Two', 'kyc'],
                ['Lee Case', 'accepted'],
                ['Parked Case', 'accepted'],
              ].map(([fullName, stage]) => ({
                source: 'application' as const,
                stage: stage as 'kyc' | 'kyc_in_progress' | 'accepted',
                fullName: fullName!,
                email: `${fullName!.toLowerCase().replace(' ', '.')}@example.com`,
              })),
            )
            .returning({ id: applications.id, fullName: applications.fullName });
          const id = (name: string) => rows.find((row) => row.fullName === name)!.id;
          // Offers wait an hour: within their 48-hour target.
          await db.execute(sql`update applications
            set stage_changed_at = ${new Date(now - HOUR)}::timestamptz
            where stage in ('kyc', 'accepted')`);
          // Otto has waited three days for an offer: past its 48-hour target.
          await db.execute(sql`update applications
            set stage_changed_at = ${new Date(now - 3 * 24 * HOUR)}::timestamptz
            where id = ${id('Otto Overdue')}`);
          await db.execute(sql`update applications set assigned_to = ${departed!.id},
            assigned_at = now() where id in (${id('Held One')}, ${id('Held Two')})`);
          await db.execute(sql`update applications set assigned_to = ${leaving!.id},
            assigned_at = now() where id = ${id('Lee Case')}`);
          // Pat's case stays with them: the screens are checked with the move dialog open.
          await db.execute(sql`update applications set assigned_to = ${parked!.id},
            assigned_at = now() where id = ${id('Parked Case')}`);
          await db.execute(sql`insert into kyc_files
              (application_id, type, storage_key, content_type, file_size, sha256, uploaded_at)
            values
              (${id('Olga Overdue')}, 'document', 'kyc/olga', 'image/jpeg', 1, 'x',
                ${new Date(now - 3 * 24 * HOUR)}::timestamptz),
              (${id('Nina Newfile')}, 'document', 'kyc/nina', 'image/jpeg', 1, 'x',
                ${new Date(now - HOUR)}::timestamptz)`);
        },
      },
    );
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, viewport: DESKTOP, ...options });

  it('marks the overdue file in the KYC queue, counts it there and on the dashboard strip', async () => {
    const page = await open();
    // The dashboard: each queue the owner may open, its open and overdue items, a link to it.
    const identity = strip(page).getByRole('link', { name: /^Identity review/ });
    await identity.waitFor();
    expect(await identity.getByText('2 open', { exact: true }).count()).toBe(1);
    expect(await identity.getByText('1 overdue', { exact: true }).count()).toBe(1);
    expect(await strip(page).getByRole('link').count()).toBe(7);
    const offers = strip(page).getByRole('link', { name: /^Offers/ });
    expect(await offers.getByText('6 open', { exact: true }).count()).toBe(1);
    expect(await offers.getByText('1 overdue', { exact: true }).count()).toBe(1);
    const activations = strip(page).getByRole('link', { name: /^Activations/ });
    expect(await activations.getByText('None overdue', { exact: true }).count()).toBe(1);

    await identity.click();
    const tab = page.getByRole('tabpanel', { name: 'KYC', exact: true });
    await heading(page, /^Pending review \(2\)$/).waitFor();
    expect(await tab.getByText('1 overdue', { exact: true }).count()).toBe(1);
    expect(await tab.getByText('(target 24 hours)', { exact: true }).count()).toBe(1);
    // Oldest first: the overdue file leads, marked in words.
    const olga = pendingRow(page, 'Olga Overdue');
    expect(await olga.getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await olga.getByText('overdue by 2 days', { exact: true }).count()).toBe(1);
    const nina = pendingRow(page, 'Nina Newfile');
    expect(await nina.getByText('Overdue', { exact: true }).count()).toBe(0);
    expect(await nina.getByText('due in 22 hours', { exact: true }).count()).toBe(1);
  });

  it('marks an overdue offer, first in its queue, and on its case screen', async () => {
    const page = await open({ tab: 'Offers' });
    await heading(page, /^Ready for an offer \(6\)$/).waitFor();
    const cards = page.getByRole('group', { name: /^Offer for / });
    expect(await cards.first().getAttribute('aria-label')).toBe('Offer for Otto Overdue');
    const otto = offerCard(page, 'Otto Overdue');
    expect(await otto.getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await otto.getByText('overdue by 1 day', { exact: true }).count()).toBe(1);
    expect(await offerCard(page, 'Bulk Gamma').getByText('Overdue', { exact: true }).count()).toBe(
      0,
    );
    const tab = page.getByRole('tabpanel', { name: 'Offers', exact: true });
    expect(await tab.getByText('(target 48 hours)', { exact: true }).count()).toBe(1);

    // The case screen says the same beside the stage.
    await otto.getByRole('link', { name: 'Open case of Otto Overdue' }).click();
    const level = page.getByTestId('case-service-level');
    await level.waitFor();
    expect(await level.textContent()).toContain('Offers queue:');
    expect(await level.getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await level.getByText('waiting 3 days', { exact: true }).count()).toBe(1);
  });

  it('assigns two offers at once to another member', async () => {
    const page = await open({ tab: 'Offers' });
    await heading(page, /^Ready for an offer \(\d+\)$/).waitFor();
    await page.getByRole('checkbox', { name: 'Select Bulk Alpha' }).click();
    // Keyboard: Space ticks the focused box.
    await page.getByRole('checkbox', { name: 'Select Bulk Beta' }).focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('group', { name: 'Assign cases' });
    await bar.getByText('2 selected', { exact: true }).waitFor();
    await bar.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: 'Compliance Tester (Compliance)' }).click();
    await bar.getByRole('button', { name: 'Assign' }).click();
    await toast(page, '2 cases assigned to Compliance Tester').waitFor();
    for (const name of ['Bulk Alpha', 'Bulk Beta']) {
      await offerCard(page, name).getByText('Assigned to Compliance Tester').waitFor();
    }
    expect(
      await offerCard(page, 'Bulk Gamma')
        .getByText(/Assigned to/)
        .count(),
    ).toBe(0);
    expect(await bar.getByText('2 selected').count()).toBe(0);
    expect(
      await page.getByRole('checkbox', { name: 'Select Bulk Alpha' }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it("moves a disabled member's open cases from the Staff tab", async () => {
    const page = await open({ tab: 'Staff' });
    const dora = staffRow(page, 'Dora Departed');
    await dora.getByText('2 open cases', { exact: true }).waitFor();
    await dora.getByRole('button', { name: 'Move cases of Dora Departed' }).click();
    const dialog = page.getByRole('dialog', { name: "Move Dora Departed's open cases" });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: 'Operations Tester (Operations)' }).click();
    await dialog.getByRole('button', { name: 'Move cases' }).click();
    await toast(page, '2 cases moved to Operations Tester').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await dora.getByText('2 open cases').waitFor({ state: 'detached' });
    // Focus is not lost with the button: it lands on the row's Enable.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Enable Dora Departed',
    );

    // Disabling a member who still holds a case points to moving it.
    const lee = staffRow(page, 'Lee Leaving');
    await lee.getByRole('button', { name: 'Disable Lee Leaving' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable Lee Leaving?' });
    expect(await confirm.innerText()).toContain('They hold 1 open case');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    const disabled = toast(page, 'Lee Leaving still holds 1 open case.');
    await disabled.getByRole('button', { name: 'Move cases' }).click();
    const move = page.getByRole('dialog', { name: "Move Lee Leaving's open cases" });
    await move.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: 'Leave unassigned' }).click();
    await move.getByRole('button', { name: 'Move cases' }).click();
    await toast(page, '1 case unassigned').waitFor();
    await lee.getByText('1 open case').waitFor({ state: 'detached' });
  });

  it('fits 1280 and 375 px without sideways scroll; axe finds nothing serious, light and dark', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const dashboard = await open({ viewport });
      await strip(dashboard).getByRole('link').first().waitFor();
      await checkScreen(dashboard, 'dashboard');

      const kyc = await open({ viewport, tab: 'KYC' });
      await heading(kyc, /^Pending review/).waitFor();
      await kyc.getByRole('checkbox', { name: /^Select Olga Overdue/ }).click();
      await kyc.getByRole('group', { name: 'Assign cases' }).getByText('1 selected').waitFor();
      await checkScreen(kyc, 'kyc-bulk');

      const offers = await open({ viewport, tab: 'Offers' });
      await offerCard(offers, 'Bulk Gamma').waitFor();
      await offers.getByRole('checkbox', { name: 'Select Bulk Gamma' }).click();
      await checkScreen(offers, 'offers-bulk');

      const staff = await open({ viewport, tab: 'Staff' });
      await staffRow(staff, 'Pat Parked')
        .getByRole('button', { name: 'Move cases of Pat Parked' })
        .click();
      await staff.getByRole('dialog', { name: "Move Pat Parked's open cases" }).waitFor();
      await checkScreen(staff, 'staff-move');
    }
  }, 300_000);
});
