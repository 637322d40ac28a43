import type { Locator, Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_MISMATCH_MESSAGE } from '#shared/signature.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { seedApplicant, signInBrowser, type Applicant } from './helpers/applicant.ts';

const { openPage } = launchBrowser();

const HTTP_ERRORS = [/Failed to load resource/];
const poll = <T>(read: () => T | Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function open(
  applicant: Applicant,
  path: string,
  options: Parameters<typeof openPage>[0] = {},
) {
  const page = await openPage(options);
  await signInBrowser(page.context(), applicant);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const calls = (name: string) =>
    requests.filter((r) => new URL(r.url()).pathname === `/api/${name}`);
  await page.goto(path);
  return { page, calls };
}

const lowerTier = (page: Page) => page.getByRole('combobox', { name: 'Lower tier' });
const terms = (page: Page) => page.getByRole('checkbox', { name: /I have read and agree/ });
const signature = (page: Page) => page.getByRole('textbox', { name: 'Full legal name' });
const acceptButton = (page: Page) => page.getByRole('button', { name: 'Accept Offer' });
const fee = (page: Page) => page.getByTestId('offer-fee');

/**
 * Two clicks in one go, before the screen can re-render (a slow phone, an impatient thumb): a
 * disabled-while-busy button alone cannot stop the second.
 */
const doubleClick = (locator: Locator) =>
  locator.evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });

/**
 * Holds every `apply-offer-action` request until `release()`, so a second click lands while
 * the first request is still in flight (as on a slow connection).
 */
