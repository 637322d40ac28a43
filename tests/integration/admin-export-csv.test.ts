import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { auditLog, contactMessages, eoiRequests } from '#server/db/schema.ts';
import { DATABASE_UNAVAILABLE } from '#server/errors.ts';
import { EXPORT_BATCH_SIZE } from '#server/services/admin-export-csv.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { parseCsv } from '../helpers/csv.ts';

let t: TestApp;
let token: string;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
  staffId = await t.staffTokenId(token);
});
afterAll(async () => {
  await t?.close();
});

const exportCsv = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin-export-csv',
    payload: payload as object,
    headers: { 'x-admin-pass': token },
  });

const today = () => new Date().toISOString().slice(0, 10);
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const EOI_HEADER = ['Date', 'Name', 'Email', 'Phone', 'Reason', 'Status', 'ID'];

/** How the file dates a record: UK time with its offset, '2025-06-01T13:05:07.123+01:00'. */
function ukTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3);
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${ms}${offset}`;
}

const exportAudits = (action: string) =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

describe('admin-export-csv', () => {
  let tricky: (typeof eoiRequests.$inferSelect)[];
  beforeAll(async () => {
    tricky = await t.ctx.db
      .insert(eoiRequests)
      .values([
        {
          fullName: 'Lovelace, Ada',
          email: 'ada@example.com',
          phone: '+44 20 7946 0000',
          reason: 'She said "hi"\r\nand left',
          createdAt: ago(1 * HOUR),
        },
        {
          fullName: "=cmd|' /C calc'!A0",
          email: 'evil@example.com',
          reason: "@SUM(1+1)*cmd|' /C calc'!A0",
          status: 'reviewed',
          createdAt: ago(2 * HOUR),
        },
        {
          fullName: '-2+3',
          email: '\tTab@example.com',
          reason: '\rCR first',
          status: 'archived',
          createdAt: ago(3 * HOUR),
        },
        {
          fullName: 'Plain Person',
          email: 'plain@example.com',
          phone: '07700 900000',
          reason: 'Line one\nLine two',
          createdAt: ago(4 * HOUR),
        },
      ])
      .returning();
  });

  const expectedRecords = () => [
    [
      ukTime(tricky[0]!.createdAt),
      'Lovelace, Ada',
      'ada@example.com',
      "'+44 20 7946 0000",
      'She said "hi"\r\nand left',
      'new',
      tricky[0]!.id,
    ],
    [
      ukTime(tricky[1]!.createdAt),
      "'=cmd|' /C calc'!A0",
      'evil@example.com',
      '',
      "'@SUM(1+1)*cmd|' /C calc'!A0",
      'reviewed',
      tricky[1]!.id,
    ],
    [
      ukTime(tricky[2]!.createdAt),
      "'-2+3",
      "'\tTab@example.com",
      '',
      "'\rCR first",
      'archived',
      tricky[2]!.id,
    ],
    [
      ukTime(tricky[3]!.createdAt),
      'Plain Person',
      'plain@example.com',
      '07700 900000',
      'Line one\nLine two',
      'new',
      tricky[3]!.id,
    ],
  ];

  it('downloads every EOI request newest first as RFC 4180 CSV, formulas neutralised', async () => {
    const res = await exportCsv({ table: 'eoi_requests' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="eoi-export-${today()}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    // EF BB BF: the UTF-8 byte order mark, then the header.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith('\uFEFFDate,Name,Email,Phone,Reason,Status,ID\r\n')).toBe(true);
    // Quotes doubled, fields with a comma or line break quoted, a formula only as text.
    expect(res.body).toContain('"Lovelace, Ada"');
    expect(res.body).toContain('"She said ""hi""\r\nand left"');
    expect(res.body).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(parseCsv(res.body)).toEqual([EOI_HEADER, ...expectedRecords()]);
  });

  it('records who exported which inbox with which filter', async () => {
    const before = (await exportAudits('eoi_request.export')).length;
    await exportCsv({ table: 'eoi_requests', status: 'new', query: 'plain' });
    await exportCsv({ table: 'eoi_requests', status: 'all', query: '' });
    const audits = (await exportAudits('eoi_request.export')).slice(before);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorType: 'staff',
      actorId: staffId,
      targetType: 'eoi_requests',
      targetId: null,
      // Whether there was a search, never what it was: it can be someone's name (CONTRACT §6).
      after: { table: 'eoi_requests', status: 'new', query_set: true },
    });
    expect(audits[1]!.after).toEqual({ table: 'eoi_requests', status: null, query_set: false });
  });

  it('applies the same status and search filters as the list', async () => {
    const records = async (payload: object) => {
      const res = await exportCsv({ table: 'eoi_requests', ...payload });
      expect(res.statusCode).toBe(200);
      const [header, ...rest] = parseCsv(res.body);
      expect(header).toEqual(EOI_HEADER);
      return rest;
    };
    const [ada, evil, tab, plain] = expectedRecords();
    expect(await records({ status: 'new' })).toEqual([ada, plain]);
    expect(await records({ query: 'CMD|' })).toEqual([evil]);
    expect(await records({ query: 'tab@' })).toEqual([tab]);
    expect(await records({ query: 'plain', status: 'new' })).toEqual([plain]);
    expect(await records({ query: 'plain', status: 'archived' })).toEqual([]);
    expect(await records({ query: '%' })).toEqual([]);
  });

  it('exports contact messages with their own columns and file name', async () => {
    const [message] = await t.ctx.db
      .insert(contactMessages)
      .values({
        name: 'Emmy Noether',
        email: 'emmy@example.com',
        message: '+1 call me, "soon"\nplease',
        status: 'reviewed',
      })
      .returning();
    const res = await exportCsv({ table: 'contact_messages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="contact-export-${today()}.csv"`,
    );
    expect(parseCsv(res.body)).toEqual([
      ['Date', 'Name', 'Email', 'Message', 'Status', 'ID'],
      [
        ukTime(message!.createdAt),
        'Emmy Noether',
        'emmy@example.com',
        `'+1 call me, "soon"\nplease`,
        'reviewed',
        message!.id,
      ],
    ]);
    const empty = await exportCsv({ table: 'contact_messages', status: 'new' });
    expect(empty.body).toBe('\uFEFFDate,Name,Email,Message,Status,ID\r\n');
  });

  it('refuses a bad request as JSON before any CSV, and records no export', async () => {
    const before = await t.ctx.db.$count(auditLog);
    const table = 'Please choose EOI requests or contact messages';
    const cases: [unknown, string, string][] = [
      [{ table: 'applications' }, 'table', table],
      [{}, 'table', table],
      [{ table: 'eoi_requests', status: 'deleted' }, 'status', 'Please choose a valid status'],
      [
        { table: 'eoi_requests', query: 'x'.repeat(300) },
        'query',
        'Search must be less than 255 characters',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await exportCsv(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({ ok: false, error: message, details: { [field]: message } });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin-export-csv',
      payload: { table: 'eoi_requests' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await t.ctx.db.$count(auditLog)).toBe(before);
  });
});

describe('admin-export-csv at volume', () => {
  const BULK = 5000;
  beforeAll(async () => {
    // Microseconds apart, in pairs with the same instant: a cursor that kept only a JS Date's
    // milliseconds, or broke ties without the id, would skip or repeat rows here.
    await t.ctx.db.execute(sql`
      insert into eoi_requests (full_name, email, status, created_at)
      select 'Bulk ' || lpad(i::text, 5, '0'), 'bulk' || i || '@example.com',
             (array['new', 'reviewed', 'archived'])[1 + i % 3],
             timestamptz '2024-03-01 12:00:00+00' + (i / 2) * interval '1 microsecond'
      from generate_series(1, ${BULK}) as i`);
  });

  const bulkNames = (records: string[][]) =>
    records.map((r) => r[1]!).filter((name) => name.startsWith('Bulk '));

  it('streams every row exactly once, newest first', async () => {
    const res = await exportCsv({ table: 'eoi_requests' });
    expect(res.statusCode).toBe(200);
    const [, ...records] = parseCsv(res.body);
    const total = await t.ctx.db.$count(eoiRequests);
    expect(records).toHaveLength(total);
    const names = bulkNames(records);
    expect(names).toHaveLength(BULK);
    expect(new Set(names).size).toBe(BULK);
    // Bulk rows are the oldest, and newer numbers are newer (ties aside).
    expect(records.slice(-BULK).map((r) => r[1])).toEqual(names);
    const numbers = names.map((n) => Number(n.slice(5)));
    for (let i = 1; i < numbers.length; i++) {
      expect(Math.floor(numbers[i - 1]! / 2)).toBeGreaterThanOrEqual(Math.floor(numbers[i]! / 2));
    }
  });

  it('streams a large filtered export complete', async () => {
    const res = await exportCsv({ table: 'eoi_requests', status: 'archived', query: 'BULK' });
    const [, ...records] = parseCsv(res.body);
    const [expected] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eoiRequests)
      .where(and(eq(eoiRequests.status, 'archived'), sql`${eoiRequests.fullName} like 'Bulk %'`));
    expect(records).toHaveLength(expected!.n);
    expect(records.every((r) => r[5] === 'archived' && r[1]!.startsWith('Bulk '))).toBe(true);
    expect(new Set(bulkNames(records)).size).toBe(expected!.n);
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    // fetch's text() drops a byte order mark; the export's own bytes are what a user saves.
    const bytesAsText = async (res: Response) =>
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());

    const download = (headers: Record<string, string> = {}) =>
      fetch(`${base}/api/admin-export-csv`, {
        method: 'POST',
        headers: { 'x-admin-pass': token, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ table: 'eoi_requests' }),
      });

    it('is sent as a stream, not a buffered file', async () => {
      const res = await download();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const [, ...records] = parseCsv(await bytesAsText(res));
      expect(records).toHaveLength(await t.ctx.db.$count(eoiRequests));
    });

    it('breaks the download, and logs, when the database fails mid-stream', async () => {
      const real = t.ctx.db;
      // The first batch (and the audit row) succeed; the next read of the inbox fails once the
      // client has the headers and the first rows. Uncompressed, so those are sent at once.
      let clientHasStarted!: () => void;
      const started = new Promise<void>((resolve) => (clientHasStarted = resolve));
      t.ctx.db = failingReads(real, eoiRequests, 1, started);
      const logged = vi.spyOn(t.app.log, 'error');
      try {
        const res = await download({ 'accept-encoding': 'identity' });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        clientHasStarted();
        // Not a shorter file that looks complete: the transfer itself fails.
        await expect(res.text()).rejects.toThrow();
      } finally {
        t.ctx.db = real;
      }
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ table: 'eoi_requests', rowsSent: EXPORT_BATCH_SIZE }),
        'CSV export failed',
      );
      // The server carries on.
      const again = await download();
      expect(parseCsv(await bytesAsText(again)).length).toBe(
        (await t.ctx.db.$count(eoiRequests)) + 1,
      );
    });

    it('answers a JSON error when the database fails before anything was sent', async () => {
      const real = t.ctx.db;
      // Compressed, the first batch (about 8 KB of gzip, less than one 16 KB zlib output chunk)
      // is still inside the compressor when the second read fails: nothing has been sent.
      t.ctx.db = failingReads(real, eoiRequests, 1);
      try {
        const res = await download({ 'accept-encoding': 'gzip' });
        // A lost connection is the database's moment, not the request's fault: 503, retry.
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).not.toBeNull();
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(res.headers.get('content-disposition')).toBeNull();
        expect(await res.json()).toEqual({ ok: false, error: DATABASE_UNAVAILABLE });
      } finally {
        t.ctx.db = real;
      }
    });

    it('answers a JSON error, and records no export, when the database fails at once', async () => {
      const real = t.ctx.db;
      const before = (await exportAudits('eoi_request.export')).length;
      t.ctx.db = failingReads(real, eoiRequests, 0);
      try {
        const res = await download();
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await res.json()).toEqual({ ok: false, error: DATABASE_UNAVAILABLE });
      } finally {
        t.ctx.db = real;
      }
      expect(await exportAudits('eoi_request.export')).toHaveLength(before);
    });
  });
});

