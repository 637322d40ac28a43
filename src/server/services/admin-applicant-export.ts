import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { COMPANY } from '#shared/company.ts';
import { describePeriod, retentionRule } from '#shared/retention.ts';
import { fromProvedAddress } from '../applicant/erase.ts';
import { CONFIDENTIAL_AUDIT_ACTIONS, writeAudit, type Actor } from '../audit.ts';
import { queryRows, type Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../storage/storage.ts';

type Row = Record<string, unknown>;

/**
 * The tables of `applicant.json` in the order a reader meets them, each with the query for one
 * applicant's rows. `to_jsonb` gives every column under its database name, so a column added
 * later is exported without a change here; what is left out is left out by name: secrets that
 * would let someone act as the applicant (token and signature hashes), the mail bodies (they are
 * files of their own) and anything that is somebody else's (see invite_codes).
 */
const TABLES: readonly { name: string; rows: (id: string) => SQL }[] = [
  {
    name: 'applications',
    rows: (id) => sql`select to_jsonb(t) as row from applications t where t.id = ${id}`,
  },
  {
    name: 'application_details',
    rows: (id) =>
      sql`select to_jsonb(t) as row from application_details t where t.application_id = ${id}`,
  },
  {
    name: 'applicant_sessions',
    rows: (id) => sql`select to_jsonb(t) - 'token_hash' as row from applicant_sessions t
      where t.application_id = ${id} order by t.created_at, t.id`,
  },
  {
    name: 'magic_links',
    rows: (id) => sql`select to_jsonb(t) - 'signature_hash' - 'email_hash' as row
      from magic_links t where t.application_id = ${id} order by t.created_at, t.id`,
  },
  {
    // A code issued for one application can be redeemed by another, and a personal code can be
    // forwarded: the other application's id and the address it was sent to are not this
    // applicant's, so they are kept only where they are theirs.
    name: 'invite_codes',
    rows: (id) => sql`select to_jsonb(t) || jsonb_build_object(
        'issued_application_id', case when t.issued_application_id = ${id} then t.issued_application_id end,
        'used_by_application_id', case when t.used_by_application_id = ${id} then t.used_by_application_id end,
        'issued_to', case when t.issued_application_id = ${id}
          or lower(t.issued_to) = (select lower(a.email) from applications a where a.id = ${id})
          then t.issued_to end
      ) as row
      from invite_codes t
      where t.issued_application_id = ${id} or t.used_by_application_id = ${id}
      order by t.issued_at, t.id`,
  },
  {
    // Theirs by link, or sent from their address once they have proved it is theirs.
    name: 'eoi_requests',
    rows: (id) => sql`select to_jsonb(t) as row from eoi_requests t
      where t.application_id = ${id} or (t.application_id is null and ${fromProvedAddress(id)})
      order by t.created_at, t.id`,
  },
  {
    name: 'contact_messages',
    rows: (id) => sql`select to_jsonb(t) as row from contact_messages t
      where ${fromProvedAddress(id)} order by t.created_at, t.id`,
  },
  {
    name: 'kyc_files',
    rows: (id) => sql`select to_jsonb(t) as row from kyc_files t
      where t.application_id = ${id} order by t.uploaded_at, t.id`,
  },
  {
    name: 'identity_checks',
    rows: (id) => sql`select to_jsonb(t) as row from identity_checks t
      where t.application_id = ${id} order by t.created_at, t.id`,
  },
  // Screening alerts are left out on purpose: telling someone they were matched with a sanctions
  // list, or what compliance thinks of it, may tip them off (POCA 2002 s. 333A); the crime and
  // taxation exemption of the DPA 2018 (Sch. 2 para. 2) covers withholding them.
  {
    name: 'identity_check_events',
    rows: (id) => sql`select to_jsonb(t) as row from identity_check_events t
      where t.identity_check_id in (select c.id from identity_checks c where c.application_id = ${id})
      order by t.received_at, t.dedupe_key`,
  },
  {
    name: 'offers',
    rows: (id) => sql`select to_jsonb(t) as row from offers t
      where t.application_id = ${id} order by t.issued_at, t.id`,
  },
  {
    name: 'activations',
    rows: (id) => sql`select to_jsonb(t) as row from activations t where t.application_id = ${id}`,
  },
  {
    name: 'email_outbox',
    rows: (id) => sql`select to_jsonb(t) - 'text_body' - 'html_body' as row from email_outbox t
      where t.application_id = ${id} order by t.created_at, t.id`,
  },
  {
    name: 'erasure_requests',
    rows: (id) => sql`select to_jsonb(t) as row from erasure_requests t
      where t.application_id = ${id} order by t.requested_at, t.id`,
  },
  {
    // Staff's notes on the case, with who wrote them (CONTRACT §9).
    name: 'case_notes',
    rows: (id) => sql`select to_jsonb(t) || jsonb_build_object('author',
        (select m.name from staff_members m where m.id = t.author_id)) as row
      from case_notes t where t.application_id = ${id} order by t.created_at, t.id`,
  },
];

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return (await queryRows<{ row: Row }>(db, query)).map((r) => r.row);
}

