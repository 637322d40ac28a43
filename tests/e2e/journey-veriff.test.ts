import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVeriff, type FakeVeriff } from '../helpers/fake-veriff.ts';
import { launchBrowser } from './helpers/browser.ts';
import {
  LIVE_TIMEOUT_MS,
  PUSH_MESSAGE,
  PUSH_TIMEOUT_MS,
  acceptOffer,
  basicIdOf,
  redeemCode,
  reviewStage,
  saveDetails,
  liveStream,
  waitForPath,
} from './helpers/journey.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';
import { signInStaff, type Staff } from './helpers/staff.ts';

/**
 * Issue 4's second journey: identity verified by Veriff. The server talks to a local fake
 * Veriff (tests/helpers/fake-veriff.ts), which signs its webhooks with the test secret; the
 * browser's visit to Veriff's hosted page is answered by a stand-in page that, like Veriff,
 * sends the applicant back to the callback the server registered.
 */
const { openPage } = launchBrowser();

let veriff: FakeVeriff;
let server: RunningServer;
let staff: Staff;

beforeAll(async () => {
  veriff = await startFakeVeriff();
  // PUBLIC_URL is the server itself, so Veriff's callback leads back to it.
  server = await startBuiltServer(veriff.env(), { ownPublicUrl: true });
  staff = await signInStaff(server.baseURL);
});

afterAll(async () => {
  await server?.stop();
  await veriff?.close();
});

const NAME = 'Jonathan Reyes';

/** Veriff's hosted verification page: a button back to where the session says to return. */
function hostedPage(route: Route) {
  const match = /^\/v\/([^/]+)$/.exec(new URL(route.request().url()).pathname);
  const session = veriff.sessions.find((candidate) => candidate.id === match?.[1]);
  // Anything else the browser asks the page's host for (a favicon) is simply empty.
  if (!session) return route.fulfill({ status: 204 });
  const callback = String(session.callback).replace(/[<>"&]/g, '');
  return route.fulfill({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><title>Veriff</title><main><h1>Identity verification</h1><p>Session ${session.id}</p><a href="${callback}">Return to Waj</a></main></html>`,
  });
}

describe('applicant journey with Veriff', () => {
  it('verifies on Veriff, follows its signed decision live, then accepts and is activated', async () => {
    // A second try (decision 051) starts with no session of the first.
    veriff.sessions.splice(0);
    const page = await openPage({ baseURL: server.baseURL });
    await page.context().route('https://*.veriff.com/**', hostedPage);

    const code = await staff.generateCode();
    await page.goto('/apply');
    await redeemCode(page, code);
    const basicId = await basicIdOf(page);
    await saveDetails(page, {
      fullName: NAME,
      email: 'jonathan.reyes@example.com',
      income: '95000',
      employment: 'Employed',
      tier: 'Noir',
    });

    // Veriff's way: no uploads here, the check happens on Veriff's page.
    expect(await page.getByTestId('kyc-document').count()).toBe(0);
    // The answer is held until the live update of the new stage has shown the review screen,
    // as a slow network would: the applicant must still be taken to Veriff.
    await page.route('**/api/apply-kyc-start', async (route) => {
      const response = await route.fetch();
      await waitForPath(page, '/apply/review');
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.waitForURL(/^https:\/\/alchemy\.veriff\.com\/v\//);
    await page.getByRole('heading', { name: 'Identity verification' }).waitFor();

    // The server created one session for this application, named only by its opaque id.
    expect(veriff.sessions).toHaveLength(1);
    const [session] = veriff.sessions;
    if (!session) throw new Error('no Veriff session');
    expect(page.url()).toBe(session.url);
    expect(session.vendorData).toBe(basicId);
    expect(session.callback).toBe(`${server.baseURL}/apply/review`);
    expect(session.person).toEqual({ firstName: 'Jonathan', lastName: 'Reyes' });

    // Back at Waj while Veriff decides.
    const live = liveStream(page);
    await page.getByRole('link', { name: 'Return to Waj' }).click();
    await waitForPath(page, '/apply/review');
    await expect.poll(() => reviewStage(page).textContent()).toBe('Secure Verification');

    // Veriff's signed decision arrives; the open review screen moves on by itself.
    await live;
    const delivery = await veriff.decision(server.baseURL, session, 'approved');
    expect(delivery.status).toBe(200);
    await expect
      .poll(() => reviewStage(page).textContent(), {
        timeout: PUSH_TIMEOUT_MS,
        message: PUSH_MESSAGE,
      })
      .toBe('Verification Complete');

    await staff.issueOffer(basicId, 'noir');
    await waitForPath(page, '/apply/offer', LIVE_TIMEOUT_MS);
    await page.getByRole('heading', { level: 2, name: 'Accept your offer' }).waitFor();
    await acceptOffer(page, NAME);

    await staff.activate(basicId, { cardLast4: '7319', mobileAccess: false });
    await page
      .getByRole('heading', { level: 1, name: `Welcome to Waj, ${NAME}` })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.getByTestId('member-tier').textContent()).toBe('Noir');
    expect(await page.getByTestId('card-number').textContent()).toBe('•••• •••• •••• 7319');
    expect(await page.getByTestId('mobile-banking').textContent()).toBe('Disabled');
  });
});
