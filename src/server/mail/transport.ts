import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailTransport = {
  /** Resolves only once the server has accepted the message; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Resolves once the server answers a new connection (and accepts the sign-in); rejects
   * otherwise. The worker asks this while mail waits for the server to come back.
   */
  verify?(): Promise<void>;
  /** Closes the connections it keeps open; nothing can be sent afterwards. */
  close?(): void;
};

/**
 * Connections kept open to the SMTP server, and so how many mails the worker sends at once
 * (MailWorkerOptions.concurrency): a handshake per mail would cost more than the mail.
 */
export const SMTP_CONNECTIONS = 5;

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    // nodemailer's defaults (2 min to connect, 10 min of socket silence) would outlast the
    // outbox lease, letting another instance claim a mail still being sent.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    dnsTimeout: 10_000,
    // Our bodies are built from templates, but a mail must never be able to read local files
    // or fetch URLs as attachments or embedded content.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
      });
      // With one recipient a refusal already rejects, but never count a partial refusal as sent.
      if (info.rejected.length > 0) throw new Error('Recipient rejected by the SMTP server');
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}
