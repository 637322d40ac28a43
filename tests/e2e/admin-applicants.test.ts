import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantListResponse, ApplicantRow } from '#shared/schemas/admin-lists.ts';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import {
  applicantCall,
  DETAILS,
  seedApplicant,
  staffCall,
  type Applicant,
} from './helpers/applicant.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const COLUMNS = [
  'Name',
  'Email',
  'Invite Code',
  'Stage',
  'Veriff Status',
  'Decision',
  'PEP',
  'Sanctions',
  'Country',
  'Actions',
];
/** Applications seeded with nothing but a redeemed code: no name, no e-mail. */
const ANONYMOUS = 21;
const BASIL = { full_name: 'Basil Brown', email: 'basil.brown@example.com' };
/** Declared being a PEP on the details screen; not screened yet. */
const CHLOE = { full_name: 'Chloé Dubois', email: 'chloe.dubois@example.com' };
const TIER_LOCKED = 'The tier cannot be changed after the offer has been accepted.';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const table = (page: Page) => page.getByRole('region', { name: 'Applicants', exact: true });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const rowWith = (page: Page, text: string) => bodyRows(page).filter({ hasText: text });
const showing = (page: Page, text: string) =>
  page.getByRole('navigation', { name: 'Pagination' }).getByText(text, { exact: true });

/** Picks `option` in the Radix select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = (await listbox.getByRole('option').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return options;
}

/**
 * Counts, paging and filters need a database no other test file writes to: own server, seeded
 * through the API with 26 applications (21 anonymous code redemptions, a public-form applicant,
 * a declared PEP at details, two verified applicants and one who accepted an offer).
 */
