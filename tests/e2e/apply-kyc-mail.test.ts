import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import {
  applicantCall,
  reviewFile,
  samplePhoto,
  seedApplicant,
  signInBrowser,
} from './helpers/applicant.ts';
import { waitForPath } from './helpers/journey.ts';
import { serverWithMail } from './helpers/mail-server.ts';

const { openPage } = launchBrowser();

/** Its own server with a real SMTP listener, so the test reads the mails an applicant gets. */
const own = serverWithMail();

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

describe('identity files: nobody left waiting in silence', () => {
  it("a rejected selfie's e-mail leads back to the upload on another device; the selfie must be a photo", async () => {
    const applicant = await seedApplicant(own.server.baseURL, 'kyc_in_progress');
    const { email } = await applicantCall<{ email: string }>(applicant, 'apply-get-stage', {});
    await reviewFile(applicant, 'selfie', 'reject', 'Please face the camera in good light.');

    const mail = await own.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Please upload your selfie again',
    );
    expect(mail.text).toContain('Reason: Please face the camera in good light.');
    expect(mail.text).not.toContain('internal note');
    const link = mail.links.find((href) => href.includes('/apply/review?sid='));
    expect(link).toBeDefined();

    // A phone that never saw the application: no cookies, nothing stored.
    const phone = await openPage({
      baseURL: own.server.baseURL,
      viewport: { width: 390, height: 844 },
    });
    expect(await phone.context().cookies()).toEqual([]);
    await phone.goto(link!);
    await phone.getByText('We could not complete your identity check').waitFor();
    await phone.getByRole('link', { name: 'Continue' }).click();
    await waitForPath(phone, '/apply/details');
    const selfie = phone.getByTestId('kyc-selfie');
    await selfie.getByText('Rejected').waitFor();
    await selfie.getByText('Please face the camera in good light.').waitFor();

    // The picker offers photos only, and no `capture`: phones let the applicant choose
    // between the camera and the photo library.
    const input = phone.getByTestId('kyc-selfie-input');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await input.getAttribute('capture')).toBeNull();
    const uploads: string[] = [];
    phone.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/apply-kyc-upload') uploads.push(request.url());
    });
    await input.setInputFiles({
      name: 'selfie.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await selfie
      .getByText('This file type is not accepted. Please choose a JPEG, PNG, WebP or HEIC photo.')
      .waitFor();
    expect(uploads).toEqual([]);
    await input.setInputFiles({
      name: 'selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: await samplePhoto('jpeg', 77),
    });
    await selfie.getByText('Uploaded', { exact: true }).waitFor();
    expect(uploads).toHaveLength(1);
  });

  it('after a Veriff decline the review screen says a decision is pending, not that a check is running', async () => {
    const applicant = await seedApplicant(own.server.baseURL, 'kyc_in_progress');
    const page = await openPage({ baseURL: own.server.baseURL });
    await signInBrowser(page.context(), applicant);
    // What apply-get-stage answers once Veriff has declined (kyc-veriff integration test).
    await page.route('**/api/apply-get-stage', async (route) => {
      const body = (await (await route.fetch()).json()) as Record<string, unknown>;
      await json(route, 200, {
        ...body,
        kyc_provider: 'veriff',
        identity_check: { status: 'declined', decision: 'declined' },
      });
    });
    await page.goto('/apply/review');
    await page.getByText('A decision is pending').waitFor();
    expect(await page.getByText('checking your identity').count()).toBe(0);
    expect(await page.getByText('within a few minutes').count()).toBe(0);
  });
});
