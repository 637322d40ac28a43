import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import { staffCall } from './helpers/applicant.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser, type PageOptions } from './helpers/browser.ts';
import { animationsSettled } from './helpers/public-routes.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const auditRows = (page: Page) =>
  page.getByRole('region', { name: 'Audit log' }).locator('tbody tr');

/**
 * The audit view (issue 14). Its own server: the log of the shared one grows with every other
 * test, and the member filter is checked against rows this file alone wrote.
 */
describe('staff panel: the audit view (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer();
    // Operations issues invitation codes twice; the owner switches invite mode off and on.
    const operations = await staffSignIn(server.baseURL, 'operations');
    for (const count of [1, 2]) {
      await staffCall(server.baseURL, operations, 'admin-invite-generate', { count });
    }
    const owner = await staffSignIn(server.baseURL, 'owner');
    for (const enabled of [false, true]) {
      await staffCall(server.baseURL, owner, 'admin-invite-toggle', { enabled });
    }
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: PageOptions & { role?: 'owner' | 'compliance' | 'operations' } = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab: 'Audit', role: 'compliance', ...options });

  it('filters by member and downloads the filtered rows as a CSV', async () => {
    const page = await open();
    await auditRows(page).filter({ hasText: 'Site setting changed' }).first().waitFor();
    // Times with seconds and GMT or BST.
    expect(await auditRows(page).first().locator('time').innerText()).toMatch(
      /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} (GMT|BST)$/,
    );

    await page.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option', { name: 'Operations Tester (Operations)' }).click();
    await page.getByText('Showing 1 to 2 of 2').waitFor();
    const rows = await auditRows(page).allInnerTexts();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toContain('Operations Tester');
      expect(row).toContain('Invite code issued');
      // Words, never keys.
      expect(row).not.toMatch(/invite_code|issued_to_set/);
    }
    expect(rows[0]).toContain('Codes: 2');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    await toast(page, 'Export ready').waitFor();
    expect(download.suggestedFilename()).toMatch(/^audit-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Time,Member,Role,Action,Target,Details');
    expect(lines.slice(1)).toHaveLength(2);
    for (const line of lines.slice(1)) {
      expect(line).toContain('Operations Tester,Operations,Invite code issued');
      expect(line).toMatch(/\d{2}:\d{2}:\d{2} (GMT|BST)/);
    }

    // The export is on the record, under the member who made it.
    await page.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option', { name: 'Compliance Tester (Compliance)' }).click();
    await auditRows(page).filter({ hasText: 'Audit log exported' }).first().waitFor();
  });

  it('filters by action and by UK day, and says when nothing matches', async () => {
    const page = await open();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Site setting changed' }).click();
    await page.getByText('Showing 1 to 2 of 2').waitFor();
    expect(await auditRows(page).first().innerText()).toContain('Owner Tester');

    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-02');
    await page.getByText('No audit entries found').waitFor();
  });

  it('operations has no Audit tab', async () => {
    const page = await openAdmin(openPage, { baseURL: server.baseURL, role: 'operations' });
    expect(await page.getByRole('tab', { name: 'Audit', exact: true }).count()).toBe(0);
  });

  describe('no serious or critical axe violation, light and dark; nothing scrolls sideways', () => {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`the audit tab at ${viewport.width} px`, async () => {
        const page = await open({ viewport, role: 'owner' });
        await auditRows(page).first().waitFor();
        await animationsSettled(page);
        await applyThemeInPlace(page, 'light');
        expect(await seriousFindings(page), 'light').toEqual([]);
        await applyThemeInPlace(page, 'dark');
        expect(await seriousFindings(page, true), 'dark').toEqual([]);
        await applyThemeInPlace(page, 'light');
        expect(await pageOverflow(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);
        if (viewport === DESKTOP) {
          // At 1280 px the table itself fits: no column hidden behind a sideways scroll.
          const table = page.getByRole('region', { name: 'Audit log' });
          expect(
            await table.evaluate((el) => el.scrollWidth - el.clientWidth),
            'the table scrolls sideways at 1280 px',
          ).toBeLessThanOrEqual(0);
        }
      }, 120_000);
    }
  });
});