describe('staff panel: Applicants tab (own server)', () => {
  let server: RunningServer;
  let staff: string;
  let verified: Applicant[];
  let accepted: Applicant;
  let basilId: string;
  let chloe: Applicant;
  const emails = new Map<string, string>();

  async function rowOf(id: string): Promise<ApplicantRow> {
    const list = await staffCall<ApplicantListResponse>(
      server.baseURL,
      staff,
      'admin-applicant-list',
      { page: 1, pageSize: 100 },
    );
    const row = list.data.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`applicant ${id} is not listed`);
    return row;
  }

  beforeAll(async () => {
    server = await startBuiltServer();
    staff = await staffSignIn(server.baseURL);
    const { codes } = await staffCall<{ codes: string[] }>(
      server.baseURL,
      staff,
      'admin-invite-generate',
      { count: ANONYMOUS, issued_to: null },
    );
    for (const code of codes) {
      await fetch(`${server.baseURL}/api/apply-verify-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      }).then((response) => {
        if (!response.ok) throw new Error(`apply-verify-code: ${response.status}`);
      });
    }
    const basic = await fetch(`${server.baseURL}/api/apply-basic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...BASIL, phone: null, reason: null, website: '' }),
    });
    basilId = ((await basic.json()) as { basic_id: string }).basic_id;
    chloe = await seedApplicant(server.baseURL, 'code_verified');
    await applicantCall(chloe, 'apply-details', { ...DETAILS, ...CHLOE, pep_exposed: true });
    verified = [
      await seedApplicant(server.baseURL, 'kyc'),
      await seedApplicant(server.baseURL, 'kyc'),
    ];
    accepted = await seedApplicant(server.baseURL, 'accepted', { tier: 'titan' });
    for (const applicant of [...verified, accepted]) {
      emails.set(applicant.basicId, (await rowOf(applicant.basicId)).email ?? '');
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, ...options });

  it('shows the ten columns and 20 applicants a page, the page kept while the next loads', async () => {
    const page = await open();
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    const headers = await table(page).locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual(COLUMNS.map((c) => c.toLowerCase()));
    expect(await bodyRows(page).count()).toBe(20);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);

    // Hold page 2 on its way: page 1 stays on screen (dimmed), not a spinner or an empty table.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/admin-applicant-list', async (route) => {
      await held;
      await route.continue();
    });
    await next.click();
    await expect.poll(() => table(page).locator('table').getAttribute('aria-busy')).toBe('true');
    expect(await bodyRows(page).count()).toBe(20);
    // The range shown is the rows' on screen, not the page on its way.
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    release();
    await showing(page, 'Showing 21 to 26 of 26').waitFor();
    expect(await bodyRows(page).count()).toBe(6);
    expect(await next.isDisabled()).toBe(true);
    expect(await table(page).locator('table').getAttribute('aria-busy')).toBeNull();
    await previous.click();
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
  });

  it("offers SPEC's filter options; filters narrow the list and start again at page 1", async () => {
    const page = await open();
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    // SPEC §2's words, written out here: compared with the production constants, a typo in
    // them would pass. The stage list adds the stages CONTRACT §3 has beyond the spec's
    // (Invited, Detailed, and Declined from §6).
    expect(await optionsOf(page, 'Stage')).toEqual([
      'All stages',
      'Basic',
      'Invited',
      'Code Verified',
      'Detailed',
      'KYC In Progress',
      'KYC',
      'Tier Offer',
      'Accepted',
      'Activated',
      'Declined',
    ]);
    expect(await optionsOf(page, 'Decision')).toEqual([
      'All decisions',
      'Approved',
      'Declined',
      'Resubmit',
    ]);
    expect(await optionsOf(page, 'Veriff Status')).toEqual([
      'All status',
      'Created',
      'Started',
      'Submitted',
      'Approved',
      'Declined',
    ]);
    expect(await optionsOf(page, 'PEP')).toEqual(['All PEP', 'PEP Yes', 'PEP No']);
    expect(await optionsOf(page, 'Sanctions')).toEqual([
      'All sanctions',
      'Sanctioned',
      'Not sanctioned',
      'Not screened',
    ]);

    await page.getByRole('button', { name: 'Next' }).click();
    await showing(page, 'Showing 21 to 26 of 26').waitFor();
    await choose(page, 'Stage', 'KYC');
    await showing(page, 'Showing 1 to 2 of 2').waitFor();
    for (const applicant of verified) {
      const row = rowWith(page, emails.get(applicant.basicId) ?? '?');
      expect(await row.count()).toBe(1);
      expect(await row.locator('td').nth(3).innerText()).toBe('KYC');
      expect(await row.locator('td').nth(5).innerText()).toBe('Approved');
    }

    await choose(page, 'Stage', 'All stages');
    await choose(page, 'Decision', 'Approved');
    // The builtin review approved the two at KYC and the one who went on to accept.
    await showing(page, 'Showing 1 to 3 of 3').waitFor();
    await choose(page, 'Veriff Status', 'Approved');
    await showing(page, 'Showing 1 to 3 of 3').waitFor();
    await choose(page, 'Stage', 'Accepted');
    await showing(page, 'Showing 1 to 1 of 1').waitFor();
    expect(await rowWith(page, emails.get(accepted.basicId) ?? '?').count()).toBe(1);

    await choose(page, 'PEP', 'PEP Yes');
    await page.getByText('No applicants found', { exact: true }).waitFor();
    await showing(page, 'Showing 0 to 0 of 0').waitFor();
    await choose(page, 'PEP', 'All PEP');
    await choose(page, 'Sanctions', 'Sanctioned');
    await page.getByText('No applicants found', { exact: true }).waitFor();
  });

  it("lists a declared PEP under 'PEP Yes' as declared, and the unscreened as 'Not screened'", async () => {
    const page = await open();
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    await choose(page, 'PEP', 'PEP Yes');
    await showing(page, 'Showing 1 to 1 of 1').waitFor();
    const row = rowWith(page, CHLOE.full_name);
    // Columns: Name, Email, Invite Code, Stage, Veriff Status, Decision, PEP, Sanctions.
    expect(await row.locator('td').nth(6).innerText()).toBe('Yes (declared)');
    expect(await row.locator('td').nth(7).innerText()).toBe('Not screened');
    // 'PEP No' is screened clear and not declared: the builtin review screens nobody.
    await choose(page, 'PEP', 'PEP No');
    await page.getByText('No applicants found', { exact: true }).waitFor();

    await choose(page, 'PEP', 'All PEP');
    await choose(page, 'Sanctions', 'Not sanctioned');
    await page.getByText('No applicants found', { exact: true }).waitFor();
    await choose(page, 'Sanctions', 'Not screened');
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    expect(await rowWith(page, BASIL.email).locator('td').nth(7).innerText()).toBe('Not screened');
  });

  it('searches by name or e-mail once typing has settled for 500 ms', async () => {
    const page = await open();
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    const searches: string[] = [];
    page.on('request', (request: Request) => {
      if (!request.url().endsWith('/api/admin-applicant-list')) return;
      const query = (request.postDataJSON() as { query?: string }).query;
      if (query) searches.push(query);
    });
    const box = page.getByRole('searchbox', { name: 'Search applicants' });
    expect(await box.getAttribute('placeholder')).toBe('Search by name or email...');
    await page.getByRole('button', { name: 'Next' }).click();
    await showing(page, 'Showing 21 to 26 of 26').waitFor();

    // The page's own clock (it keeps time as well): the test moves each search's 500 ms on
    // rather than waiting for them. Its timers cannot be stopped outright, as the list's
    // rendering runs on them too.
    await page.clock.install();
    await box.pressSequentially('basil', { delay: 80 });
    await page.clock.runFor(500);
    await showing(page, 'Showing 1 to 1 of 1').waitFor();
    expect(await rowWith(page, BASIL.full_name).count()).toBe(1);
    // One request for the whole word, none per keystroke.
    expect(searches).toEqual(['basil']);

    const search = async (text: string) => {
      await box.fill(text);
      await page.clock.runFor(500);
    };
    await search('BASIL.BROWN@EXAMPLE');
    await showing(page, 'Showing 1 to 1 of 1').waitFor();
    await expect.poll(() => searches.at(-1)).toBe('BASIL.BROWN@EXAMPLE');
    // Accents and case ignored; the name opens the case screen.
    await search('chloe');
    await showing(page, 'Showing 1 to 1 of 1').waitFor();
    const link = rowWith(page, CHLOE.email).getByRole('link', { name: CHLOE.full_name });
    expect(await link.getAttribute('href')).toBe(`/admin/applicants/${chloe.basicId}`);
    await search('nobody by this name');
    await page.getByText('No applicants found', { exact: true }).waitFor();
    await search('');
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
  });

  it('overrides the tier with the four tiers; refused after acceptance with the reason', async () => {
    const page = await open({
      allowConsole: [/status of 409 \(Conflict\)/, /admin-applicant-override-tier failed/],
    });
    const [first] = verified;
    if (!first) throw new Error('no verified applicant');
    const row = rowWith(page, emails.get(first.basicId) ?? '?');
    await row.waitFor();
    await row.getByRole('button', { name: 'Override Tier for Amelia Hart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Override Tier' });
    await dialog.getByText('Not assigned', { exact: true }).waitFor();
    const update = dialog.getByRole('button', { name: 'Update Tier' });
    expect(await update.isDisabled()).toBe(true);
    expect(await optionsOf(page, 'New tier')).toEqual(['Standard', 'Noir', 'Monarch', 'Titan']);
    await choose(page, 'New tier', 'Noir');
    // The reason is required: without one nothing is sent and the field says so.
    await update.click();
    await dialog.getByText('Please give a reason for the override', { exact: true }).waitFor();
    await dialog.getByLabel('Reason for the override').fill('Agreed at the credit committee');
    await update.click();
    await toast(page, 'Tier updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await rowOf(first.basicId)).tier_assigned).toBe('noir');

    await row.getByRole('button', { name: 'Override Tier for Amelia Hart' }).click();
    await dialog.getByText('Current tier: Noir', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Signed for Titan: the server refuses, and the toast says why.
    const signed = rowWith(page, emails.get(accepted.basicId) ?? '?');
    await signed.getByRole('button', { name: 'Override Tier for Amelia Hart' }).click();
    await dialog.getByText('Current tier: Titan', { exact: true }).waitFor();
    await choose(page, 'New tier', 'Standard');
    await dialog.getByLabel('Reason for the override').fill('Agreed at the credit committee');
    await dialog.getByRole('button', { name: 'Update Tier' }).click();
    const refused = toast(page, 'Failed to override tier');
    await refused.waitFor();
    expect(await refused.innerText()).toContain(TIER_LOCKED);
    expect(await dialog.isVisible()).toBe(true);
    expect((await rowOf(accepted.basicId)).tier_assigned).toBe('titan');
  });

  it('resends the magic link, and the timeline shows it with the tier override', async () => {
    const page = await open();
    const [first] = verified;
    if (!first) throw new Error('no verified applicant');
    const row = rowWith(page, emails.get(first.basicId) ?? '?');
    await row.waitFor();
    await row.getByRole('button', { name: 'Resend magic link to Amelia Hart' }).click();
    await toast(page, 'Magic link sent successfully').waitFor();

    // Keyboard: the row's Timeline button opens the sheet; Escape gives focus back.
    const timelineButton = row.getByRole('button', { name: 'Timeline for Amelia Hart' });
    await timelineButton.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Timeline' });
    await sheet.waitFor();
    const events = sheet.getByRole('list', { name: 'Events, newest first' }).getByRole('listitem');
    await events.first().waitFor();
    const texts = await events.allInnerTexts();
    // Newest first: the link just sent, then the override of the previous test.
    expect(texts[0]).toContain('Magic link sent');
    // The member who sent it, by name and role, never a token id.
    expect(texts[0]).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} · Owner Tester · Owner/);
    const override = texts.find((text) => text.includes('Tier overridden'));
    expect(override).toMatch(/Tier assigned:\s*—\s*(to\s*)?Noir/);
    expect(texts.some((text) => text.includes('Identity file approved'))).toBe(true);
    expect(texts.at(-1)).toContain('Application created');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await expect
      .poll(() => timelineButton.evaluate((el) => el === document.activeElement))
      .toBe(true);

    // A click anywhere on a row opens that applicant's timeline too.
    await rowWith(page, BASIL.full_name).getByText(BASIL.email).click();
    await sheet.getByText(BASIL.full_name).first().waitFor();
    await sheet.getByText('Application created', { exact: true }).waitFor();
  });

  it('invites a public-form applicant and shows the code sent', async () => {
    const page = await open();
    const row = rowWith(page, BASIL.full_name);
    await row.waitFor();
    expect(await row.locator('td').nth(3).innerText()).toBe('Basic');
    // Only basic applicants can be invited.
    for (const applicant of verified) {
      const other = rowWith(page, emails.get(applicant.basicId) ?? '?');
      expect(await other.getByRole('button', { name: /^Invite / }).count()).toBe(0);
    }
    await row.getByRole('button', { name: 'Invite Basil Brown' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Basil Brown' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    await sent.waitFor();
    const code = (await sent.locator('p.font-mono').innerText()).replace('Invitation code:', '');
    expect(code.trim()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const server_ = await rowOf(basilId);
    expect(server_.stage).toBe('invited');
    expect(server_.invite_code).toBe(code.trim());
    await sent.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => row.locator('td').nth(3).innerText()).toBe('Invited');
    expect(await row.getByRole('button', { name: 'Invite Basil Brown' }).count()).toBe(0);
    expect(await row.locator('td').nth(2).innerText()).toBe(code.trim());
  });

  it("says 'Failed to load applicants' when the list cannot load, and tries again", async () => {
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/status of 400 \(Bad Request\)/],
    });
    // A refusal is not retried (SPEC §9 retries only what may pass next time): the message
    // shows at once.
    await page.route('**/api/admin-applicant-list', (route) =>
      route.fulfill({ status: 400, json: { ok: false, error: 'Page must be at least 1' } }),
    );
    await openAdmin(async () => page, { baseURL: server.baseURL });
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load applicants' });
    await alert.waitFor();
    await page.unroute('**/api/admin-applicant-list');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
  });

  it('fits 1280 px with no column under the sticky Actions column', async () => {
    const page = await open({ viewport: { width: 1280, height: 800 } });
    await showing(page, 'Showing 1 to 20 of 26').waitFor();
    const frame = table(page);
    expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const boxes = await frame
      .locator('thead th')
      .evaluateAll((cells) =>
        cells.map((cell) => cell.getBoundingClientRect().toJSON() as DOMRect),
      );
    const actions = boxes.at(-1)!;
    for (const [i, box] of boxes.slice(0, -1).entries()) {
      expect(box.right, COLUMNS[i]).toBeLessThanOrEqual(actions.left + 0.5);
    }
  });

  it('is readable at 375 px without sideways page scroll, and axe finds nothing serious, light and dark', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await open({ viewport });
      await showing(page, 'Showing 1 to 20 of 26').waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await applyThemeInPlace(page, 'light');
      expect(await seriousFindings(page), `${viewport.width} light`).toEqual([]);
      await applyThemeInPlace(page, 'dark');
      expect(await seriousFindings(page, true), `${viewport.width} dark`).toEqual([]);
      await applyThemeInPlace(page, 'light');
      // The table scrolls inside its own frame; the actions stay in view at the right edge.
      const actions = bodyRows(page)
        .first()
        .getByRole('button', { name: /^Timeline for / });
      const box = await actions.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);

      await actions.click();
      const sheet = page.getByRole('dialog', { name: 'Timeline' });
      await sheet.getByRole('listitem').first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });

      await bodyRows(page)
        .first()
        .getByRole('button', { name: /^Override Tier for / })
        .click();
      await page.getByRole('dialog', { name: 'Override Tier' }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
    }
  });
});
