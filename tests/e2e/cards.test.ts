import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './helpers/browser.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const TIER_NAMES = ['Standard', 'Noir', 'Titan', 'Monarch', 'Elite'];
const FEATURES = [
  'Virtual & physical card',
  'Mobile wallets',
  'UK transfers',
  'Priority support',
  'Higher limits',
  'Disposable virtuals',
  'Metal card',
  'Lounge access',
  'Dedicated manager',
  "Int'l payments",
  'Private events',
  'Bespoke limits',
];

/** Retrying assertions: the page renders and animates on its own schedule. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000 });

async function visitCards(page: Page, path = '/cards') {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * Scrolls an element into view and lets the scroll events fire: Radix closes an open tooltip
 * when the page scrolls, so a tooltip test must not open one mid-scroll.
 */
async function scrollToStill(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await locator.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

const tierCard = (page: Page, tier: string) => page.getByTestId(`tier-card-${tier}`);
const hrefOf = (locator: Locator) => locator.getAttribute('href');
const isInViewport = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });

describe('/cards content', () => {
  it('shows the heading, the four-card gallery and five tier cards', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Choose your calibre.',
    );

    const gallery = page.getByTestId('card-gallery').getByRole('img');
    await poll(() => gallery.count()).toBe(4);
    expect(await gallery.evaluateAll((all) => all.map((img) => img.getAttribute('alt')))).toEqual([
      'Waj Standard card',
      'Waj Noir card',
      'Waj Titan card',
      'Waj Monarch card',
    ]);
    for (const img of await gallery.all()) {
      expect(await img.getAttribute('width')).toBe('856');
      expect(await img.getAttribute('height')).toBe('540');
    }

    for (const [index, tier] of ['standard', 'noir', 'titan', 'monarch', 'elite'].entries()) {
      const card = tierCard(page, tier);
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(TIER_NAMES[index]);
    }
    expect(await tierCard(page, 'standard').getByRole('listitem').allTextContents()).toEqual([
      'Virtual + physical card',
      'In-app budgeting',
      'UK payments',
      'Contactless + wallet',
      'Priority chat support 9-5',
    ]);
    expect(await tierCard(page, 'titan').getByText('Lounge access (coming soon)').count()).toBe(1);
    expect(
      await tierCard(page, 'monarch').getByText('24/7 priority line', { exact: true }).count(),
    ).toBe(1);
    expect(await tierCard(page, 'elite').getByText('Personal relationship director').count()).toBe(
      1,
    );
  });

  it('badges Titan as Popular and Elite as Invitation Only, and every tier button leads to /apply', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page);
    expect(await tierCard(page, 'titan').getByText('Popular', { exact: true }).isVisible()).toBe(
      true,
    );
    const elite = tierCard(page, 'elite');
    expect(await elite.getByText('Invitation Only', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Popular', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Invitation Only', { exact: true }).count()).toBe(1);

    expect(await hrefOf(elite.getByRole('link', { name: 'Expression of Interest' }))).toBe(
      '/apply',
    );
    for (const tier of ['standard', 'noir', 'titan', 'monarch', 'elite']) {
      const links = tierCard(page, tier).getByRole('link');
      expect(await links.count(), tier).toBe(1);
      expect(await hrefOf(links), tier).toBe('/apply');
    }
  });

  it('shows no founding perk to ordinary visitors', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page);
    await tierCard(page, 'elite').waitFor();
    expect(await page.getByText('Founding perk', { exact: true }).count()).toBe(0);
  });

  it('shows the founding perk on every tier after a visit with ?founder=1', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page, '/cards?founder=1');
    const perks = page.getByText('Founding perk', { exact: true });
    await poll(() => perks.count()).toBe(5);
    for (const tier of ['standard', 'noir', 'titan', 'monarch', 'elite']) {
      expect(await tierCard(page, tier).getByText('Founding perk').isVisible(), tier).toBe(true);
    }
  });

  it('shows the founding perk to a visitor with the founding-member cookie', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await page.context().addCookies([{ name: 'founding_member', value: 'true', url: baseURL }]);
    await visitCards(page);
    await poll(() => page.getByText('Founding perk', { exact: true }).count()).toBe(5);
  });
});

