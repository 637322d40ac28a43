import { afterAll, beforeAll } from 'vitest';
import { startBuiltServer, type RunningServer } from './server.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp.ts';

/**
 * A test file's own built server delivering to a real SMTP listener, so the test reads the
 * mails an applicant gets and opens their links (the server's public URL is its own address).
 * Started before the file's tests and stopped after them; read the fields inside tests.
 */
export function serverWithMail(): { server: RunningServer; smtp: SmtpCapture } {
  const own = {} as { server: RunningServer; smtp: SmtpCapture };
  beforeAll(async () => {
    own.smtp = await startSmtpCapture();
    own.server = await startBuiltServer({ SMTP_URL: own.smtp.url }, { ownPublicUrl: true });
  });
  afterAll(async () => {
    await own.server?.stop();
    await own.smtp?.close();
  });
  return own;
}
