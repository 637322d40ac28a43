import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP listener for e2e tests: the server under test delivers to it through its own
 * outbox and SMTP transport (SMTP_URL), exactly as in production, and the test reads what an
 * applicant would find in their inbox. The MIME reading covers what nodemailer writes
 * (multipart/alternative, quoted-printable or base64, encoded-word subjects), nothing more.
 */

export interface CapturedMail {
  /** Envelope sender and recipients, as the SMTP conversation gave them. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every link in the HTML part (decoded hrefs), then any bare URL in the text part. */
  links: string[];
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>` for the server's SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** The first mail (received so far or later) that matches; fails after `timeoutMs`. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

type Headers = Map<string, string>;

/** Splits a MIME entity into its (unfolded, lower-cased) headers and body. */
function splitEntity(entity: string): { headers: Headers; body: string } {
  const end = entity.search(/\r?\n\r?\n/);
  const head = end < 0 ? entity : entity.slice(0, end);
  const body = end < 0 ? '' : entity.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function decodeQuotedPrintable(value: string): Buffer {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

/** The text/plain and text/html parts, however deeply nested. */
function collectParts(entity: string, found: { text: string; html: string }): void {
  const { headers, body } = splitEntity(entity);
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) found.html ||= decoded;
  else if (/^text\/plain/i.test(type)) found.text ||= decoded;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { headers } = splitEntity(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  const hrefs = [...parts.html.matchAll(/href="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''));
  const bare = [...parts.text.matchAll(/https?:\/\/[^\s<>")]+/g)].map((m) => m[0]);
  return {
    ...envelope,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.text,
    html: parts.html,
    links: [...new Set([...hrefs, ...bare])],
    raw,
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());

export interface SmtpCaptureOptions {
  /** While this says true, every recipient is refused (550), as a mail server in trouble. */
  refusing?: () => boolean;
}

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // Plain SMTP on loopback: no certificate for the client to distrust.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.refusing?.()) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        callback();
      });
    },
  });
  // A client dropping the connection is not the test's concern.
  server.on('error', () => {});
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(match: (mail: CapturedMail) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = mails.map((mail) => `${mail.to.join(', ')}: ${mail.subject}`).join('\n  ');
        throw new Error(`no matching e-mail within ${timeoutMs / 1000} s; received:\n  ${seen}`);
      }
      await sleep(100);
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
