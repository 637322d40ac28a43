import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 667 };
const SENT = "Thank you for contacting us. We'll respond within 2-3 business days.";

const poll = <T>(read: () => T | Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });

const field = (page: Page, name: 'Name' | 'Email' | 'Message') =>
  page.getByRole('textbox', { name, exact: true });
const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const isFocused = (page: Page, name: 'Name' | 'Email' | 'Message') =>
  field(page, name).evaluate((el) => el === document.activeElement);

/** Opens /contact and records every request the page makes to the contact API. */
async function openContact(options: Parameters<typeof openPage>[0] = {}) {
  const page = await openPage(options);
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/contact') requests.push(request);
  });
  await page.goto('/contact');
  await send(page).waitFor();
  return { page, requests };
}

/** The message under a field, found the way assistive technology finds it. */
async function errorOf(page: Page, name: 'Name' | 'Email' | 'Message'): Promise<string | null> {
  const input = field(page, name);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`#${errorId}`).textContent() : null;
}

async function fillValid(page: Page, message = 'I would like to know more about Titan.') {
  await field(page, 'Name').fill('Amelia Hart');
  await field(page, 'Email').fill('amelia.hart@example.com');
  await field(page, 'Message').fill(message);
}

describe('contact form validation', () => {
  it("shows SPEC's messages on submit, focuses the first invalid field and sends nothing", async () => {
    const { page, requests } = await openContact();
    await send(page).click();

    await poll(() => errorOf(page, 'Name')).toBe('Name must be at least 2 characters');
    expect(await errorOf(page, 'Email')).toBe('Please enter a valid email address');
    expect(await errorOf(page, 'Message')).toBe('Message is required');
    expect(await isFocused(page, 'Name')).toBe(true);

    // Whitespace is trimmed before the rules apply.
    await field(page, 'Name').fill('  J  ');
    await field(page, 'Message').fill('   ');
    await send(page).click();
    await poll(() => errorOf(page, 'Name')).toBe('Name must be at least 2 characters');
    expect(await errorOf(page, 'Message')).toBe('Message is required');

    await field(page, 'Name').fill('x'.repeat(121));
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Message').fill('y'.repeat(3001));
    await send(page).click();
    await poll(() => errorOf(page, 'Name')).toBe('Name must be less than 120 characters');
    expect(await errorOf(page, 'Email')).toBe('Please enter a valid email address');
    expect(await errorOf(page, 'Message')).toBe('Message must be less than 3000 characters');
    expect(await page.getByText('3001 / 3000').count()).toBe(1);

    await field(page, 'Email').fill(`${'a'.repeat(250)}@example.com`);
    await send(page).click();
    await poll(() => errorOf(page, 'Email')).toBe('Email must be less than 255 characters');

    expect(requests).toHaveLength(0);
  });

  it('re-validates as the visitor types once submitted', async () => {
    const { page } = await openContact();
    // Before the first submit, typing shows nothing.
    await field(page, 'Name').fill('J');
    expect(await errorOf(page, 'Name')).toBeNull();

    await send(page).click();
    await poll(() => errorOf(page, 'Name')).toBe('Name must be at least 2 characters');
    await field(page, 'Name').pressSequentially('o');
    await poll(() => errorOf(page, 'Name')).toBeNull();
    await field(page, 'Email').fill('amelia@');
    await poll(() => errorOf(page, 'Email')).toBe('Please enter a valid email address');
    await field(page, 'Email').fill('amelia@example.com');
    await poll(() => errorOf(page, 'Email')).toBeNull();
  });
});

