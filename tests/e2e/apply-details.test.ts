import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { birthdayYearsAgo, IDENTITY_DETAILS } from '#tests/helpers/identity.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import {
  reviewFile,
  samplePhoto,
  seedApplicant,
  signInBrowser,
  type Applicant,
} from './helpers/applicant.ts';

const { openPage } = launchBrowser();

const HTTP_ERRORS = [/Failed to load resource/];
const PHONE = { width: 375, height: 740 };

const poll = <T>(read: () => T | Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });
const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function openDetails(
  applicant: Applicant,
  options: Parameters<typeof openPage>[0] & { path?: string } = {},
) {
  const page = await openPage(options);
  await signInBrowser(page.context(), applicant);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const calls = (name: string) =>
    requests.filter((r) => new URL(r.url()).pathname === `/api/${name}`);
  await page.goto(options.path ?? '/apply/details');
  return { page, calls };
}

/** The message tied to a field through aria-describedby. */
async function errorOf(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`#${errorId}`).textContent() : null;
}

const card = (page: Page, type: 'document' | 'selfie') => page.getByTestId(`kyc-${type}`);
const fileInput = (page: Page, type: 'document' | 'selfie') =>
  page.getByTestId(`kyc-${type}-input`);
const submitKyc = (page: Page) => page.getByRole('button', { name: /Submit for verification/ });

describe('/apply/details step 1: your details', () => {
  it("validates with clear messages, then saves and moves on to 'Verify your identity'", async () => {
    const applicant = await seedApplicant(baseURL, 'code_verified');
    const { page, calls } = await openDetails(applicant);
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    // An invitation code alone gives no name or e-mail: both are asked for.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await poll(() => errorOf(page, 'Full legal name')).toBe(
      'Full name must be at least 2 characters',
    );
    expect(await errorOf(page, 'Email')).toBe('Please enter a valid email address');
    expect(await errorOf(page, 'Annual income')).toBe('Please enter your annual income');
    expect(await errorOf(page, 'Employment status')).toBe('Please choose your employment status');
    expect(await errorOf(page, 'Date of birth')).toBe('Please enter your date of birth');
    expect(await errorOf(page, 'Address line 1')).toBe(
      'Please enter the first line of your address',
    );
    expect(await errorOf(page, 'Town or city')).toBe('Please enter your town or city');
    expect(await errorOf(page, 'Postcode')).toBe('Please enter a valid UK postcode');
    expect(await errorOf(page, 'Address line 2 (optional)')).toBeNull();
    await page.getByText('Please tell us whether you are a politically exposed person').waitFor();
    expect(calls('apply-details')).toHaveLength(0);

    await page.getByLabel('Full legal name').fill('Amelia Hart');
    await page.getByLabel('Email').fill(`amelia.${Date.now()}@example.com`);
    await page.getByLabel('Annual income').fill('85,000.50');
    await poll(() => errorOf(page, 'Annual income')).toBe(
      'Please enter your annual income in whole pounds',
    );
    await page.getByLabel('Annual income').fill('£85,000');
    await poll(() => errorOf(page, 'Annual income')).toBeNull();
    await page.getByLabel('Employment status').selectOption({ label: 'Self-employed' });
    // Under 18 today is refused before anything is sent; then the shared fixture's adult.
    await page.getByLabel('Date of birth', { exact: true }).fill(birthdayYearsAgo(18, 1));
    await poll(() => errorOf(page, 'Date of birth')).toBe('You must be 18 or over to apply');
    await page.getByLabel('Date of birth', { exact: true }).fill(IDENTITY_DETAILS.date_of_birth);
    await poll(() => errorOf(page, 'Date of birth')).toBeNull();
    await page.getByLabel('Address line 1', { exact: true }).fill(IDENTITY_DETAILS.address.line1);
    await page.getByLabel('Town or city', { exact: true }).fill(IDENTITY_DETAILS.address.town);
    await page.getByLabel('Postcode', { exact: true }).fill('SW1A 1A');
    await poll(() => errorOf(page, 'Postcode')).toBe('Please enter a valid UK postcode');
    // Typed as people type it; sent as Royal Mail writes it.
    await page.getByLabel('Postcode', { exact: true }).fill(' sw1a1aa ');
    await poll(() => errorOf(page, 'Postcode')).toBeNull();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('radio', { name: /^Noir/ }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { level: 2, name: 'Verify your identity' }).waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(
      'Verify your identity',
    );
    expect(calls('apply-details')[0]?.postDataJSON()).toMatchObject({
      full_name: 'Amelia Hart',
      annual_income: 85000,
      employment_status: 'self_employed',
      pep_exposed: true,
      card_tier_pref: 'noir',
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', town: 'London', postcode: 'SW1A 1AA' },
    });
    await page.getByText('Thank you. We have your details.').waitFor();
    expect(await page.getByLabel('Annual income').count()).toBe(0);
  });

  it('asks for name and e-mail only when the application has none; explains PEP plainly', async () => {
    const applicant = await seedApplicant(baseURL, 'code_verified');
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    await page.route('**/api/apply-get-stage', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await json(route, 200, { ...body, full_name: 'Amelia Hart', email: 'amelia@example.com' });
    });
    await page.goto('/apply/kyc');
    await page.getByLabel('Annual income').waitFor();
    expect(await page.getByLabel('Full legal name').count()).toBe(0);
    expect(await page.getByLabel('Email').count()).toBe(0);
    const pep = page.getByRole('group', { name: 'Are you a politically exposed person (PEP)?' });
    expect(await pep.textContent()).toContain('does not count against you');
    // Elite has no public form: four tiers to prefer.
    const tiers = page.getByRole('group', { name: 'Preferred tier' }).getByRole('radio');
    expect(await tiers.count()).toBe(4);
  });
});

