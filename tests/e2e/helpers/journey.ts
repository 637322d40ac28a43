import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { IDENTITY_DETAILS } from '#tests/helpers/identity.ts';

/**
 * The applicant's side of the journey tests, done the way an applicant does it: through the
 * screens, by their visible labels. Staff steps live in staff.ts.
 */

/** Live updates arrive by SSE, with an 8 s poll behind them: allow one missed event. */
export const LIVE_TIMEOUT_MS = 12_000;

/**
 * How soon a pushed stage change must show. A test acts as soon as the screen's live stream
 * has opened (see `liveStream`), right after the screen's first status read, so the 8 s poll
 * cannot show the change within this time: only the live stream can.
 */
export const PUSH_TIMEOUT_MS = 4_000;
export const PUSH_MESSAGE =
  'the screen did not follow the stage change live (SSE); only the 8 s poll would catch it';

/**
 * The screen's live stream (`apply-events`) answering: the server subscribes it to the
 * applicant's stage changes before it sends a byte, so from then on a change reaches the
 * screen. Start waiting before the navigation that mounts the screen.
 */
export const liveStream = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/apply-events' && response.status() === 200,
    { timeout: LIVE_TIMEOUT_MS },
  );

export const pathname = (page: Page) => new URL(page.url()).pathname;

export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The review screen's current stage label. */
export const reviewStage = (page: Page) => page.getByTestId('review-stage');

export async function waitForPath(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** The application id, from the readable `apply_session` cookie the server set. */
export async function basicIdOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const value = cookies.find((cookie) => cookie.name === 'apply_session')?.value;
  if (!value) throw new Error('no apply_session cookie: the applicant has no session');
  return decodeURIComponent(value);
}

/** /apply's invitation panel: type the code, verify, and follow the redirect to review. */
export async function redeemCode(page: Page, code: string): Promise<void> {
  if (pathname(page) !== '/apply') await page.goto('/apply');
  const field = page.getByRole('textbox', { name: 'Invitation Code' });
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByText('Code verified!').waitFor();
  await page.getByText('Redirecting...').waitFor();
  await toast(page, 'Code Verified').waitFor();
  await waitForPath(page, '/apply/review');
  await expect.poll(() => reviewStage(page).textContent()).toBe('Invite code validated');
}

export interface Details {
  /** Asked only when the application has none yet. */
  fullName?: string;
  email?: string;
  income: string;
  employment: string;
  tier: string;
  /** 'YYYY-MM-DD' and a UK address (CONTRACT §8); the shared fixture's when not given. */
  dateOfBirth?: string;
  address?: { line1: string; line2?: string; town: string; postcode: string };
}

/** From the review screen: 'Continue' to the details screen and save step 1. */
export async function saveDetails(page: Page, details: Details): Promise<void> {
  await page.getByRole('link', { name: 'Continue' }).click();
  await waitForPath(page, '/apply/details');
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  if (details.fullName !== undefined) {
    await page.getByLabel('Full legal name').fill(details.fullName);
  }
  if (details.email !== undefined) {
    await page.getByRole('textbox', { name: 'Email' }).fill(details.email);
  }
  await page.getByLabel('Annual income').fill(details.income);
  await page.getByLabel('Employment status').selectOption({ label: details.employment });
  await page
    .getByLabel('Date of birth', { exact: true })
    .fill(details.dateOfBirth ?? IDENTITY_DETAILS.date_of_birth);
  const address = details.address ?? IDENTITY_DETAILS.address;
  await page.getByLabel('Address line 1', { exact: true }).fill(address.line1);
  if ('line2' in address && address.line2 !== undefined) {
    await page.getByLabel('Address line 2 (optional)', { exact: true }).fill(address.line2);
  }
  await page.getByLabel('Town or city', { exact: true }).fill(address.town);
  await page.getByLabel('Postcode', { exact: true }).fill(address.postcode);
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByRole('radio', { name: new RegExp(`^${details.tier}\\b`) }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Step 1 done, step 2 open.
  await page.getByText('Thank you. We have your details.').waitFor();
  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
}

/** A small but real photo: the server decodes and re-encodes every image it accepts. */
export async function photo(format: 'jpeg' | 'png', colour: { r: number; g: number; b: number }) {
  const image = sharp({ create: { width: 480, height: 320, channels: 3, background: colour } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

/** On the /apply/offer screen: tick the terms, sign with the typed name, accept. */
export async function acceptOffer(page: Page, name: string): Promise<void> {
  const signature = page.getByRole('textbox', { name: 'Full legal name' });
  // The signature waits for the terms to be accepted (SPEC §2).
  expect(await signature.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await signature.fill(name);
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await toast(page, 'Offer accepted successfully!').waitFor();
  await waitForPath(page, '/apply/activate');
  await page.getByRole('heading', { level: 1, name: 'Activation Pending' }).waitFor();
}