async function holdOfferAction(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route('**/api/apply-offer-action', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('/apply/offer', () => {
  it('shows the assigned tier with its bullets and only lower tiers to change to', async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'titan' });
    const { page } = await open(applicant, '/apply/offer');
    await page.getByTestId('offer-tier').filter({ hasText: 'Titan' }).waitFor();
    await page.getByText('Metal card', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'The Titan card' }).waitFor();
    expect(await fee(page).textContent()).toBe('Monthly fee: £19.99 a month');
    const options = await lowerTier(page).locator('option').allTextContents();
    expect(options).toEqual(['Choose a lower tier', 'Standard', 'Noir']);
    expect(
      await page.getByRole('link', { name: /Terms and Conditions/ }).getAttribute('href'),
    ).toBe('/legal/terms');
  });

  it("downgrade: toast 'Tier changed to Noir', the dropdown goes and 'Downgraded from Titan' shows", async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'titan' });
    const { page, calls } = await open(applicant, '/apply/offer');
    await lowerTier(page).selectOption('noir');
    // It cannot be undone, so it is confirmed first; keeping the tier sends nothing.
    await page.getByRole('button', { name: 'Change tier' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Change to Noir?' });
    await confirm.getByText('You can change tier only once').waitFor();
    await confirm.getByRole('button', { name: 'Keep Titan' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(calls('apply-offer-action')).toHaveLength(0);
    expect(await fee(page).textContent()).toBe('Monthly fee: £19.99 a month');

    await page.getByRole('button', { name: 'Change tier' }).click();
    await confirm.getByRole('button', { name: 'Change to Noir' }).click();
    await toast(page, 'Tier changed to Noir').waitFor();
    // The new tier's fee and perks, not the old one's.
    await fee(page).filter({ hasText: 'Monthly fee: £9.99 a month' }).waitFor();
    expect(await page.getByText('Metal card', { exact: true }).count()).toBe(0);
    await page
      .getByTestId('downgraded-badge')
      .filter({ hasText: 'Downgraded from Titan' })
      .waitFor();
    await page.getByTestId('offer-tier').filter({ hasText: 'Noir' }).waitFor();
    await poll(() => lowerTier(page).count()).toBe(0);
    expect(calls('apply-offer-action')[0]?.postDataJSON()).toEqual({
      basic_id: applicant.basicId,
      action: 'downgrade',
      chosen_tier: 'noir',
    });
    // The server remembers: a reload still shows the badge and no dropdown.
    await page.reload();
    await page
      .getByTestId('downgraded-badge')
      .filter({ hasText: 'Downgraded from Titan' })
      .waitFor();
    expect(await lowerTier(page).count()).toBe(0);
  });

  it("a failed downgrade says 'Failed to change tier' and keeps the offer", async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'monarch' });
    const { page } = await open(applicant, '/apply/offer', { allowConsole: HTTP_ERRORS });
    await page.route('**/api/apply-offer-action', (route) => json(route, 500, {}));
    await lowerTier(page).selectOption('standard');
    await page.getByRole('button', { name: 'Change tier' }).click();
    await page.getByRole('button', { name: 'Change to Standard' }).click();
    await toast(page, 'Failed to change tier').waitFor();
    expect(await page.getByTestId('offer-tier').textContent()).toBe('Monarch');
    expect(await lowerTier(page).count()).toBe(1);
  });

  it('signs with the typed name only once the terms are ticked, then accepts and moves to activation', async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'noir' });
    const { page, calls } = await open(applicant, '/apply/offer');
    expect(await signature(page).isDisabled()).toBe(true);
    await acceptButton(page).click();
    await page
      .getByTestId('offer-error')
      .filter({ hasText: 'Please agree to terms and provide your full name' })
      .waitFor();

    await terms(page).check();
    expect(await signature(page).isEnabled()).toBe(true);
    await signature(page).fill('   ');
    await acceptButton(page).click();
    await page
      .getByTestId('offer-error')
      .filter({ hasText: 'Please agree to terms and provide your full name' })
      .waitFor();
    expect(calls('apply-offer-action')).toHaveLength(0);

    await signature(page).fill('Amelia Hart');
    await acceptButton(page).click();
    await toast(page, 'Offer accepted successfully!').waitFor();
    await page.waitForURL(`${baseURL}/apply/activate`);
    await page.getByRole('heading', { level: 1, name: 'Activation Pending' }).waitFor();
    expect(calls('apply-offer-action')[0]?.postDataJSON()).toEqual({
      basic_id: applicant.basicId,
      action: 'accept',
      chosen_tier: 'noir',
      esign_name: 'Amelia Hart',
    });
  });

  it('thanks the applicant even when the live update shows activation before the answer', async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'noir' });
    const { page } = await open(applicant, '/apply/offer');
    // The answer is held until the accepted stage, heard live, has shown the next screen.
    await page.route('**/api/apply-offer-action', async (route) => {
      const response = await route.fetch();
      await page.waitForURL(`${baseURL}/apply/activate`);
      await route.fulfill({ response });
    });
    await terms(page).check();
    await signature(page).fill('Amelia Hart');
    await acceptButton(page).click();
    await toast(page, 'Offer accepted successfully!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Activation Pending' }).waitFor();
  });

  it('refuses a signature that is not the full legal name on the application', async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'noir' });
    const { page, calls } = await open(applicant, '/apply/offer');
    await terms(page).check();
    for (const name of ['Mickey Mouse', 'Amelia']) {
      await signature(page).fill(name);
      await acceptButton(page).click();
      await page
        .getByTestId('offer-error')
        .filter({ hasText: SIGNATURE_MISMATCH_MESSAGE })
        .waitFor();
    }
    expect(calls('apply-offer-action')).toHaveLength(0);
    // Case, accents and extra spaces aside, the name on the application signs.
    await signature(page).fill('  AMÉLIA   hart ');
    await acceptButton(page).click();
    await toast(page, 'Offer accepted successfully!').waitFor();
    await page.waitForURL(`${baseURL}/apply/activate`);
  });

  it("double-clicking 'Accept Offer' sends one request", async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'noir' });
    const { page, calls } = await open(applicant, '/apply/offer');
    const release = await holdOfferAction(page);
    await terms(page).check();
    await signature(page).fill('Amelia Hart');
    await doubleClick(acceptButton(page));
    await poll(() => calls('apply-offer-action').length).toBe(1);
    release();
    await toast(page, 'Offer accepted successfully!').waitFor();
    await page.waitForURL(`${baseURL}/apply/activate`);
    expect(calls('apply-offer-action')).toHaveLength(1);
    expect(await toast(page, 'Failed to accept offer').count()).toBe(0);
  });

  it("double-clicking the tier change sends one request and no 'Failed to change tier'", async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer', { tier: 'titan' });
    const { page, calls } = await open(applicant, '/apply/offer');
    const release = await holdOfferAction(page);
    await lowerTier(page).selectOption('standard');
    await doubleClick(page.getByRole('button', { name: 'Change tier' }));
    await doubleClick(page.getByRole('button', { name: 'Change to Standard' }));
    await poll(() => calls('apply-offer-action').length).toBe(1);
    release();
    await toast(page, 'Tier changed to Standard').waitFor();
    await fee(page).filter({ hasText: 'Monthly fee: No monthly fee' }).waitFor();
    expect(calls('apply-offer-action')).toHaveLength(1);
    expect(await toast(page, 'Failed to change tier').count()).toBe(0);
  });

  it("a failed acceptance says 'Failed to accept offer'", async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer');
    const { page } = await open(applicant, '/apply/offer', { allowConsole: HTTP_ERRORS });
    await page.route('**/api/apply-offer-action', (route) =>
      json(route, 200, { ok: false, error: 'Something else' }),
    );
    await terms(page).check();
    await signature(page).fill('Amelia Hart');
    await acceptButton(page).click();
    await toast(page, 'Failed to accept offer').waitFor();
    await page.getByTestId('offer-error').filter({ hasText: 'Failed to accept offer' }).waitFor();
    expect(page.url()).toBe(`${baseURL}/apply/offer`);
  });
});

