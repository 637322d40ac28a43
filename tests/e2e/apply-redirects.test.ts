import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stage } from '#shared/stages.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { seedApplicant, signInBrowser, staffCall, type Applicant } from './helpers/applicant.ts';
import { staffSignIn } from './helpers/server.ts';

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
  // CONTRACT §6: the review screen says so politely; no other screen is left.
  declined: {
    '/apply/review': '/apply/review',
    '/apply/details': '/apply/review',
    '/apply/offer': '/apply/review',
    '/apply/activate': '/apply/review',
    '/account': '/apply/review',
  },
};

const DECLINED_HEADING = 'Your application was not successful';
const declinedNotice = (page: Page) =>
  page.getByTestId('declined-notice').filter({
    has: page.getByRole('heading', { level: 2, name: DECLINED_HEADING }),
  });

/** An applicant whose application staff declined at `stage` (through the server's own call). */
async function seedDeclined(stage: Stage): Promise<Applicant> {
  const applicant = await seedApplicant(baseURL, stage);
  const { request_id } = await staffCall<{ request_id: string }>(
    baseURL,
    applicant.staff,
    'admin-applicant-decline',
    { basic_id: applicant.basicId, reason: 'Internal: outside our risk appetite' },
  );
  // A decline takes effect when a second member approves it (CONTRACT §9).
  await staffCall(baseURL, await staffSignIn(baseURL, 'compliance'), 'admin-approval-decide', {
    id: request_id,
    decision: 'approve',
  });
  return applicant;
}

async function landing(
  page: Page,
  from: Screen,
  expected: Screen,
  landmark: (page: Page) => Locator = LANDMARK[expected],
): Promise<string> {
  await page.goto(from);
  await page.waitForURL(`${baseURL}${expected}`);
  await landmark(page).waitFor();
  return new URL(page.url()).pathname;
}

describe('stage redirects with a real session', () => {
  it.each(Object.entries(EXPECTED))('%s', async (stage, table) => {
    const applicant =
      stage === 'declined'
        ? await seedDeclined('kyc')
        : await seedApplicant(baseURL, stage as Stage);
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    const reached: Record<string, string> = {};
    for (const screen of SCREENS) {
      // A declined applicant's review screen shows the notice, not a stage.
      const landmark =
        stage === 'declined' && table[screen] === '/apply/review' ? declinedNotice : undefined;
      reached[screen] = await landing(page, screen, table[screen], landmark);
    }
    expect(reached).toEqual(table);
  });
});

describe('a declined application (CONTRACT §6)', () => {
  it.each(['code_verified', 'tier_offer'] as const)(
    'declined at %s: every screen ends on the notice, with no steps, actions or reason',
    async (stage) => {
      const applicant = await seedDeclined(stage);
      const page = await openPage();
      await signInBrowser(page.context(), applicant);
      for (const screen of SCREENS) {
        expect(await landing(page, screen, '/apply/review', declinedNotice)).toBe('/apply/review');
        const notice = declinedNotice(page);
        expect(await notice.innerText()).toContain(
          'After careful review, we are unable to offer you membership at this time.',
        );
        await notice.getByRole('link', { name: 'contact us' }).waitFor();
        // The journey is over: no progress, no stage, no way on, and never staff's reason.
        expect(await page.getByTestId('apply-progress').count()).toBe(0);
        expect(await page.getByTestId('review-stage').count()).toBe(0);
        expect(await page.getByRole('main').getByRole('link').allInnerTexts()).toEqual([
          'contact us',
        ]);
        expect(await page.getByText('risk appetite').count()).toBe(0);
      }

      // /apply: the notice in place of 'already started', the public forms below it.
      await page.goto('/apply');
      await declinedNotice(page).waitFor();
      await LANDMARK['/apply'](page).waitFor();
      expect(await page.getByText("You've already started an application.").count()).toBe(0);

      await declinedNotice(page).getByRole('link', { name: 'contact us' }).click();
      await page.waitForURL(`${baseURL}/contact`);
    },
  );
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
