import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAdmin, seriousAxeViolations } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { toast } from './helpers/journey.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';
import { startSmtpCapture, type SmtpCapture } from './helpers/smtp.ts';

const { openPage } = launchBrowser();

/** While true the mail server refuses every recipient. */
let refusing = true;
let smtp: SmtpCapture;
let server: RunningServer;
beforeAll(async () => {
  smtp = await startSmtpCapture({ refusing: () => refusing });
  // One attempt: the first refusal sets the mail aside, as twelve would over five hours.
  server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '1' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const outbox = async () =>
  (
    (await (await fetch(`${server.baseURL}/healthz/detail`)).json()) as {
      mail: { pending: number; failed: number };
    }
  ).mail;

describe('mail that could not be delivered', () => {
  it('shows on the dashboard with its last error, and goes out when staff retry it', async () => {
    // A retried run starts with the mail server refusing again.
    refusing = true;
    // A contact message queues the staff notification; the mail server refuses it.
    const sent = await fetch(`${server.baseURL}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Foxtrot Visitor',
        email: 'foxtrot@example.com',
        message: 'Please call me back.',
      }),
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(async () => expect((await outbox()).failed).toBe(1), {
      timeout: 15_000,
      interval: 100,
    });

    const page = await openAdmin(openPage, { baseURL: server.baseURL });
    const notice = page.getByRole('region', { name: 'E-mail not delivered' });
    await notice.getByText('1 e-mail could not be sent after repeated attempts.').waitFor();

    await notice.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: 'E-mail not delivered' });
    await review.getByText('To staff@waj.co.uk').waitFor();
    await review.getByText(/550: .*Mailbox unavailable/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });

    // The cause is fixed; staff send it again, after confirming.
    refusing = false;
    await notice.getByRole('button', { name: 'Retry all' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send 1 e-mail again?' });
    await confirm.getByRole('button', { name: 'Retry all' }).click();
    await toast(page, 'E-mails queued again').waitFor();
    await notice.waitFor({ state: 'detached' });

    const delivered = await smtp.waitFor((mail) => mail.to.includes('staff@waj.co.uk'));
    expect(delivered.text).toContain('Foxtrot Visitor');
    // The mail server has the message before the worker records it as sent.
    await vi.waitFor(async () => expect(await outbox()).toMatchObject({ pending: 0, failed: 0 }), {
      timeout: 5_000,
      interval: 50,
    });
  });
});
