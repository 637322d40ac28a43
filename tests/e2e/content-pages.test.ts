import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { statusStatement } from '#shared/company.ts';
import { baseURL, launchBrowser, type PageOptions } from './helpers/browser.ts';
import { serveAsShell } from './helpers/public-routes.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const BOILERPLATE_START = 'Waj is a private, invitation-only membership bank';
const BOILERPLATE_PATH = '/api/site-settings/press_boilerplate';

/** Retrying assertions: pages render and load their data on their own schedule. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000 });

async function visit(path: string, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(options);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const main = (page: Page) => page.getByRole('main');
const faqTriggers = (page: Page) => main(page).getByTestId('faq').getByRole('button');
const expanded = (trigger: Locator) => trigger.getAttribute('aria-expanded');

/** The answer panel a question button controls. */
const answerOf = (page: Page, trigger: Locator) =>
  trigger.getAttribute('aria-controls').then((id) => page.locator(`[id="${id}"]`));

/** Key strings of each page (SPEC §2 'Public content pages', facts from SPEC §9). */
const PAGES = [
  {
    path: '/eligibility',
    h1: 'Eligibility',
    title: 'Eligibility | Waj',
    strings: [
      'UK resident',
      '18 or older',
      'A valid passport or driving licence',
      'A verifiable source of income',
      'Agreement to compliance checks',
      'dated within the last 3 months',
    ],
  },
  {
    path: '/partners',
    h1: 'Partners',
    title: 'Partners | Waj',
    strings: ['Fine dining', 'Luxury retail', 'Travel lounge', 'Airport lounge access'],
  },
  {
    path: '/about',
    h1: 'About Waj',
    title: 'About | Waj',
    strings: ['Our founding members', 'The founding membership is now closed.'],
  },
  {
    path: '/security',
    h1: 'Security',
    title: 'Security | Waj',
    strings: [
      'Secure 3DS 2.2',
      'In-app controls',
      'PCI-DSS aligned',
      'Funds safeguarded by an authorised partner',
    ],
  },
  {
    path: '/press',
    h1: 'Press',
    title: 'Press | Waj',
    strings: ['Brand palette', 'Card renders', 'press@waj.co.uk', 'within 24-48 hours'],
  },
  {
    path: '/help',
    h1: 'Help',
    title: 'Help | Waj',
    strings: ['Frequently asked questions', 'Monday to Friday, 9am to 5pm (UK time)'],
  },
] as const;