describe('feature comparison', () => {
  it('is a table of twelve features by five tiers at 1280 px', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page);
    const table = page.getByRole('table');
    expect(await table.isVisible()).toBe(true);
    expect(await page.getByTestId('comparison-accordion').isVisible()).toBe(false);

    const columns = table.getByRole('columnheader');
    expect(await columns.allTextContents()).toEqual(['Feature', ...TIER_NAMES]);
    const rows = table.getByRole('rowheader');
    expect(await rows.count()).toBe(12);
    for (const [index, feature] of FEATURES.entries()) {
      expect(await rows.nth(index).textContent()).toContain(feature);
    }

    // Bespoke limits: Elite only.
    const bespoke = table.getByRole('row', { name: /Bespoke limits/ }).getByRole('cell');
    expect(await bespoke.allTextContents()).toEqual([
      'Not included',
      'Not included',
      'Not included',
      'Not included',
      'Included',
    ]);
    // Lounge access: Titan and up, coming soon; its launch quarter (Q3 2025) has passed, so
    // no date is given.
    const lounge = table.getByRole('row', { name: /Lounge access/ });
    expect(await lounge.getByRole('cell').allTextContents()).toEqual([
      'Not included',
      'Not included',
      'Coming soon',
      'Coming soon',
      'Coming soon',
    ]);
    expect(await lounge.getByRole('rowheader').textContent()).toContain('Coming soon');
    expect(await table.textContent()).not.toContain('Q3 2025');
  });

  it('explains each feature in a tooltip from a focusable info button', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page);
    const table = page.getByRole('table');
    for (const feature of FEATURES) {
      expect(await table.getByRole('button', { name: `About ${feature}` }).count(), feature).toBe(
        1,
      );
    }
    const info = table.getByRole('button', { name: 'About Lounge access' });
    await scrollToStill(info);
    await info.focus();
    const tooltip = page.getByRole('tooltip');
    await poll(() => tooltip.textContent()).toContain('coming soon');
    expect(await info.getAttribute('aria-describedby')).not.toBeNull();
    await page.keyboard.press('Escape');
    await poll(() => tooltip.count()).toBe(0);
  });

  it('is one accordion panel per tier at 375 px', async () => {
    const page = await openPage({ viewport: PHONE });
    await visitCards(page);
    expect(await page.getByRole('table').isVisible()).toBe(false);
    const accordion = page.getByTestId('comparison-accordion');
    expect(await accordion.isVisible()).toBe(true);

    const triggers = accordion.getByRole('button', { expanded: false });
    expect(await triggers.count()).toBe(5);
    const noir = accordion.getByRole('button', { name: /^Noir/ });
    expect(await noir.textContent()).toContain('6 of 12 features');
    await noir.click();
    await poll(() => noir.getAttribute('aria-expanded')).toBe('true');

    const panel = accordion.getByRole('region');
    expect(await panel.getByRole('listitem').count()).toBe(12);
    expect(await panel.getByText('Not included').count()).toBe(6);
    expect(await panel.getByText('Included', { exact: true }).count()).toBe(6);

    // A tap opens a feature's tooltip: touch screens have no hover.
    const info = panel.getByRole('button', { name: 'About Higher limits' });
    await scrollToStill(info);
    await info.click();
    await poll(() => page.getByRole('tooltip').textContent()).toContain('ATM');
    // The button sits at the row's right end; the tooltip still keeps clear of the screen edge.
    const box = await page.locator('[data-slot="tooltip-content"]').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(15.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width - 15.5);
  });
});

describe('closing call to action', () => {
  const bar = (page: Page) => page.getByTestId('request-invitation-bar');

  it('offers Apply Now on wide screens, without the phone bar', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visitCards(page);
    const block = page.getByTestId('cards-invitation');
    expect(await block.getByRole('heading', { name: 'Request an invitation' }).count()).toBe(1);
    const apply = block.getByRole('link', { name: 'Apply Now' });
    expect(await apply.isVisible()).toBe(true);
    expect(await hrefOf(apply)).toBe('/apply');
    expect(await bar(page).isVisible()).toBe(false);
  });

  it('keeps a Request Invitation bar at the foot of a phone screen that never covers content', async () => {
    const page = await openPage({ viewport: PHONE });
    await visitCards(page);
    const link = bar(page).getByRole('link', { name: 'Request Invitation' });
    expect(await hrefOf(link)).toBe('/apply');
    expect(await page.getByTestId('cards-invitation').getByRole('link').isVisible()).toBe(false);

    // On arrival it sits on the bottom edge of the screen…
    expect(await isInViewport(bar(page))).toBe(true);
    const box = await bar(page).boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);

    // …and at the end of the page it rests above the footer instead of over it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await poll(async () => {
      const barBox = await bar(page).boundingBox();
      const footerBox = await footer.boundingBox();
      return barBox && footerBox ? barBox.y + barBox.height <= footerBox.y + 0.5 : false;
    }).toBe(true);
  });

  it('rides above the cookie sheet while it shows, and returns to the foot once it is answered', async () => {
    const page = await openPage({ viewport: PHONE, consent: null });
    await visitCards(page);
    const sheet = page.getByTestId('consent-sheet');
    await sheet.waitFor();
    const barBottom = async () => {
      const box = await bar(page).boundingBox();
      return Math.round((box?.y ?? 0) + (box?.height ?? 0));
    };
    const sheetTop = async () => Math.round((await sheet.boundingBox())?.y ?? 0);
    // The sheet slides up as it appears: wait for both to settle on the same edge.
    await poll(async () => (await barBottom()) - (await sheetTop())).toBe(0);
    expect(await sheetTop()).toBeLessThan(PHONE.height);

    await sheet.getByRole('button', { name: 'Essential Only' }).click();
    await sheet.waitFor({ state: 'detached' });
    await poll(barBottom).toBe(PHONE.height);
  });

  it('has no horizontal scroll at 375 px', async () => {
    const page = await openPage({ viewport: PHONE });
    await visitCards(page);
    await poll(() => page.getByTestId('card-gallery').getByRole('img').count()).toBe(4);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