describe('/apply/activate and /account', () => {
  it("accepted: 'Activation Pending' with what happens next", async () => {
    const applicant = await seedApplicant(baseURL, 'accepted', { tier: 'titan' });
    const { page } = await open(applicant, '/apply/activate');
    await page.getByRole('heading', { level: 1, name: 'Activation Pending' }).waitFor();
    await page.getByText('Confirmation email within 24 hours').waitFor();
    await page.getByText('Your card in 5 to 7 business days').waitFor();
    await page.getByRole('img', { name: 'Your Titan card' }).waitFor();
    // No card number yet, so the art prints none.
    expect(await page.getByTestId('card-face-digits').count()).toBe(0);
  });

  it('activated: welcome, tier, masked card, mobile banking, date and tracking, then the portal', async () => {
    const applicant = await seedApplicant(baseURL, 'activated', {
      tier: 'monarch',
      cardLast4: '4821',
      tracking: 'RN998877665GB',
      mobileAccess: true,
    });
    const { page } = await open(applicant, '/apply/activate');
    await page.getByRole('heading', { level: 1, name: /^Welcome to Waj/ }).waitFor();
    expect(await page.getByTestId('member-tier').textContent()).toBe('Monarch');
    expect(await page.getByTestId('card-number').textContent()).toBe('•••• •••• •••• 4821');
    // The card art prints the member's own last four, and no sample number of its own.
    expect(await page.getByTestId('card-face-digits').textContent()).toBe('4821');
    const art = page.getByRole('img', { name: 'Your Monarch card ending 4821' });
    const artSvg = await (await fetch(new URL((await art.getAttribute('src'))!, baseURL))).text();
    expect(artSvg).not.toContain('translate(160 430)');
    expect(await page.getByTestId('mobile-banking').textContent()).toBe('Enabled');
    const today = new Date().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(await page.getByTestId('activated-on').textContent()).toBe(today);
    expect(await page.getByTestId('tracking-number').textContent()).toBe('RN998877665GB');

    await page.getByRole('link', { name: 'Access Account Portal' }).click();
    await page.waitForURL(`${baseURL}/account`);
    expect(await page.getByTestId('account-tier').textContent()).toBe('Monarch');
    expect(await page.getByTestId('account-card').textContent()).toBe('•••• •••• •••• 4821');
    expect(await page.getByTestId('card-face-digits').textContent()).toBe('4821');
    expect(await page.getByTestId('account-status').textContent()).toBe('Active');
    expect(await page.getByTestId('account-mobile').textContent()).toBe('Enabled');
    for (const label of [
      'Card details',
      'App download',
      'Transactions',
      'Beneficiaries',
      'Card settings',
      'Support',
    ]) {
      const button = page.getByRole('button', { name: new RegExp(`^${label}`) });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.textContent()).toContain('Coming soon');
    }
  });

  it('activated without tracking and with mobile access off', async () => {
    const applicant = await seedApplicant(baseURL, 'activated', {
      tracking: null,
      mobileAccess: false,
    });
    const { page } = await open(applicant, '/apply/activate');
    await page.getByTestId('mobile-banking').filter({ hasText: 'Disabled' }).waitFor();
    expect(await page.getByTestId('tracking-number').count()).toBe(0);
    await page.goto('/account');
    await page.getByTestId('account-mobile').filter({ hasText: 'Disabled' }).waitFor();
  });
});