describe.each(PAGES)('$path', ({ path, h1, title, strings }) => {
  it('renders its one heading, key content and title, without sideways scroll at 375 px', async () => {
    const page = await visit(path, { viewport: PHONE });
    const headings = page.getByRole('heading', { level: 1 });
    expect(await headings.count()).toBe(1);
    expect((await headings.innerText()).trim()).toBe(h1);
    for (const text of strings) {
      expect(await main(page).getByText(text).first().isVisible(), text).toBe(true);
    }
    await poll(() => page.title()).toBe(title);
    // Below-the-fold images are lazy: bring them in before measuring the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});

describe('FAQ accordions', () => {
  it.each(['/eligibility', '/security', '/help'])(
    '%s: a question opens with Enter, Space and a click, and closes again',
    async (path) => {
      const page = await visit(path, { viewport: DESKTOP });
      const triggers = faqTriggers(page);
      expect(await triggers.count()).toBeGreaterThanOrEqual(5);
      for (let i = 0; i < 3; i += 1) expect(await expanded(triggers.nth(i))).toBe('false');

      const first = triggers.nth(0);
      await first.focus();
      await page.keyboard.press('Enter');
      await poll(() => expanded(first)).toBe('true');
      expect(await (await answerOf(page, first)).isVisible()).toBe(true);

      const second = triggers.nth(1);
      await second.focus();
      await page.keyboard.press('Space');
      await poll(() => expanded(second)).toBe('true');
      expect(await (await answerOf(page, second)).isVisible()).toBe(true);
      // Opening one answer leaves the other open, so two can be read side by side.
      expect(await expanded(first)).toBe('true');

      await page.keyboard.press('Space');
      await poll(() => expanded(second)).toBe('false');
      expect(await (await answerOf(page, second)).isVisible()).toBe(false);

      const third = triggers.nth(2);
      await third.click();
      await poll(() => expanded(third)).toBe('true');
      expect(await (await answerOf(page, third)).isVisible()).toBe(true);
      await third.click();
      await poll(() => expanded(third)).toBe('false');
    },
  );
});

describe('/eligibility', () => {
  it('lists the five requirements in order and links to /apply', async () => {
    const page = await visit('/eligibility');
    const items = page.getByTestId('eligibility-requirements').getByRole('listitem');
    expect(await items.count()).toBe(5);
    const titles = await items.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(titles).toEqual([
      'UK resident',
      '18 or older',
      'Photo ID',
      'A verifiable source of income',
      'Agreement to compliance checks',
    ]);
    const apply = main(page).getByRole('link', { name: 'Apply for membership' }).first();
    await apply.click();
    await poll(() => new URL(page.url()).pathname).toBe('/apply');
  });
});

describe('/partners', () => {
  const perkCard = (page: Page) => page.getByTestId('founding-perk-card');

  it('shows three coming-soon categories and no founding perk to a visitor', async () => {
    const page = await visit('/partners');
    const categories = page.getByTestId('partner-category');
    expect(await categories.count()).toBe(3);
    expect(await categories.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Fine dining',
      'Luxury retail',
      'Travel lounge',
    ]);
    expect(await categories.getByText('Coming soon', { exact: true }).count()).toBe(3);
    expect(await perkCard(page).count()).toBe(0);
    expect(await page.getByText('Founding perk', { exact: true }).count()).toBe(0);
  });

  it('shows the founding perk card to a founding member (founding_member cookie)', async () => {
    const page = await openPage();
    await page.context().addCookies([{ name: 'founding_member', value: 'true', url: baseURL }]);
    await page.goto('/partners');
    await page.getByRole('heading', { level: 1, name: 'Partners' }).waitFor();
    expect(await perkCard(page).isVisible()).toBe(true);
    expect(await perkCard(page).getByText('Founding perk', { exact: true }).isVisible()).toBe(true);
    expect(
      await perkCard(page).getByRole('heading', { level: 2, name: 'First at every table' }).count(),
    ).toBe(1);
  });
});

describe('/about', () => {
  it('tells the story, marks the founding circle closed and links to /apply', async () => {
    const page = await visit('/about');
    const circle = page.getByRole('region', { name: 'Our founding members' });
    expect(await circle.getByText('Closed', { exact: true }).isVisible()).toBe(true);
    expect(
      await main(page)
        .getByRole('heading', { level: 2, name: 'Banking, made personal again' })
        .isVisible(),
    ).toBe(true);
    const apply = main(page).getByRole('link', { name: 'Apply for membership' });
    expect(await apply.getAttribute('href')).toBe('/apply');
  });
});

describe('/security', () => {
  it('shows three feature cards, the regulatory note and an FAQ', async () => {
    const page = await visit('/security');
    const features = page.getByTestId('security-feature');
    expect(await features.count()).toBe(3);
    const note = page.getByRole('region', { name: 'Funds safeguarded by an authorised partner' });
    expect(await note.getByText('Regulatory note').isVisible()).toBe(true);
    // The note states who is authorised (the partner, with its firm reference number) and makes
    // no claim of Waj's own authorisation.
    const text = await note.innerText();
    expect(text).toContain(statusStatement());
    expect(text.replace(statusStatement(), '')).not.toMatch(
      /FCA|Financial Conduct Authority|authorised by/,
    );
    expect(await faqTriggers(page).count()).toBe(6);
  });
});

describe('/press', () => {
  const downloads = (page: Page) => main(page).locator('a[download]');

  it('offers the logos and four card renders as PNG downloads that the server serves', async () => {
    const page = await visit('/press', { viewport: DESKTOP });
    const links = downloads(page);
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((a) => a.getAttribute('href') ?? ''),
    );
    expect(hrefs).toEqual([
      '/press/waj-logo-light.png',
      '/press/waj-logo-dark.png',
      '/press/waj-card-standard.png',
      '/press/waj-card-noir.png',
      '/press/waj-card-titan.png',
      '/press/waj-card-monarch.png',
    ]);
    // Every link reads 'Download PNG' on screen; its accessible name says what is saved.
    expect(
      await main(page)
        .getByRole('link', { name: /Download PNG.*Noir card render/ })
        .count(),
    ).toBe(1);
    for (const href of hrefs) {
      const res = await fetch(`${baseURL}${href}`);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type'), href).toMatch(/^image\/png/);
    }
  });

  it('previews the same PNGs, sized in advance, with the card renders lazy', async () => {
    const page = await visit('/press', { viewport: DESKTOP });
    const previews = main(page).locator('img[src^="/press/"]');
    expect(await previews.count()).toBe(6);
    const renders = main(page).locator('img[src^="/press/waj-card-"]');
    for (const img of await renders.all()) {
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await img.getAttribute('width')).toBe('1712');
      expect(await img.getAttribute('height')).toBe('1080');
    }
    for (const img of await previews.all()) {
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
      await img.scrollIntoViewIfNeeded();
      await poll(() =>
        img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
      ).toBeGreaterThan(0);
    }
  });

  it('shows the five-colour palette with names and hex values', async () => {
    const page = await visit('/press');
    const colours = page.getByTestId('brand-colour');
    expect(await colours.count()).toBe(5);
    const text = (await colours.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    for (const [name, hex] of [
      ['Ink', '#14161B'],
      ['Ivory', '#FAF8F4'],
      ['Gold', '#C9A45C'],
      ['Bronze', '#7D5F27'],
      ['Graphite', '#262A31'],
    ] as const) {
      expect(
        text.some((t) => t.includes(name) && t.includes(hex)),
        name,
      ).toBe(true);
    }
  });

  it('is served with the boilerplate from the press_boilerplate setting', async () => {
    const html = await (await fetch(`${baseURL}/press`)).text();
    expect(html).toContain('data-testid="press-boilerplate"');
    expect(html).not.toContain('data-testid="press-boilerplate-loading"');
  });

  it('drawn in the browser, shows a skeleton until the boilerplate arrives', async () => {
    const page = await openPage();
    await serveAsShell(page, '/press');
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(`**${BOILERPLATE_PATH}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/press');
    await page.getByTestId('press-boilerplate-loading').waitFor();
    expect(await page.getByTestId('press-boilerplate').count()).toBe(0);

    release();
    const quote = page.getByTestId('press-boilerplate');
    await quote.waitFor();
    expect((await quote.innerText()).trim().startsWith(BOILERPLATE_START)).toBe(true);
    expect(await page.getByTestId('press-boilerplate-loading').count()).toBe(0);
  });

  it('copies the boilerplate to the clipboard', async () => {
    const page = await openPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL,
    });
    await page.goto('/press');
    await page.getByTestId('press-boilerplate').waitFor();
    await page.getByRole('button', { name: 'Copy text' }).click();
    await page.getByText('Boilerplate copied').waitFor();
    expect(await page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe((await page.getByTestId('press-boilerplate').innerText()).trim());
    expect(copied.startsWith(BOILERPLATE_START)).toBe(true);
  });

  it('shows a quiet fallback with the press e-mail when the boilerplate cannot be read', async () => {
    const page = await openPage({
      allowConsole: [/Failed to load resource: the server responded with a status of 404/],
    });
    await serveAsShell(page, '/press');
    await page.route(`**${BOILERPLATE_PATH}`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Setting not found' }),
      }),
    );
    await page.goto('/press');
    const fallback = page.getByTestId('press-boilerplate-unavailable');
    await fallback.waitFor();
    expect(await fallback.getByRole('link', { name: 'press@waj.co.uk' }).getAttribute('href')).toBe(
      'mailto:press@waj.co.uk',
    );
    expect(await page.getByTestId('press-boilerplate').count()).toBe(0);
  });

  it('gives the press contact as a mail link', async () => {
    const page = await visit('/press');
    const region = page.getByRole('region', { name: 'Press contact' });
    expect(await region.getByRole('link', { name: 'press@waj.co.uk' }).getAttribute('href')).toBe(
      'mailto:press@waj.co.uk',
    );
    expect(
      await region.getByText('We reply to press enquiries within 24-48 hours.').isVisible(),
    ).toBe(true);
  });
});

describe('/help', () => {
  it('has eight questions, the support hours and a link to /contact', async () => {
    const page = await visit('/help', { viewport: PHONE });
    expect(await faqTriggers(page).count()).toBe(8);
    const contact = main(page).getByRole('link', { name: 'Contact us' });
    expect(await contact.getAttribute('href')).toBe('/contact');
    await contact.click();
    await poll(() => new URL(page.url()).pathname).toBe('/contact');
  });
});