describe('contact honeypot', () => {
  it('is hidden from people, and when filled nothing is sent but the visitor sees success', async () => {
    const { page, requests } = await openContact();
    const trap = page.locator('input[name="website"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect(await page.getByLabel(/website/i).count()).toBe(1);
    // Off-screen: entirely left of the viewport.
    const box = await trap.boundingBox();
    expect(box !== null && box.x + box.width <= 0).toBe(true);

    await fillValid(page);
    await trap.fill('https://spam.example');
    await send(page).click();

    await page.getByTestId('contact-sent').waitFor();
    await toast(page, 'Message Sent').waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('');
    // The success above is shown once the submit handler has finished: a request it made
    // would already have been seen.
    expect(requests).toHaveLength(0);
  });
});

describe('contact submission', () => {
  it('sends the message, shows the alert and toast, and resets the form', async () => {
    const { page, requests } = await openContact();
    // The page's own clock, so that the toast's 5 seconds are not waited for.
    await page.clock.install();
    await fillValid(page, '  Please call me about Monarch membership.  ');
    expect(await page.getByText('44 / 3000').count()).toBe(1);

    // Hold the answer briefly to see the busy button.
    await page.route('**/api/contact', async (route) => {
      await new Promise((done) => setTimeout(done, 400));
      await route.continue();
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await send(page).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);

    const response = await answered;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { ok: boolean; id?: string };
    expect(body.ok).toBe(true);
    expect(typeof body.id).toBe('string');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.postDataJSON()).toEqual({
      name: 'Amelia Hart',
      email: 'amelia.hart@example.com',
      message: 'Please call me about Monarch membership.',
      website: '',
    });

    const alert = page.getByTestId('contact-sent');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Message Sent');
    expect(await alert.textContent()).toContain(SENT);
    const sent = toast(page, 'Message Sent');
    await sent.waitFor();
    expect(await sent.textContent()).toContain(SENT);
    for (const name of ['Name', 'Email', 'Message'] as const) {
      expect(await field(page, name).inputValue()).toBe('');
    }
    expect(await page.getByText('0 / 3000').count()).toBe(1);

    // SPEC §8: the toast resets after 5 seconds, not before.
    await page.clock.runFor(4_500);
    expect(await sent.count()).toBe(1);
    await page.clock.runFor(1_500);
    await sent.waitFor({ state: 'detached' });
  });

  it('brings the confirmation into view after Send on a phone', async () => {
    const { page } = await openContact({ viewport: PHONE });
    await fillValid(page, 'A question about my card.');
    await send(page).click();
    const alert = page.getByTestId('contact-sent');
    await alert.waitFor();
    await poll(() =>
      alert.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).toBe(true);
  });

  it('shows a server failure in an alert and a destructive toast, keeping what was typed', async () => {
    const { page } = await openContact({
      allowConsole: [/Failed to load resource: the server responded with a status of 500/],
    });
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
    );
    await fillValid(page);
    await send(page).click();

    await alertWith(page, 'Failed to send message').waitFor();
    const failed = toast(page, 'Failed to send message');
    await failed.waitFor();
    expect(await failed.getAttribute('data-type')).toBe('error');
    expect(await field(page, 'Name').inputValue()).toBe('Amelia Hart');
    expect(await send(page).isEnabled()).toBe(true);
  });

  it("shows the server's own error text, and its field messages under the fields", async () => {
    const { page } = await openContact({
      allowConsole: [/Failed to load resource: the server responded with a status of 4\d\d/],
    });
    let status = 429;
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify(
          status === 429
            ? { ok: false, error: 'Too many requests. Please try again later.' }
            : {
                ok: false,
                error: 'Invalid input',
                details: { email: 'Please enter a valid email address' },
              },
        ),
      }),
    );
    await fillValid(page);
    await send(page).click();
    await alertWith(page, 'Too many requests. Please try again later.').waitFor();
    await toast(page, 'Too many requests. Please try again later.').waitFor();

    status = 400;
    await send(page).click();
    await poll(() => errorOf(page, 'Email')).toBe('Please enter a valid email address');
    expect(await isFocused(page, 'Email')).toBe(true);
  });

  it('falls back to a general message when the server cannot be reached', async () => {
    const { page } = await openContact({ allowConsole: [/net::ERR_FAILED/] });
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await fillValid(page);
    await send(page).click();
    await alertWith(page, 'An error occurred. Please try again.').waitFor();
    await toast(page, 'An error occurred. Please try again.').waitFor();
  });
});

describe('contact form rules', () => {
  it('are fetched on first use; when they cannot be, Send says so and sends nothing', async () => {
    const { page, requests } = await openContact({ allowConsole: [/net::ERR_FAILED/] });
    // The rules are not part of the page's scripts: they come with the validation library.
    let offline = true;
    let refused = 0;
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      if (offline && (await response.text()).includes('ZodError')) {
        refused += 1;
        return route.abort('failed');
      }
      return route.fulfill({ response });
    });
    await fillValid(page);
    await send(page).click();
    await alertWith(page, 'An error occurred. Please try again.').waitFor();
    expect(refused).toBeGreaterThan(0);
    expect(requests).toHaveLength(0);
    expect(await field(page, 'Name').inputValue()).toBe('Amelia Hart');

    offline = false;
    await send(page).click();
    await page.getByTestId('contact-sent').waitFor();
    expect(requests).toHaveLength(1);
  });
});

describe('contact details', () => {
  it('lists the e-mail, hours, reply time and locations, without sideways scroll on a phone', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto('/contact');
    const details = page.getByRole('region', { name: 'Other ways to reach us' });
    await details.waitFor();
    expect(
      await details.getByRole('link', { name: 'support@waj.co.uk' }).getAttribute('href'),
    ).toBe('mailto:support@waj.co.uk');
    const text = await details.textContent();
    expect(text).toContain('Monday to Friday, 9am to 5pm (UK time)');
    expect(text).toContain('2-3 business days');
    expect(text).toContain('Physical locations coming soon.');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});