/** `waj-applicant-<basic_id>.zip`. */
export function applicantExportFileName(applicationId: string): string {
  return `waj-applicant-${applicationId}.zip`;
}

/** One entry of the ZIP, opened only when the archive is ready to take it. */
interface Entry {
  name: string;
  date: Date;
  /** Already-compressed files (photos, PDFs) are stored as they are. */
  store?: boolean;
  open: () => Promise<Buffer | Readable>;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
const dateOf = (value: unknown, fallback: Date) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : fallback;
/** Names inside the ZIP are ours, but templates and types are kept to a safe alphabet anyway. */
const safe = (value: unknown) => String(value).replace(/[^A-Za-z0-9_.-]+/g, '_');

/**
 * `admin-applicant-export` (CONTRACT §6, subject access): everything held on one applicant as a
 * ZIP. The rows are read and the export audited before anything is sent, so an unknown id is an
 * ordinary 404. The archive is then produced one entry at a time, each opened only when the
 * previous one is written, and only as fast as the client reads: identity files come through
 * FileStorage as streams, so neither the ZIP nor any file is ever whole in memory. A failure
 * after the first byte cannot change the status any more: it is logged (ids only) and the stream
 * errors, which aborts the response, so the download is visibly broken rather than short.
 */
export async function adminApplicantExport(options: {
  db: Db;
  storage: FileStorage;
  applicationId: string;
  actor: Actor & { type: 'staff' };
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<{ fileName: string; stream: Readable }> {
  const { db, storage, applicationId: id, log } = options;
  const now = options.now ?? new Date();

  const [application] = await rowsOf(db, TABLES[0]!.rows(id));
  if (!application) throw new AppError('not_found', 'Application not found');
  const erasedAt = application['erased_at'];

  // Once erased, what is held is the tombstone (CONTRACT §6): nothing else is exported.
  const tables: Record<string, Row[]> = { applications: [application] };
  if (!erasedAt) {
    for (const table of TABLES.slice(1)) tables[table.name] = await rowsOf(db, table.rows(id));
  }
  const files = tables['kyc_files'] ?? [];
  const emails = tables['email_outbox'] ?? [];

  await writeAudit(db, {
    actor: options.actor,
    action: 'application.export',
    target: { type: 'application', id },
    applicationId: id,
    after: { files: files.length, emails: emails.length },
  });

  const entries: Entry[] = [
    { name: 'README.txt', date: now, open: async () => Buffer.from(readme(id, now, erasedAt)) },
    { name: 'applicant.json', date: now, open: async () => json(tables) },
  ];
  for (const file of files) {
    const key = String(file['storage_key']);
    entries.push({
      name: `files/${safe(file['id'])}-${safe(file['type'])}.${safe(key.slice(key.lastIndexOf('.') + 1))}`,
      date: dateOf(file['uploaded_at'], now),
      store: true,
      open: () => storage.getStream(key),
    });
  }
  emails.forEach((mail, i) => {
    const base = `emails/${i + 1}-${safe(mail['template'])}`;
    const date = dateOf(mail['created_at'], now);
    // Read when its entry is reached, once for both files.
    let body: Promise<MailBody> | undefined;
    const bodyOf = () => (body ??= mailBody(db, String(mail['id'])));
    entries.push({ name: `${base}.txt`, date, open: async () => mailText(mail, await bodyOf()) });
    entries.push({
      name: `${base}.html`,
      date,
      open: async () => Buffer.from((await bodyOf()).html_body ?? ''),
    });
  });
  entries.push({
    name: 'timeline.json',
    date: now,
    // The audit trail holds no personal data; staff members' addresses (ip) are not the
    // applicant's, so only the applicant's own are kept. Screening and escalation steps are
    // left out, like the alerts and escalations themselves: telling a person they were matched
    // against a list or reported would be tipping-off (POCA 2002 s.333A; decision 077).
    open: async () =>
      json(
        await rowsOf(
          db,
          sql`select to_jsonb(t) || jsonb_build_object(
              'ip', case when t.actor_type = 'applicant' then t.ip end) as row
            from audit_log t where t.application_id = ${id}
              and not (t.action like any (${`{${CONFIDENTIAL_AUDIT_ACTIONS.join(',')}}`}::text[]))
            order by t.at, t.id`,
        ),
      ),
  });

  // A small buffer: what the client has not read yet waits in the producer, not in memory.
  const archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: 64 * 1024 });
  void produce(archive, entries).catch((error: unknown) => {
    log.error({ err: error, application_id: id }, 'Applicant export failed');
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: applicantExportFileName(id), stream: archive };
}

/**
 * Appends the entries one by one, each after the previous one is written (archiver reads every
 * appended stream at once otherwise, which would open every stored file together). Stops when
 * the archive closes early: the client left, or an error destroyed it.
 */
async function produce(archive: ZipArchive, entries: Entry[]): Promise<void> {
  let closed = false;
  archive.once('close', () => {
    closed = true;
  });
  for (const entry of entries) {
    if (closed) return;
    const source = await entry.open();
    // An entry with nothing to say (a mail without an HTML body) is left out.
    if (Buffer.isBuffer(source) && source.length === 0) continue;
    if (closed) {
      if (!Buffer.isBuffer(source)) source.destroy();
      return;
    }
    const written = entryWritten(archive);
    archive.append(source, { name: entry.name, date: entry.date, store: entry.store ?? false });
    try {
      if (!(await written)) return;
    } finally {
      // A stream read to its end is closed already; one the archive stopped reading (the
      // client left, or an error) is closed here, so no file or connection is left open.
      if (!Buffer.isBuffer(source)) source.destroy();
    }
  }
  await archive.finalize();
}

/** True once the archive has taken the entry, false when it closed first; rejects on error. */
function entryWritten(archive: ZipArchive): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const done = (result: boolean | Error) => {
      archive.off('entry', onEntry).off('close', onClose).off('error', onError);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onEntry = () => done(true);
    const onClose = () => done(false);
    const onError = (error: Error) => done(error);
    archive.on('entry', onEntry).on('close', onClose).on('error', onError);
  });
}

