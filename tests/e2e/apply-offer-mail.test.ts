import { describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { applicantCall, seedApplicant } from './helpers/applicant.ts';
import { waitForPath } from './helpers/journey.ts';
import { serverWithMail } from './helpers/mail-server.ts';

const { openPage } = launchBrowser();

/** Its own server with a real SMTP listener, so the test reads the mails an applicant gets. */
const own = serverWithMail();

/** The address seedApplicant gave the application (its details step). */
async function emailOf(applicant: Awaited<ReturnType<typeof seedApplicant>>) {
  const stage = await applicantCall<{ email: string }>(applicant, 'apply-get-stage', {});
  return stage.email;
}

describe('the offer e-mail', () => {
  it("'Review your offer' opens the offer on another device with no session, fee and all", async () => {
    const applicant = await seedApplicant(own.server.baseURL, 'tier_offer', { tier: 'titan' });
    const email = await emailOf(applicant);
    const mail = await own.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Your Waj offer',
    );
    expect(mail.text).toContain('Monthly fee: £19.99 a month.');
    const link = mail.links.find((href) => href.includes('/apply/review?sid='));
    expect(link).toBeDefined();

    // A phone that never saw the application: no cookies, nothing stored.
    const phone = await openPage({
      baseURL: own.server.baseURL,
      viewport: { width: 390, height: 844 },
    });
    expect(await phone.context().cookies()).toEqual([]);
    await phone.goto(link!);
    await waitForPath(phone, '/apply/offer');
    await phone.getByTestId('offer-tier').filter({ hasText: 'Titan' }).waitFor();
    expect(await phone.getByTestId('offer-fee').textContent()).toBe('Monthly fee: £19.99 a month');

    // Signed there: the applicant gets a copy of what they signed, and staff hear of it.
    await phone.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await phone.getByRole('textbox', { name: 'Full legal name' }).fill('Amelia Hart');
    await phone.getByRole('button', { name: 'Accept Offer' }).click();
    await waitForPath(phone, '/apply/activate');
    const copy = await own.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Your signed Waj offer',
    );
    expect(copy.text).toContain('Tier: Titan');
    expect(copy.text).toContain('Monthly fee: £19.99 a month');
    expect(copy.text).toMatch(/Signed: \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} (GMT|BST)/);
    expect(copy.text).toContain('Terms of Membership: version of ');
    const notice = await own.smtp.waitFor(
      (m) => m.subject === 'Offer accepted (Titan): Amelia Hart',
    );
    expect(notice.to).not.toContain(email);
  });
});
