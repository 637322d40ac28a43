import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import {
  applicantCall,
  samplePhoto,
  seedApplicant,
  signInBrowser,
  upload,
  type Applicant,
} from './helpers/applicant.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';

/**
 * The attack the server's request-origin checks stop: a page on another origin of the same
 * site (here another port of 127.0.0.1; in production a taken-over subdomain) gets the
 * applicant's SameSite=Lax cookie sent with its requests. It auto-submits a text/plain form to
 * start verification and replaces the ID document with a no-cors multipart fetch.
 */

const { openPage } = launchBrowser();

let attacker: Server;
let attackerURL: string;
let attackPage = '';

beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage);
  });
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
  attackerURL = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((done) => attacker.close(done));
});

/** The attacker's page: the upload first, then the form, which navigates away. */
function buildAttackPage(photo: Buffer): string {
  return `<!doctype html><title>Win a prize</title>
<form id="start" method="POST" enctype="text/plain" action="${baseURL}/api/apply-kyc-start">
  <input type="hidden" name='{"a":"' value='"}'>
</form>
<script>
  const bytes = Uint8Array.from(atob('${photo.toString('base64')}'), (c) => c.charCodeAt(0));
  const form = new FormData();
  form.append('type', 'document');
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'passport.jpg');
  fetch('${baseURL}/api/apply-kyc-upload', {
    method: 'POST',
    mode: 'no-cors',
    credentials: 'include',
    body: form,
  })
    // The answer is unreadable to this page either way; then the form goes.
    .catch(() => {})
    .then(() => document.getElementById('start').submit());
</script>`;
}

const state = (applicant: Applicant) =>
  applicantCall<ApplyGetStageResponse>(applicant, 'apply-get-stage', {});

describe('a page of another origin on the same site', () => {
  it('cannot start verification or replace the ID document with the applicant’s cookie', async () => {
    // Details given and both photos sent: one step from `kyc_in_progress`.
    const victim = await seedApplicant(baseURL, 'detailed');
    await upload(victim, 'document', 301);
    await upload(victim, 'selfie', 302);
    const before = await state(victim);
    expect(before.stage).toBe('detailed');
    expect(before.kyc_files).toHaveLength(2);

    attackPage = buildAttackPage(await samplePhoto('jpeg', 666));
    const page = await openPage({
      // The browser reports the refused requests as failed loads.
      allowConsole: [/Failed to load resource/],
    });
    await signInBrowser(page.context(), victim);
    const isCall = (name: string) => (message: Request | Response) =>
      message.url() === `${baseURL}/api/${name}`;
    // The upload's answer is hidden from the attacker's page (and from us: the browser blocks
    // it by its Cross-Origin-Resource-Policy), but the request still reaches the server.
    const uploadRequest = page.waitForRequest(isCall('apply-kyc-upload'));
    const start = page.waitForResponse(isCall('apply-kyc-start'));
    await page.goto(attackerURL);

    // The form was sent with the applicant's cookie, and refused.
    const [uploaded, started] = await Promise.all([uploadRequest, start]);
    expect(uploaded.method()).toBe('POST');
    expect((await started.request().allHeaders()).cookie).toContain('waj_session=');
    expect(started.status()).toBe(403);
    expect(await started.json()).toEqual({
      ok: false,
      error: 'This request was not sent from the Waj website.',
    });

    const after = await state(victim);
    expect(after.stage).toBe('detailed');
    expect(after.kyc_files.map((f) => f.id).sort()).toEqual(
      before.kyc_files.map((f) => f.id).sort(),
    );
  });
});

describe('our own apply page', () => {
  it('still uploads the ID document', async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    await page.goto('/apply/details');
    await page.getByTestId('kyc-document-input').setInputFiles({
      name: 'passport.jpg',
      mimeType: 'image/jpeg',
      buffer: await samplePhoto('jpeg', 303),
    });
    await page.getByTestId('kyc-document').getByText('Uploaded', { exact: true }).waitFor();

    const { kyc_files } = await state(applicant);
    expect(kyc_files.map((f) => f.type)).toEqual(['document']);
  });
});
