import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningAlertListResponse } from '#shared/schemas/screening.ts';
import { openAdmin } from './helpers/admin.ts';
import { seedApplicant, signInBrowser, staffCall } from './helpers/applicant.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

/**
 * Screening of our own (CONTRACT §8) in the browser: an applicant who gives a listed person's
 * name opens an alert that compliance asks to clear and a second member approves; the details
 * step refuses an under-18 date of birth and a malformed postcode. Own server: the loaded list
 * would screen every other test's applicants.
 */

const { openPage } = launchBrowser();
const UK_LIST = readFileSync(
  join(import.meta.dirname, '..', 'fixtures', 'screening', 'uk-sanctions-list.csv'),
);
/** A person on the fixture's UK list (and the UN's). */
const LISTED = 'Frank Kakolele Bwambale';

let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer();
  const owner = await staffSignIn(server.baseURL, 'owner');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(UK_LIST)], { type: 'text/csv' }), 'uk.csv');
  const response = await fetch(`${server.baseURL}/api/admin-screening-list-upload`, {
    method: 'POST',
    body: form,
    headers: { 'x-admin-pass': owner, 'x-requested-with': 'waj' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true, list: 'uk', version: 1 });
});
afterAll(async () => {
  await server?.stop();
});

async function openDetails() {
  const applicant = await seedApplicant(server.baseURL, 'code_verified');
  const page = await openPage({ baseURL: server.baseURL });
  await signInBrowser(page.context(), applicant);
  await page.goto('/apply/details');
  await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
  return { page, applicant };
}

/** The form, filled as an applicant would; `overrides` by label. */
async function fillDetails(page: Page, name: string, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'Full legal name': name,
    Email: `screened.${Date.now()}@example.com`,
    'Annual income': '£90,000',
    'Date of birth': '1971-06-01',
    'Address line 1': '12 High Street',
    'Town or city': 'Leeds',
    Postcode: 'ls1 4ap',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel('Employment status').selectOption({ label: 'Employed' });
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByRole('radio', { name: /^Noir/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

describe('the details step', () => {
  it('refuses an under-18 date of birth and a malformed postcode, with clear messages', async () => {
    const { page } = await openDetails();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/apply-details') sent.push(request.url());
    });
    const sixteen = new Date();
    sixteen.setFullYear(sixteen.getFullYear() - 16);
    await fillDetails(page, 'Young Applicant', {
      'Date of birth': sixteen.toISOString().slice(0, 10),
      Postcode: 'NOT A CODE',
    });
    await page.getByText('You must be 18 or over to apply').waitFor();
    await page.getByText('Please enter a valid UK postcode').waitFor();
    // Nothing was sent: the form stays, with what was typed.
    expect(sent).toHaveLength(0);
    expect(await page.getByLabel('Town or city').inputValue()).toBe('Leeds');
  });
});

describe('a listed applicant', () => {
  it('opens an alert that compliance asks to clear and a second member approves', async () => {
    const { page, applicant } = await openDetails();
    await fillDetails(page, LISTED);
    await page.getByRole('heading', { level: 2, name: 'Verify your identity' }).waitFor();

    // Compliance sees the alert, the applicant beside the listed entry, and asks to clear it.
    const compliance = await openAdmin(openPage, {
      baseURL: server.baseURL,
      role: 'compliance',
      tab: 'Screening',
    });
    const alert = compliance.getByTestId('screening-alert').filter({ hasText: LISTED }).first();
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('BWAMBALE');
    await alert.getByRole('button', { name: `Clear as false positive for ${LISTED}` }).click();
    const ask = compliance.getByRole('dialog', { name: 'Clear as false positive' });
    await ask
      .getByLabel('Reason (internal)')
      .fill('Born 1971 in Leeds; the listed man is Congolese');
    await ask.getByRole('button', { name: 'Ask for clearance' }).click();
    await alert.getByText('Clearance awaiting approval').first().waitFor();
    // The member who asked cannot approve it.
    expect(
      await alert.getByRole('button', { name: `Approve clearance for ${LISTED}` }).count(),
    ).toBe(0);

    // A second member approves it.
    const owner = await openAdmin(openPage, {
      baseURL: server.baseURL,
      role: 'owner',
      tab: 'Screening',
    });
    const waiting = owner.getByTestId('screening-alert').filter({ hasText: LISTED }).first();
    await waiting.getByRole('button', { name: `Approve clearance for ${LISTED}` }).click();
    const approve = owner.getByRole('alertdialog', { name: 'Approve clearance' });
    await approve.getByRole('button', { name: 'Approve clearance' }).click();
    await owner.getByText('Clearance approved').first().waitFor();

    const token = await staffSignIn(server.baseURL, 'compliance');
    const { alerts } = await staffCall<ScreeningAlertListResponse>(
      server.baseURL,
      token,
      'admin-screening-alert-list',
      { status: 'cleared' },
    );
    expect(alerts.filter((row) => row.application_id === applicant.basicId)).toMatchObject([
      { status: 'cleared', entry: { list: 'uk' } },
    ]);
  });
});
