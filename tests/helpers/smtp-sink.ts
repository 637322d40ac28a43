import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it. */
export interface SinkMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  /** Every message accepted so far, in the order the sink accepted them. */
  received: SinkMail[];
  /** Stops listening and drops open connections, as a mail server going down. */
  stop(): Promise<void>;
  /** Listens again on the same port, as the server coming back. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** A reply code to refuse a recipient with (e.g. 451, 550), or null to accept it. */
  refuse?: (address: string) => number | null;
  /** Called with each accepted message, e.g. to queue more mail at a chosen moment. */
  onMail?: (mail: SinkMail) => void;
  /** Keep each message's text (default true); a bench only counts. */
  keepRaw?: boolean;
}

/**
 * A plain SMTP server on loopback that accepts everything (or refuses recipients as told) and
 * keeps what it got: the mail worker's tests and bench send to it over real SMTP.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: SinkMail[] = [];
  const keepRaw = options.keepRaw ?? true;
  let server: SMTPServer | null = null;
  let port = 0;

  async function listen() {
    const smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Connections still open on stop() are cut at once, not after 30 s.
      closeTimeout: 1,
      onRcptTo(address, _session, callback) {
        const code = options.refuse?.(address.address) ?? null;
        if (code === null) return callback();
        callback(
          Object.assign(new Error(`Refused by the test sink (${code})`), { responseCode: code }),
        );
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          if (keepRaw) chunks.push(chunk);
        });
        stream.on('end', () => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          received.push(mail);
          options.onMail?.(mail);
          callback();
        });
      },
    });
    // A client dropping its connection is not the test's concern.
    smtp.on('error', () => {});
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  }

  async function stop() {
    const smtp = server;
    server = null;
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    stop,
    async start() {
      if (!server) await listen();
    },
    close: stop,
  };
}