/**
 * The database as the app sees it, except that reads of `table` after the first `okReads`
 * fail as a dropped connection would, once `failAfter` settles. Everything else passes through.
 */
function failingReads(
  db: Db,
  table: object,
  okReads: number,
  failAfter: Promise<void> = Promise.resolve(),
): Db {
  let reads = 0;
  const bind = (target: object, value: unknown) =>
    typeof value === 'function' ? value.bind(target) : value;
  // Stands in for a query builder: every step returns it, awaiting it fails.
  const failing: object = new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop !== 'then') return () => failing;
        return (onFulfilled: () => unknown, onRejected: (error: unknown) => unknown) =>
          failAfter
            .then(() => {
              throw new Error('Connection terminated unexpectedly');
            })
            .then(onFulfilled, onRejected);
      },
    },
  );
  return new Proxy(db, {
    get(target, prop) {
      // Without its pool the export reads in keyset batches, where reads can be made to fail
      // (on PostgreSQL too); the COPY path's failures are tested on a real connection below.
      if (prop === '$client') return undefined;
      const value = Reflect.get(target, prop);
      if (prop !== 'select') return bind(target, value);
      return (...args: unknown[]) => {
        const builder = (value as (...a: unknown[]) => object).apply(target, args);
        return new Proxy(builder, {
          get(b, p) {
            const member = Reflect.get(b, p);
            if (p !== 'from') return bind(b, member);
            return (from: object, ...rest: unknown[]) =>
              from === table && ++reads > okReads
                ? failing
                : (member as (...a: unknown[]) => unknown).call(b, from, ...rest);
          },
        });
      };
    },
  });
}
