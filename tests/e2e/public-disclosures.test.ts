import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPANY, statusStatement, telHref } from '#shared/company.ts';
import { seedApplicant, signInBrowser } from './helpers/applicant.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { settlePublicPage } from './helpers/public-routes.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
const PRIMARY = ['Cards', 'Eligibility', 'Partners', 'About', 'Security', 'Help', 'Contact'];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settlePublicPage(page);
}

/** The lost card block: its question, the number as a tel: link, and '24 hours a day'. */
async function expectLostCardLine(page: Page) {
  const block = page.getByRole('region', { name: 'Lost or stolen card?' });
  await block.waitFor();
  const phone = block.getByRole('link', { name: COMPANY.lostCardPhone });
  expect(await phone.getAttribute('href')).toBe(telHref(COMPANY.lostCardPhone));
  expect(await block.textContent()).toContain('24 hours a day');
  // Findable at a glance: within the first two screens of a phone, not at the foot of the page.
  const top = await block.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeLessThan(2 * PHONE.height);
}

describe('regulatory disclosures', () => {
  it('the footer states who provides accounts and cards, and the registered office', async () => {
    const page = await openPage({ viewport: PHONE });
    await visit(page, '/');
    const footer = page.getByTestId('site-footer');
    expect(await footer.getByTestId('footer-status').textContent()).toBe(statusStatement());
    const text = (await footer.textContent()) ?? '';
    expect(text).toContain('Waj is not a bank.');
    expect(text).toContain(`Firm Reference Number ${COMPANY.partner.frn}`);
    expect(text).toContain(`Registered office: ${COMPANY.registeredOffice}`);
  });

  for (const path of ['/security', '/legal']) {
    it(`${path} shows the status statement and the registered office`, async () => {
      const page = await openPage();
      await visit(page, path);
      const status = page.getByRole('main').getByTestId('regulatory-status');
      const text = (await status.textContent()) ?? '';
      expect(text).toContain(statusStatement());
      expect(text).toContain(COMPANY.partner.name);
      expect(text).toContain(`Registered office: ${COMPANY.registeredOffice}`);
    });
  }
});

describe('the 24-hour lost or stolen card line', () => {
  for (const path of ['/help', '/security', '/contact']) {
    it(`is on ${path}, with a number to call`, async () => {
      const page = await openPage({ viewport: PHONE });
      await visit(page, path);
      await expectLostCardLine(page);
    });
  }

  it('is on the member account page', async () => {
    const member = await seedApplicant(baseURL, 'activated');
    const page = await openPage({ viewport: PHONE });
    await signInBrowser(page.context(), member);
    await page.goto('/account');
    await page.getByTestId('account-status').waitFor();
    await expectLostCardLine(page);
  });
});

describe('header navigation', () => {
  it('shows the primary routes in the header from 1024 px, after the skip link and brand', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visit(page, '/help');
    const nav = page.getByRole('navigation', { name: 'Primary' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(PRIMARY);
    expect(await nav.getByRole('link', { name: 'Help' }).getAttribute('aria-current')).toBe('page');
    // The drawer stays, for the full list.
    await page.getByTestId('menu-button').waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'brand-link',
    );
    for (const label of PRIMARY) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(label);
    }

    await nav.getByRole('link', { name: 'Partners' }).click();
    await page.waitForURL('**/partners');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('leaves them to the menu at 375 px', async () => {
    const page = await openPage({ viewport: PHONE });
    await visit(page, '/help');
    expect(await page.getByRole('navigation', { name: 'Primary' }).isVisible()).toBe(false);
    expect(await page.getByTestId('site-header').getByRole('link', { name: 'Cards' }).count()).toBe(
      0,
    );
    await page.getByTestId('menu-button').click();
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await drawer.waitFor();
    expect(await drawer.getByRole('link').allTextContents()).toContain('Cards');
  });
});
