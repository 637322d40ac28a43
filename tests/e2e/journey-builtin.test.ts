import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import {
  LIVE_TIMEOUT_MS,
  PUSH_MESSAGE,
  PUSH_TIMEOUT_MS,
  acceptOffer,
  basicIdOf,
  pathname,
  photo,
  redeemCode,
  reviewStage,
  saveDetails,
  liveStream,
  toast,
  waitForPath,
} from './helpers/journey.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';
import { signInStaff, type Staff } from './helpers/staff.ts';

/**
 * Issue 4's first journey, with the builtin identity check: one applicant from an invitation
 * code to the account portal on the screens, staff moving the application through the API.
 */
const { openPage } = launchBrowser();

let server: RunningServer;
let staff: Staff;

beforeAll(async () => {
  // Its own server: nothing another file does can move this applicant.
  server = await startBuiltServer({ KYC_PROVIDER: 'builtin' });
  staff = await signInStaff(server.baseURL);
});

afterAll(async () => {
  await server?.stop();
});

const NAME = 'Amelia Hart';

describe('applicant journey with the builtin identity check', () => {
  it('goes from an invitation code to the account portal showing the masked card', async () => {
    const page = await openPage({ baseURL: server.baseURL });

    // Staff issue a code; the applicant types it in lower case (codes are case-insensitive).
    const code = await staff.generateCode();
    await page.goto('/apply');
    await redeemCode(page, code.toLowerCase());
    const basicId = await basicIdOf(page);

    await saveDetails(page, {
      fullName: NAME,
      email: 'amelia.hart@example.com',
      income: '£185,000',
      employment: 'Business owner',
      tier: 'Titan',
    });

    // Identity: an ID image and a selfie, then submit.
    const submit = page.getByRole('button', { name: 'Submit for verification' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('kyc-document-input').setInputFiles({
      name: 'passport.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('jpeg', { r: 40, g: 60, b: 120 }),
    });
    await page.getByTestId('kyc-document').getByText('Uploaded', { exact: true }).waitFor();
    await page.getByTestId('kyc-selfie-input').setInputFiles({
      name: 'selfie.png',
      mimeType: 'image/png',
      buffer: await photo('png', { r: 200, g: 170, b: 150 }),
    });
    await page.getByTestId('kyc-selfie').getByText('Uploaded', { exact: true }).waitFor();
    await page.getByText('Both files are ready to send.').waitFor();
    const live = liveStream(page);
    // The answer is held until the live update of the new stage has shown the review screen,
    // as a slow network would: the applicant is still told the files were sent.
    await page.route('**/api/apply-kyc-start', async (route) => {
      const response = await route.fetch();
      await waitForPath(page, '/apply/review');
      await route.fulfill({ response });
    });
    await submit.click();
    await toast(page, 'Submitted for verification').waitFor();
    await waitForPath(page, '/apply/review');
    await expect.poll(() => reviewStage(page).textContent()).toBe('Secure Verification');

    // Staff see both files waiting and approve them; the open review screen follows live.
    await live;
    const files = await staff.pendingFiles(basicId);
    expect(files.map((file) => file.type).sort()).toEqual(['document', 'selfie']);
    expect(await staff.approveAllFiles(basicId)).toBe(2);
    await expect
      .poll(() => reviewStage(page).textContent(), {
        timeout: PUSH_TIMEOUT_MS,
        message: PUSH_MESSAGE,
      })
      .toBe('Verification Complete');
    expect(pathname(page)).toBe('/apply/review');

    // The offer moves the review screen on by itself.
    await staff.issueOffer(basicId, 'monarch');
    await waitForPath(page, '/apply/offer', LIVE_TIMEOUT_MS);
    await page.getByRole('heading', { level: 1, name: 'Your membership offer' }).waitFor();

    // Downgrade once to a lower tier: only lower tiers are offered.
    const lower = page.getByRole('combobox', { name: 'Lower tier' });
    await lower.waitFor();
    const options = await lower.locator('option').allTextContents();
    expect(options).toEqual(['Choose a lower tier', 'Standard', 'Noir', 'Titan']);
    await lower.selectOption({ label: 'Titan' });
    await page.getByRole('button', { name: 'Change tier' }).click();
    await page.getByRole('button', { name: 'Change to Titan' }).click();
    await toast(page, 'Tier changed to Titan').waitFor();
    await expect
      .poll(() => page.getByTestId('downgraded-badge').textContent())
      .toBe('Downgraded from Monarch');
    expect(await lower.count()).toBe(0);

    await acceptOffer(page, NAME);

    // Staff activate; the waiting screen turns into the welcome by itself.
    await staff.activate(basicId, { cardLast4: '4242', tracking: 'RN123456789GB' });
    await page
      .getByRole('heading', { level: 1, name: `Welcome to Waj, ${NAME}` })
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await page.getByTestId('member-tier').textContent()).toBe('Titan');
    expect(await page.getByTestId('card-number').textContent()).toBe('•••• •••• •••• 4242');
    expect(await page.getByTestId('tracking-number').textContent()).toBe('RN123456789GB');

    await page.getByRole('link', { name: 'Access Account Portal' }).click();
    await waitForPath(page, '/account');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await expect
      .poll(() => page.getByTestId('account-card').textContent())
      .toBe('•••• •••• •••• 4242');
    expect(await page.getByTestId('account-tier').textContent()).toBe('Titan');
    expect(await page.getByTestId('account-status').textContent()).toBe('Active');
    // Only the last four digits ever reach the page.
    expect(await page.getByRole('main').textContent()).not.toMatch(/\d{5,}/);
  });
});