describe('/apply/details step 2: verify your identity (builtin)', () => {
  it('checks type and size before sending anything, with clear messages', async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const { page, calls } = await openDetails(applicant);
    await card(page, 'document').waitFor();

    await fileInput(page, 'document').setInputFiles({
      name: 'statement.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await card(page, 'document')
      .getByRole('alert')
      .filter({ hasText: 'Please choose a JPEG, PNG, WebP, HEIC or PDF file.' })
      .waitFor();
    // From a file on disk: Chromium reads it itself, where a 10 MB buffer would be sent over
    // the DevTools pipe as base64 (over 10 s on a busy machine).
    const dir = await mkdtemp(join(tmpdir(), 'waj-e2e-upload-'));
    const tooBig = join(dir, 'passport.jpg');
    await writeFile(tooBig, Buffer.alloc(10 * 1024 * 1024 + 1));
    await fileInput(page, 'document').setInputFiles(tooBig);
    await rm(dir, { recursive: true, force: true });
    await card(page, 'document')
      .getByRole('alert')
      .filter({ hasText: 'Files can be at most 10 MB' })
      .waitFor();
    await fileInput(page, 'selfie').setInputFiles({
      name: 'selfie.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await card(page, 'selfie')
      .getByRole('alert')
      .filter({ hasText: 'Please choose a JPEG, PNG, WebP or HEIC photo.' })
      .waitFor();
    expect(calls('apply-kyc-upload')).toHaveLength(0);
    expect(await submitKyc(page).isDisabled()).toBe(true);

    // No `capture`: phones offer the camera or the photo library for the selfie.
    expect(await fileInput(page, 'selfie').getAttribute('capture')).toBeNull();
    expect(await fileInput(page, 'selfie').getAttribute('accept')).toBe('image/*');
  });

  it("uploads an ID and a selfie with previews, then 'Submit for verification' goes to review", async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const { page, calls } = await openDetails(applicant, { viewport: PHONE });
    await page.route('**/api/apply-kyc-upload', async (route) => {
      await new Promise((done) => setTimeout(done, 300));
      await route.continue();
    });
    await fileInput(page, 'document').setInputFiles({
      name: 'passport.jpg',
      mimeType: 'image/jpeg',
      buffer: await samplePhoto('jpeg', 7),
    });
    await card(page, 'document').getByRole('button', { name: 'Uploading...' }).waitFor();
    await card(page, 'document').getByText('Uploaded', { exact: true }).waitFor();
    await card(page, 'document')
      .getByRole('img', { name: 'Your government id as uploaded' })
      .waitFor();
    expect(await submitKyc(page).isDisabled()).toBe(true);

    await fileInput(page, 'selfie').setInputFiles({
      name: 'selfie.png',
      mimeType: 'image/png',
      buffer: await samplePhoto('png', 8),
    });
    await card(page, 'selfie').getByRole('img', { name: 'Your selfie as uploaded' }).waitFor();
    expect(calls('apply-kyc-upload')).toHaveLength(2);
    await poll(() => submitKyc(page).isEnabled()).toBe(true);
    await submitKyc(page).click();
    await page.waitForURL(`${baseURL}/apply/review`);
    await page.getByTestId('review-stage').filter({ hasText: 'Secure Verification' }).waitFor();
    expect(calls('apply-kyc-start')).toHaveLength(1);
  });

  it("a rejected file shows staff's reason (never their notes) and 'Upload again'", async () => {
    const applicant = await seedApplicant(baseURL, 'kyc_in_progress');
    await reviewFile(applicant, 'document', 'reject', 'The photo is blurred; please retake it.');
    const { page } = await openDetails(applicant, { path: '/apply/review' });
    await page.getByText('We could not complete your identity check').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${baseURL}/apply/details`);

    const documentCard = card(page, 'document');
    await documentCard.getByText('Rejected').waitFor();
    await documentCard.getByText('The photo is blurred; please retake it.').waitFor();
    expect(await page.getByText('internal note').count()).toBe(0);
    await page.getByTestId('kyc-resubmit').waitFor();
    expect(await submitKyc(page).isDisabled()).toBe(true);

    await documentCard.getByRole('button', { name: /Upload again/ }).waitFor();
    await fileInput(page, 'document').setInputFiles({
      name: 'passport-again.jpg',
      mimeType: 'image/jpeg',
      buffer: await samplePhoto('jpeg', 21),
    });
    await documentCard.getByText('Uploaded', { exact: true }).waitFor();
    await poll(() => submitKyc(page).isEnabled()).toBe(true);
    await submitKyc(page).click();
    await page.waitForURL(`${baseURL}/apply/review`);
    await page.getByTestId('review-stage').filter({ hasText: 'Secure Verification' }).waitFor();
  });
});

describe('/apply/details with Veriff', () => {
  it("'Start verification' sends the applicant to the provider's page", async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    await page.route('**/api/apply-get-stage', async (route) => {
      const body = (await (await route.fetch()).json()) as Record<string, unknown>;
      await json(route, 200, { ...body, kyc_provider: 'veriff' });
    });
    await page.route('**/api/apply-kyc-start', (route) =>
      json(route, 200, { ok: true, stage: 'kyc_in_progress', url: 'https://veriff.example/v/abc' }),
    );
    await page.route('https://veriff.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Veriff</title><p>Veriff</p>' }),
    );
    await page.goto('/apply/details');
    expect(await card(page, 'document').count()).toBe(0);
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.waitForURL('https://veriff.example/v/abc');
  });

  it('a failed start explains itself and stays', async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const page = await openPage({ allowConsole: HTTP_ERRORS });
    await signInBrowser(page.context(), applicant);
    await page.route('**/api/apply-get-stage', async (route) => {
      const body = (await (await route.fetch()).json()) as Record<string, unknown>;
      await json(route, 200, { ...body, kyc_provider: 'veriff' });
    });
    await page.route('**/api/apply-kyc-start', (route) => json(route, 502, {}));
    await page.goto('/apply/details');
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'We could not start your verification. Please try again.' })
      .waitFor();
    expect(page.url()).toBe(`${baseURL}/apply/details`);
  });
});
