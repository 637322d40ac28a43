import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stage } from '../../src/shared/stages.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { seedApplicant, signInBrowser } from './helpers/applicant.ts';

const { openPage } = launchBrowser();

type Screen =
  '/apply' | '/apply/review' | '/apply/details' | '/apply/offer' | '/apply/activate' | '/account';
const SCREENS = [
  '/apply/review',
  '/apply/details',
  '/apply/offer',
  '/apply/activate',
  '/account',
] as const satisfies readonly Screen[];

/** Something only each screen shows once it has settled. */
const LANDMARK: Record<Screen, (page: Page) => Locator> = {
  '/apply': (page) => page.getByRole('textbox', { name: 'Invitation Code' }),
  '/apply/review': (page) => page.getByTestId('review-stage'),
  '/apply/details': (page) => page.getByRole('heading', { level: 2, name: 'Your details' }),
  '/apply/offer': (page) => page.getByTestId('offer-tier'),
  '/apply/activate': (page) => page.getByRole('heading', { level: 2 }).first(),
  '/account': (page) => page.getByTestId('account-status'),
};

/**
 * Where each screen sends an applicant at each stage (SPEC §2 and §4): the offer and activation
 * tables, /account for activated members only, the review screen handing over at tier_offer,
 * and the details screen only while there is something to fill in.
 */
const EXPECTED: Record<
  Exclude<Stage, 'basic' | 'invited'>,
  Record<(typeof SCREENS)[number], Screen>
> = {
  code_verified: {
    '/apply/review': '/apply/review',
    '/apply/details': '/apply/details',
    '/apply/offer': '/apply/review',
    '/apply/activate': '/apply/review',
    '/account': '/apply',
  },
  detailed: {
    '/apply/review': '/apply/review',
    '/apply/details': '/apply/details',
    '/apply/offer': '/apply/review',
    '/apply/activate': '/apply/review',
    '/account': '/apply',
  },
  kyc_in_progress: {
    '/apply/review': '/apply/review',
    '/apply/details': '/apply/review',
    '/apply/offer': '/apply/review',
    '/apply/activate': '/apply/review',
    '/account': '/apply',
  },
  kyc: {
    '/apply/review': '/apply/review',
    '/apply/details': '/apply/review',
    '/apply/offer': '/apply/review',
    '/apply/activate': '/apply/review',
    '/account': '/apply',
  },
  tier_offer: {
    '/apply/review': '/apply/offer',
    '/apply/details': '/apply/offer',
    '/apply/offer': '/apply/offer',
    '/apply/activate': '/apply/offer',
    '/account': '/apply',
  },
  accepted: {
    '/apply/review': '/apply/activate',
    '/apply/details': '/apply/activate',
    '/apply/offer': '/apply/activate',
    '/apply/activate': '/apply/activate',
    '/account': '/apply',
  },
  activated: {
    '/apply/review': '/apply/activate',
    '/apply/details': '/apply/activate',
    '/apply/offer': '/apply/activate',
    '/apply/activate': '/apply/activate',
    '/account': '/account',
  },
};

async function landing(page: Page, from: Screen, expected: Screen): Promise<string> {
  await page.goto(from);
  await page.waitForURL(`${baseURL}${expected}`);
  await LANDMARK[expected](page).waitFor();
  return new URL(page.url()).pathname;
}

describe('stage redirects with a real session', () => {
  it.each(Object.entries(EXPECTED))('%s', async (stage, table) => {
    const applicant = await seedApplicant(baseURL, stage as Stage);
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    const reached: Record<string, string> = {};
    for (const screen of SCREENS) reached[screen] = await landing(page, screen, table[screen]);
    expect(reached).toEqual(table);
  });
});

describe('before an invitation is redeemed (basic, invited)', () => {
  it.each(['basic', 'invited'] as const)(
    '%s: review explains, every other screen goes to /apply',
    async (stage) => {
      // A basic applicant only has a session through a resume link; the stage is set here.
      const applicant = await seedApplicant(baseURL, 'code_verified');
      const page = await openPage();
      await signInBrowser(page.context(), applicant);
      await page.route('**/api/apply-get-stage', async (route) => {
        try {
          const body = (await (await route.fetch()).json()) as Record<string, unknown>;
          await route.fulfill({ json: { ...body, stage } });
        } catch {
          // The screen already navigated away and dropped this request: nothing to answer.
        }
      });
      await page.route('**/api/apply-status', (route) =>
        route.fulfill({ json: { ok: true, stage } }),
      );
      for (const screen of [
        '/apply/details',
        '/apply/offer',
        '/apply/activate',
        '/account',
      ] as const) {
        expect(await landing(page, screen, '/apply')).toBe('/apply');
        // basic and invited have not started: no banner.
        expect(await page.getByText("You've already started an application.").count()).toBe(0);
      }
      expect(await landing(page, '/apply/review', '/apply/review')).toBe('/apply/review');
      const label = stage === 'basic' ? 'Initial application' : 'Application reviewed';
      await page.getByTestId('review-stage').filter({ hasText: label }).waitFor();
      if (stage === 'invited') {
        await page.getByRole('link', { name: 'Enter Invite Code' }).click();
        await page.waitForURL(`${baseURL}/apply`);
      }
    },
  );
});