type MailBody = { text_body: string; html_body: string | null };

async function mailBody(db: Db, id: string): Promise<MailBody> {
  const [body] = await queryRows<MailBody>(
    db,
    sql`select text_body, html_body from email_outbox where id = ${id}`,
  );
  // Gone since the export began (erased meanwhile): nothing more to say.
  return body ?? { text_body: '', html_body: null };
}

function mailText(mail: Row, body: MailBody): Buffer {
  const sentAt = mail['sent_at'];
  const erasedAt = mail['body_erased_at'];
  const text = erasedAt
    ? `The text of this e-mail was deleted on ${String(erasedAt)}: we keep the text of e-mails we send for ${describePeriod(retentionRule('mail_bodies').period)}.\n`
    : body.text_body;
  return Buffer.from(
    [
      `To: ${String(mail['to_address'])}`,
      `Subject: ${String(mail['subject'])}`,
      sentAt ? `Sent: ${String(sentAt)}` : `Not sent (status: ${String(mail['status'])})`,
      '',
      text,
    ].join('\n'),
  );
}

function readme(id: string, now: Date, erasedAt: unknown): string {
  const lines = [
    `${COMPANY.legalName}: the personal data we hold about application ${id}`,
    `Exported on ${now.toISOString()} (UTC).`,
    '',
  ];
  if (erasedAt) {
    lines.push(
      `This application's personal data was erased on ${String(erasedAt)}. What we still hold is`,
      'its tombstone (the application id, the stage it reached, its dates and why it was erased),',
      'in applicant.json, and the record of what happened to it, without personal data, in',
      'timeline.json.',
    );
  } else {
    lines.push(
      'What is in this file:',
      '',
      '- applicant.json: every record we hold about the application, by database table, with the',
      '  column names the database uses. Security secrets (hashes of sign-in tokens and links)',
      '  are left out: they cannot be read back and would only serve to sign in.',
      '- files/: the identity documents and selfies uploaded, as stored.',
      '- emails/: each e-mail sent to or about the applicant, as text (and as HTML when it had',
      '  an HTML version).',
      '- timeline.json: the record of everything that happened to the application, oldest first.',
    );
  }
  lines.push('', `Questions: ${COMPANY.privacyEmail}`, '');
  return lines.join('\n');
}
