import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueMagicLink, SPENT_LINK_NOTES } from '#server/applicant/magic-link.ts';
import { applications, emailOutbox, magicLinks } from '#server/db/schema.ts';
import { startMailWorker, type MailWorker } from '#server/mail/outbox.ts';
import { resumeLinkMail } from '#server/mail/templates/resume-link.ts';
import type { OutgoingMail } from '#server/mail/transport.ts';
import { applySession } from '#server/services/apply-session.ts';
import { LINK_EXPIRED_MESSAGE } from '#shared/schemas/journey.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * A copy of a sent e-mail in `email_outbox` stops holding a sign-in link once the link is used,
 * has expired or a newer one replaced it: whoever reads the database later finds a note, not a
 * way in. Mail not yet sent goes out exactly as written.
 */

let t: TestApp;
const workers: MailWorker[] = [];
const delivered: OutgoingMail[] = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: 'https://waj.example' });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await t?.close();
});

/** Delivers every pending mail now, as the outbox worker does with a real SMTP server. */
async function sendPendingMail() {
  const worker = startMailWorker({
    db: t.ctx.db,
    transport: { send: async (mail) => void delivered.push(mail) },
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    pollIntervalMs: 3_600_000,
  });
  workers.push(worker);
  while ((await worker.drainOnce()) > 0);
}

async function newApplication(email: string) {
  const [row] = await t.ctx.db
    .insert(applications)
    .values({ source: 'invite', stage: 'detailed', email, fullName: 'Mary Somerville' })
    .returning({ id: applications.id });
  return row!.id;
}

/** A resume link e-mailed with the product's template, as `apply-magic-link` sends it. */
async function emailLink(applicationId: string, email: string) {
  const issued = await t.ctx.db.transaction((tx) =>
    issueMagicLink(tx, {
      applicationId,
      secret: t.ctx.secrets.sessionSecret,
      publicUrl: t.env.PUBLIC_URL,
      mail: ({ url }) => ({
        to: email,
        template: 'apply_magic_link.resume_link',
        ...resumeLinkMail({ fullName: 'Mary Somerville', url, validFor: '24 hours' }),
      }),
    }),
  );
  const sid = new URL(issued.url).searchParams.get('sid')!;
  return { ...issued, sid };
}

async function mail(id: string) {
  const [row] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

const redeem = (sid: string) =>
  t.app.inject({ method: 'POST', url: '/api/apply-session', payload: { sid } });

function expectScrubbed(row: { text: string; html: string | null }, sid: string, note: string) {
  for (const body of [row.text, row.html ?? '']) {
    expect(body).not.toContain(sid);
    expect(body).not.toContain(sid.split('.')[2]);
    expect(body).not.toMatch(/\/apply\/review\?sid=/);
    expect(body).toContain(note);
    // The rest of the mail is as it was.
    expect(body).toContain('Dear Mary Somerville,');
    expect(body).toContain('Here is your personal link to continue your membership application.');
  }
}

function expectIntact(row: { text: string; html: string | null }, url: string) {
  expect(row.text).toContain(url);
  expect(row.html).toContain(`href="${url}"`);
}

describe('sent e-mails stop holding spent sign-in links', () => {
  it('a used link is removed from the sent mail that carried it', async () => {
    const appId = await newApplication('used@example.com');
    const link = await emailLink(appId, 'used@example.com');
    await sendPendingMail();
    expect((await mail(link.emailId)).status).toBe('sent');
    expectIntact(await mail(link.emailId), link.url);

    const res = await redeem(link.sid);
    expect(res.statusCode).toBe(200);

    const row = await mail(link.emailId);
    expectScrubbed(row, link.sid, SPENT_LINK_NOTES.used);
    expect(row.subject).toBe('Continue your application');
    expect(row.status).toBe('sent');
  });

  it('a newer link replaces the older one in its sent mail; the new mail goes out intact', async () => {
    const appId = await newApplication('newer@example.com');
    const older = await emailLink(appId, 'newer@example.com');
    await sendPendingMail();

    const newer = await emailLink(appId, 'newer@example.com');
    expectScrubbed(await mail(older.emailId), older.sid, SPENT_LINK_NOTES.replaced);
    const pending = await mail(newer.emailId);
    expect(pending.status).toBe('pending');
    expectIntact(pending, newer.url);

    await sendPendingMail();
    const out = delivered.find((m) => m.text.includes(newer.sid));
    expect(out?.to).toBe('newer@example.com');
    expect(out?.html).toContain(`href="${newer.url}"`);
    // Sent, live and not replaced: our copy keeps it until it is used or expires.
    expectIntact(await mail(newer.emailId), newer.url);

    expect((await redeem(newer.sid)).statusCode).toBe(200);
    expectScrubbed(await mail(newer.emailId), newer.sid, SPENT_LINK_NOTES.used);
  });

  it('an expired link is removed when it is refused for its expiry', async () => {
    const appId = await newApplication('late@example.com');
    const link = await emailLink(appId, 'late@example.com');
    await sendPendingMail();

    const later = new Date(link.expiresAt.getTime() + 60_000);
    await expect(
      applySession(t.ctx.db, {
        sid: link.sid,
        secret: t.ctx.secrets.sessionSecret,
        ip: '127.0.0.1',
        now: later,
      }),
    ).rejects.toMatchObject({ message: LINK_EXPIRED_MESSAGE });

    expectScrubbed(await mail(link.emailId), link.sid, SPENT_LINK_NOTES.expired);
    const [row] = await t.ctx.db
      .select({ emailId: magicLinks.emailId })
      .from(magicLinks)
      .where(eq(magicLinks.applicationId, appId));
    expect(row!.emailId).toBeNull();
  });

  it('mail still waiting to be sent keeps its link, and goes out with it', async () => {
    const appId = await newApplication('waiting@example.com');
    const link = await emailLink(appId, 'waiting@example.com');
    expect((await redeem(link.sid)).statusCode).toBe(200);

    const row = await mail(link.emailId);
    expect(row.status).toBe('pending');
    expectIntact(row, link.url);
    await sendPendingMail();
    expect(delivered.find((m) => m.text.includes(link.sid))?.to).toBe('waiting@example.com');
  });
});
