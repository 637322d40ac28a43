import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stage } from '#shared/stages.ts';
import { applyThemeInPlace, axeViolations } from './helpers/axe.ts';
import { animationsSettled } from './helpers/public-routes.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import {
  newInviteCode,
  seedApplicant,
  signInBrowser,
  type Applicant,
} from './helpers/applicant.ts';
import { staffSignIn } from './helpers/server.ts';

const { openPage } = launchBrowser();

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

type Scenario = {
  name: string;
  path: string;
  stage?: Stage;
  /** Brings the screen into the state to check (errors shown, dialog open). */
  act?: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<unknown>;
};

const SCENARIOS: Scenario[] = [
  {
    name: '/apply with both panels showing errors',
    path: '/apply',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Invitation Code' }).press('Enter');
      await page.getByRole('button', { name: 'Submit Application' }).click();
    },
    ready: (page) => page.getByText('Full name must be at least 2 characters').waitFor(),
  },
  {
    name: '/apply for an applicant who already started',
    path: '/apply',
    stage: 'kyc',
    ready: (page) => page.getByText("You've already started an application.").waitFor(),
  },
  {
    name: '/apply/review with the resume dialog open',
    path: '/apply/review',
    stage: 'code_verified',
    act: async (page) => {
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
    },
    ready: (page) => page.getByText('Please enter your email address').waitFor(),
  },
  {
    name: '/apply/review after a bad link',
    path: '/apply/review?sid=broken',
    ready: (page) => page.getByTestId('link-problem').waitFor(),
  },
  {
    name: '/apply/details step 1 with errors',
    path: '/apply/details',
    stage: 'code_verified',
    act: (page) => page.getByRole('button', { name: 'Save and continue' }).click(),
    ready: (page) => page.getByText('Please enter your annual income').waitFor(),
  },
  {
    name: '/apply/details step 2',
    path: '/apply/details',
    stage: 'detailed',
    ready: (page) => page.getByTestId('kyc-selfie').waitFor(),
  },
  {
    name: '/apply/offer with the signature error',
    path: '/apply/offer',
    stage: 'tier_offer',
    act: (page) => page.getByRole('button', { name: 'Accept Offer' }).click(),
    ready: (page) => page.getByTestId('offer-error').waitFor(),
  },
  {
    name: '/apply/activate (pending)',
    path: '/apply/activate',
    stage: 'accepted',
    ready: (page) => page.getByRole('heading', { name: 'What happens next' }).waitFor(),
  },
  {
    name: '/apply/activate (active)',
    path: '/apply/activate',
    stage: 'activated',
    ready: (page) => page.getByTestId('card-number').waitFor(),
  },
  {
    name: '/account',
    path: '/account',
    stage: 'activated',
    ready: (page) => page.getByTestId('account-status').waitFor(),
  },
];

describe.each(SCENARIOS)('$name', (scenario) => {
  it('has no axe violations in light and dark at 375 and 1280 px, one h1, no sideways scroll', async () => {
    const applicant: Applicant | null = scenario.stage
      ? await seedApplicant(baseURL, scenario.stage)
      : null;
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      // One load per width, in the first theme; the second theme is applied in place, as the
      // saved choice is at load, and checked with the colour rules only (see COLOUR_RULES).
      const page = await openPage({ viewport, allowConsole: [/Failed to load resource/] });
      if (applicant) await signInBrowser(page.context(), applicant);
      await page.goto(scenario.path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('load');
      const h1s = await page.getByRole('heading', { level: 1 }).count();
      if (h1s !== 1) problems.push(`${viewport.width}px: ${h1s} h1 elements`);
      await scenario.act?.(page);
      await scenario.ready(page);
      for (const theme of THEMES) {
        await applyThemeInPlace(page, theme);
        await animationsSettled(page);
        const where = `${viewport.width}px ${theme}`;
        for (const v of await axeViolations(page, { colourOnly: theme !== THEMES[0] })) {
          problems.push(`${where}: ${v.id} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) problems.push(`${where}: ${overflow}px sideways scroll`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('keyboard only', () => {
  it('redeems an invitation code without a mouse', async () => {
    const code = await newInviteCode(baseURL, await staffSignIn(baseURL));
    const page = await openPage();
    await page.goto('/apply');
    const field = page.getByRole('textbox', { name: 'Invitation Code' });
    await field.waitFor();
    // Tab from the page's start until the code field has focus.
    for (let i = 0; i < 30; i++) {
      if (await field.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByRole('button', { name: 'Verify Code' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/apply/review`);
  });

  it('accepts an offer without a mouse', async () => {
    const applicant = await seedApplicant(baseURL, 'tier_offer');
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    await page.goto('/apply/offer');
    const terms = page.getByRole('checkbox', { name: /I have read and agree/ });
    await terms.focus();
    await page.keyboard.press('Space');
    expect(await terms.getAttribute('aria-checked')).toBe('true');
    // Past the terms link to the signature.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const signature = page.getByRole('textbox', { name: 'Full legal name' });
    expect(await signature.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Amelia Hart');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/apply/activate`);
  });
});
