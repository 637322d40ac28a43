import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivationListResponse, OfferListResponse } from '#shared/schemas/admin.ts';
import type { ActivationResponse, ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import {
  applicantCall,
  seedApplicant,
  seedPepAtKyc,
  staffCall,
  type Applicant,
} from './helpers/applicant.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const CARD_LAST4_MESSAGE = 'Card last 4 digits must be exactly 4 characters';
const NOT_ACCEPTED = 'Only an accepted offer can be activated.';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const offerCard = (page: Page, email: string) =>
  page.getByRole('group', { name: /^Offer for / }).filter({ hasText: email });
const activationCard = (page: Page, email: string) =>
  page.getByRole('group', { name: /^Activation for / }).filter({ hasText: email });

/** The value a fact (term) shows on a card, e.g. 'Annual income' → '£120,000'. */
async function fact(card: ReturnType<typeof offerCard>, term: string): Promise<string> {
  const row = card
    .locator('dl > div')
    .filter({ has: card.page().getByText(term, { exact: true }) });
  return (await row.locator('dd').innerText()).trim();
}

async function optionsOf(page: Page, combobox: Locator): Promise<string[]> {
  await combobox.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = (await listbox.getByRole('option').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return options;
}

/** Empty states and counts need a database nobody else fills: own server. */
describe('staff panel: Offers and Activations tabs (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const open = (tab: string, options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab, ...options });

  it('says when no application is ready for an offer or an activation', async () => {
    const page = await open('Offers');
    await page.getByText('No Applications Ready for Offer', { exact: true }).waitFor();
    expect(
      await page.getByText('Applications will appear here after KYC verification.').isVisible(),
    ).toBe(true);
    await page.getByRole('tab', { name: 'Activations' }).click();
    await page.getByText('No Applications Ready for Activation', { exact: true }).waitFor();
    expect(
      await page.getByText('Applications will appear here after offer acceptance.').isVisible(),
    ).toBe(true);
  });

  it("says 'Failed to load applications' when either list cannot load", async () => {
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/status of 400 \(Bad Request\)/],
    });
    for (const call of ['admin-offer-list', 'admin-activation-list']) {
      await page.route(`**/api/${call}`, (route) =>
        route.fulfill({ status: 400, json: { ok: false, error: 'Invalid input' } }),
      );
    }
    await openAdmin(async () => page, { baseURL: server.baseURL, tab: 'Offers' });
    const failed = () => page.getByRole('alert').filter({ hasText: 'Failed to load applications' });
    await failed().waitFor();
    await page.getByRole('tab', { name: 'Activations' }).click();
    await page.getByRole('tabpanel', { name: 'Activations' }).waitFor();
    await failed().waitFor();
  });

  describe('with applications waiting', () => {
    let verified: Applicant;
    let pep: Applicant;
    let signed: Applicant;
    let signedToo: Applicant;
    const emails = new Map<Applicant, string>();

    beforeAll(async () => {
      verified = await seedApplicant(server.baseURL, 'kyc');
      pep = await seedPepAtKyc(server.baseURL);
      signed = await seedApplicant(server.baseURL, 'accepted', { tier: 'titan' });
      signedToo = await seedApplicant(server.baseURL, 'accepted', { tier: 'noir' });
      const offers = await staffCall<OfferListResponse>(
        server.baseURL,
        verified.staff,
        'admin-offer-list',
        {},
      );
      const activations = await staffCall<ActivationListResponse>(
        server.baseURL,
        verified.staff,
        'admin-activation-list',
        {},
      );
      for (const applicant of [verified, pep, signed, signedToo]) {
        const row = [...offers.data, ...activations.data].find(
          (candidate) => candidate.basic_id === applicant.basicId,
        );
        emails.set(applicant, row?.email ?? '?');
      }
    }, 180_000);

    const emailOf = (applicant: Applicant) => emails.get(applicant) ?? '?';

    it('both tabs are readable at 375 px and axe finds nothing serious', async () => {
      for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
        const page = await open('Offers', { viewport });
        await offerCard(page, emailOf(pep)).waitFor();
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousFindings(page)).toEqual([]);
        await page.getByRole('tab', { name: 'Activations' }).click();
        await activationCard(page, emailOf(signed)).waitFor();
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousFindings(page)).toEqual([]);
      }
    });

    it('shows the details and suggested tier, and issues the offer with a pricing note', async () => {
      const page = await open('Offers');
      const card = offerCard(page, emailOf(verified));
      await card.waitFor();
      expect(await fact(card, 'Annual income')).toBe('£120,000');
      expect(await fact(card, 'Employment status')).toBe('Employed');
      expect(await fact(card, 'PEP exposed')).toBe('No');
      expect(await fact(card, 'Preferred tier')).toBe('Titan');
      expect(await fact(card, 'Suggested tier')).toBe('Titan');
      expect(await card.getByText('Manual Review Required').count()).toBe(0);
      const assign = card.getByRole('combobox', { name: 'Assign Tier' });
      // The suggestion is preselected.
      expect(await assign.innerText()).toBe('Titan');
      expect(await optionsOf(page, assign)).toEqual([
        'Standard',
        'Noir',
        'Titan',
        'Monarch',
        'Elite',
      ]);
      await assign.click();
      await page.getByRole('option', { name: 'Monarch', exact: true }).click();
      await card
        .getByRole('textbox', { name: 'Pricing Note (optional)' })
        .fill('First year fee waived.');
      await card.getByRole('button', { name: 'Issue Offer to Amelia Hart' }).click();
      await toast(page, 'Offer issued successfully').waitFor();
      await card.waitFor({ state: 'detached' });

      const own = await applicantCall<ApplyGetStageResponse>(verified, 'apply-get-stage', {
        basic_id: verified.basicId,
      });
      expect(own.stage).toBe('tier_offer');
      expect(own.tier_assigned).toBe('monarch');
      expect(own.offer?.tier).toBe('monarch');
      expect(own.offer?.pricing_note).toBe('First year fee waived.');
    });

    it('needs a person to choose for a PEP, and a second owner to approve what compliance issued', async () => {
      // Compliance chooses and issues; the offer waits for an owner (four eyes, CONTRACT §5).
      const page = await open('Offers', { role: 'compliance' });
      const card = offerCard(page, emailOf(pep));
      await card.waitFor();
      expect(await card.getByText('Manual Review Required', { exact: true }).isVisible()).toBe(
        true,
      );
      expect(await fact(card, 'PEP exposed')).toBe('Yes');
      expect(await fact(card, 'Annual income')).toBe('£600,000');
      expect(await fact(card, 'Employment status')).toBe('Business owner');
      expect(await fact(card, 'Preferred tier')).toBe('Monarch');
      expect(await fact(card, 'Suggested tier')).toBe('Manual');
      const issue = card.getByRole('button', { name: 'Issue Offer to Priya Patel' });
      const assign = card.getByRole('combobox', { name: 'Assign Tier' });
      expect(await card.getByText('Please select a valid tier', { exact: true }).isVisible()).toBe(
        true,
      );
      expect(await assign.getAttribute('aria-invalid')).toBe('true');
      expect(await issue.isDisabled()).toBe(true);

      await assign.click();
      await page.getByRole('option', { name: 'Elite', exact: true }).click();
      await card.getByText('Please select a valid tier').waitFor({ state: 'detached' });
      expect(await issue.isDisabled()).toBe(false);
      await issue.click();
      await toast(page, 'Offer sent for approval').waitFor();
      await card.getByText('Awaiting approval', { exact: true }).waitFor();
      expect(await card.getByText('Compliance Tester', { exact: true }).isVisible()).toBe(true);
      // Compliance cannot approve, and the applicant is told nothing yet.
      expect(await card.getByRole('button', { name: 'Approve offer' }).count()).toBe(0);
      const waiting = await applicantCall<ApplyGetStageResponse>(pep, 'apply-get-stage', {
        basic_id: pep.basicId,
      });
      expect([waiting.stage, waiting.tier_assigned]).toEqual(['kyc', null]);

      // The owner approves: now the offer goes out.
      const owner = await open('Offers');
      const pending = offerCard(owner, emailOf(pep));
      await pending.getByRole('button', { name: 'Approve offer' }).click();
      await owner.getByRole('alertdialog').getByRole('button', { name: 'Approve offer' }).click();
      await toast(owner, 'Offer approved').waitFor();
      await owner.getByText('No Applications Ready for Offer', { exact: true }).waitFor();
      const own = await applicantCall<ApplyGetStageResponse>(pep, 'apply-get-stage', {
        basic_id: pep.basicId,
      });
      expect([own.stage, own.tier_assigned]).toEqual(['tier_offer', 'elite']);
    });

    it('activates with digits-only last 4 (exactly 4), tracking and mobile access off', async () => {
      const page = await open('Activations', {
        allowConsole: [/status of 409 \(Conflict\)/, /admin-activation failed/],
      });
      const activations: string[] = [];
      page.on('request', (request: Request) => {
        if (request.url().endsWith('/api/admin-activation')) activations.push(request.method());
      });
      const card = activationCard(page, emailOf(signed));
      await card.waitFor();
      expect(await card.getByText('Titan', { exact: true }).isVisible()).toBe(true);
      const mobile = card.getByRole('switch', { name: 'Enable Mobile Access' });
      expect(await mobile.getAttribute('aria-checked')).toBe('true');
      expect(await card.getByText('Allow user to access mobile banking').isVisible()).toBe(true);

      const last4 = card.getByRole('textbox', { name: 'Card Last 4 Digits (optional)' });
      await last4.pressSequentially('ab1-2');
      expect(await last4.inputValue()).toBe('12');
      const activate = card.getByRole('button', { name: 'Activate Account for Amelia Hart' });
      await activate.click();
      await card.getByRole('alert').filter({ hasText: CARD_LAST4_MESSAGE }).waitFor();
      expect(await last4.getAttribute('aria-invalid')).toBe('true');
      expect(activations).toEqual([]);
      // Digits only, four at most; the message goes once the field is right.
      await last4.pressSequentially('3456');
      expect(await last4.inputValue()).toBe('1234');
      await card.getByRole('alert').waitFor({ state: 'detached' });

      await card
        .getByRole('textbox', { name: 'Card Shipment Tracking (optional)' })
        .fill('RN987654321GB');
      await mobile.click();
      expect(await mobile.getAttribute('aria-checked')).toBe('false');
      await activate.click();
      await toast(page, 'Account activated successfully!').waitFor();
      await card.waitFor({ state: 'detached' });
      const { data } = await applicantCall<ActivationResponse>(signed, 'activation');
      expect(data).toMatchObject({
        card_last4: '1234',
        card_shipment_tracking: 'RN987654321GB',
        mobile_access_enabled: false,
        tier: 'titan',
      });

      // Activated elsewhere meanwhile: the server refuses and the toast says why.
      const other = activationCard(page, emailOf(signedToo));
      await staffCall(server.baseURL, signedToo.staff, 'admin-activation', {
        basic_id: signedToo.basicId,
        card_last4: null,
        card_shipment_tracking: null,
        mobile_access_enabled: true,
      });
      await other.getByRole('button', { name: /^Activate Account/ }).click();
      const failed = toast(page, 'Failed to activate account');
      await failed.waitFor();
      expect(await failed.innerText()).toContain(NOT_ACCEPTED);
      // The list catches up at once: nothing is left to activate.
      await page.getByText('No Applications Ready for Activation', { exact: true }).waitFor();
    });
  });
});
