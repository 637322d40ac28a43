import fc from 'fast-check';
import { text as readText } from 'node:stream/consumers';
import type { InjectOptions } from 'fastify';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { isStaffRoute, routeTable, UPLOAD_ROUTES, type RouteEntry } from '#server/app.ts';
import { applications, kycFiles } from '#server/db/schema.ts';
import type { TestApp } from './app.ts';
import { IDENTITY_DETAILS } from './identity.ts';
import { MAINTENANCE_RETRY_AFTER_S } from '#server/http/spa.ts';

/**
 * Requests an attacker would try, over every route of the app's route table: hostile values
 * in every field the API knows, bodies that are not what their content type says, multipart
 * forms without, with a wrong, or with a cut-short boundary, broken URL escapes and over-long
 * path parameters, with no credentials, forged ones and real ones. Shared by the integration
 * test (a few thousand requests) and `npm run bench` (many more).
 */

/** Every field name of the API's calls: the fuzzer aims at the ones handlers read. */
const FIELDS = [
  'code',
  'full_name',
  'fullName',
  'email',
  'phone',
  'reason',
  'website',
  'name',
  'message',
  'sid',
  'annual_income',
  'employment_status',
  'pep_exposed',
  'card_tier_pref',
  // apply-details' identity data (CONTRACT §8): the address is an object of the next four.
  'date_of_birth',
  'address',
  'line1',
  'line2',
  'town',
  'postcode',
  'basic_id',
  'action',
  'chosen_tier',
  'esign_name',
  'passphrase',
  'count',
  'issued_to',
  'tier',
  'pricing_note',
  'card_shipment_tracking',
  'card_last4',
  'mobile_access_enabled',
  'file_id',
  'notes',
  'status',
  'page',
  'pageSize',
  'stage',
  'veriff_decision',
  'veriff_status',
  'pep_filter',
  'sanctions_filter',
  'query',
  'id',
  'ids',
  'table',
  'kind',
  'enabled',
  'slug',
  'title',
  'html',
  'type',
  'all',
  'verification',
  'sessionId',
  'attemptId',
  'feature',
  '__proto__',
  'constructor',
] as const;

/** Values that made real servers fail: NUL, lone surrogates, huge and odd numbers, wrong types. */
const NASTY_STRINGS = [
  '\u0000',
  'Ada\u0000Lovelace',
  'a@b.co\u0000',
  '\ud800',
  '%',
  '%E0%A4%A',
  "'; drop table applications; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '0x10',
  '1e400',
  '-1',
  'NaN',
  'null',
  'all',
  '',
  ' ',
  '\r\n\r\n',
  '7K3Q-M9XT-B2HF',
  'ada@example.com',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
  'é'.repeat(2100),
] as const;

/** The ids of real records, so handlers get past "not found" now and then. */
export interface FuzzSeeds {
  staffToken: string;
  applicantToken: string;
  applicationId: string;
  kycFileId: string;
}

const jsonValue = (seeds: FuzzSeeds): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...NASTY_STRINGS),
    fc.constantFrom<unknown>(seeds.applicationId, seeds.kycFileId, 'noir', 'elite', 'accept'),
    // Real identity data now and then, so apply-details gets past its schema to the database.
    fc.constantFrom<unknown>(
      IDENTITY_DETAILS.date_of_birth,
      IDENTITY_DETAILS.address,
      IDENTITY_DETAILS.address.postcode,
      ' sw1a1aa ',
      '2001-02-30',
      '9999-12-31',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.constantFrom<unknown>(0, -0, -1, 1, 2.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.uuid()), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );

const jsonObject = (seeds: FuzzSeeds) =>
  fc.dictionary(fc.constantFrom(...FIELDS), jsonValue(seeds), { maxKeys: 8 });

const PNG_HEAD = '\x89PNG\r\n\x1a\n';

/** A multipart body: well formed, wrong boundary, no boundary, cut short, or garbage. */
const multipart = fc
  .record({
    variant: fc.constantFrom(
      'ok',
      'wrong-boundary',
      'no-boundary',
      'truncated',
      'garbage',
      'empty',
    ),
    field: fc.constantFrom('file', 'type', 'tier', 'other', '__proto__'),
    value: fc.constantFrom('document', 'selfie', 'noir', 'standard', '\u0000', ''),
    content: fc.constantFrom(PNG_HEAD, '%PDF-1.4', '<svg xmlns="http://www.w3.org/2000/svg"/>', ''),
  })
  .map(({ variant, field, value, content }) => {
    const b = 'fuzzboundary';
    const form =
      `--${b}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n${content}\r\n--${b}--\r\n`;
    const type = `multipart/form-data; boundary=${b}`;
    switch (variant) {
      case 'ok':
        return { type, body: form };
      case 'wrong-boundary':
        return { type: 'multipart/form-data; boundary=other', body: form };
      case 'no-boundary':
        return { type: 'multipart/form-data', body: form };
      case 'truncated':
        return { type, body: form.slice(0, Math.floor(form.length / 2)) };
      case 'garbage':
        return { type, body: '--\r\n\u0000\u0000--' };
      default:
        return { type, body: '' };
    }
  });

type Body = { type: string | undefined; body: string | undefined };

const body = (seeds: FuzzSeeds): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: jsonObject(seeds).map((o) => ({
        type: 'application/json',
        body: JSON.stringify(o),
      })),
    },
    {
      weight: 1,
      arbitrary: jsonValue(seeds).map((v) => ({
        type: 'application/json',
        body: JSON.stringify(v) ?? 'null',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,', '{"email":"\\ud800"}', '\u0000', '{"a":1}garbage', '')
        .map((raw) => ({ type: 'application/json', body: raw })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'image/png',
        )
        .map((type) => ({ type, body: 'email=a%40b.co&name=Ada' })),
    },
    { weight: 2, arbitrary: multipart },
    { weight: 1, arbitrary: fc.constant<Body>({ type: undefined, body: undefined }) },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        type: 'application/json',
        body: JSON.stringify({ message: 'x'.repeat(70_000) }),
      }),
    },
  );

const pathParam = fc.oneof(
  fc.constantFrom(
    '%E0%A4%A',
    '%',
    '%00',
    'a%2Fb',
    '..',
    'maintenance_mode',
    'invite_mode',
    'x'.repeat(600),
    '\u00e9',
  ),
  fc.uuid(),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** Credentials by kind; the real ones are read when the request is sent (see fuzzApp). */
const AUTH_KINDS = [
  'none',
  'staff',
  'bearer',
  'applicant',
  'cookie',
  'forged-staff',
  'odd-session',
  'broken-cookie',
] as const;
type AuthKind = (typeof AUTH_KINDS)[number];

function authHeaders(kind: AuthKind, seeds: FuzzSeeds): Record<string, string> {
  switch (kind) {
    case 'staff':
      return { 'x-admin-pass': seeds.staffToken };
    case 'bearer':
      return { authorization: `Bearer ${seeds.staffToken}` };
    case 'applicant':
      return { 'x-session-token': seeds.applicantToken };
    case 'cookie':
      return { cookie: `waj_session=${seeds.applicantToken}` };
    case 'forged-staff':
      return { 'x-admin-pass': 'forged-token' };
    case 'odd-session':
      return { 'x-session-token': '\u00e9\u00e9' };
    case 'broken-cookie':
      return { cookie: 'waj_session=%E0%A4%A; other=1' };
    default:
      return {};
  }
}

function fillPath(url: string, params: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z_]+|\*/g, () => params[i++ % params.length] ?? 'x');
}

export interface FuzzRequest {
  route: RouteEntry;
  auth: AuthKind;
  /** Everything but the credentials, which are added when the request is sent. */
  options: InjectOptions;
}

/**
 * Mostly the credentials a route wants, so most requests get past the guard to the handler;
 * any kind at all the rest of the time.
 */
function authFor(route: RouteEntry): fc.Arbitrary<AuthKind> {
  const fitting: AuthKind[] = isStaffRoute(route.url)
    ? ['staff', 'bearer']
    : route.url.startsWith('/api/apply-') || route.url === '/api/activation'
      ? ['applicant', 'cookie']
      : ['none'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fitting) },
    { weight: 1, arbitrary: fc.constantFrom(...AUTH_KINDS) },
  );
}

export function requestArbitrary(routes: readonly RouteEntry[], seeds: FuzzSeeds) {
  return fc
    .constantFrom(...routes)
    .chain((route) =>
      fc.record({
        route: fc.constant(route),
        wrongMethod: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
        params: fc.array(pathParam, { minLength: 1, maxLength: 3 }),
        query: fc.option(
          fc.constantFrom(
            '?sid=%E0%A4%A',
            '?founder=1',
            '?a=\u0000',
            '?page=-1&pageSize=1e9',
            '?x=' + 'y'.repeat(500),
          ),
          { nil: '' },
        ),
        auth: authFor(route),
        body: body(seeds),
      }),
    )
    .map(({ route, wrongMethod, params, query, auth, body: b }): FuzzRequest => {
      const method = wrongMethod ? (route.method === 'GET' ? 'DELETE' : 'GET') : route.method;
      const withBody = method !== 'GET' && method !== 'DELETE';
      return {
        route,
        auth,
        options: {
          method: method as InjectOptions['method'],
          url: fillPath(route.url, params) + query,
          headers: {
            ...(withBody && b.type ? { 'content-type': b.type } : {}),
            // As the product's client sends uploads, so forms reach the multipart parser.
            ...(UPLOAD_ROUTES.has(route.url) ? { 'x-requested-with': 'waj' } : {}),
          },
          ...(withBody && b.body !== undefined ? { payload: b.body } : {}),
        },
      };
    });
}

/** What no answer may contain: framework codes, stack frames, SQL, file paths. */
const LEAKS: [string, RegExp][] = [
  ['a framework error code', /FST_[A-Z_]+/],
  ['a stack frame', /\n\s+at\s|\bat\s+\S+\s+\(\S+:\d+:\d+\)/],
  ['SQL text', /\b(select\s.+\sfrom|insert\s+into|update\s+\S+\s+set|failed query)\b/i],
  ['a file path', /\/(work|home|tmp|usr|src\/server|node_modules)\//],
];

export interface Answer {
  statusCode: number;
  contentType: string;
  body: string;
  /** The Retry-After header, if any. */
  retryAfter?: string;
}

/**
 * A page asked for while the site is in maintenance: 503 with Retry-After, by design (decision
 * 042). The fuzzer's own staff calls can switch maintenance on, so pages may answer this.
 */
function isMaintenancePage(url: string, res: Answer): boolean {
  return (
    !url.startsWith('/api/') &&
    res.statusCode === 503 &&
    res.retryAfter === String(MAINTENANCE_RETRY_AFTER_S) &&
    res.contentType.startsWith('text/html')
  );
}

/** Everything wrong with one answer; empty when it is fine. */
export function problemsWith(request: FuzzRequest, res: Answer): string[] {
  const problems: string[] = [];
  const url = String(request.options.url);
  if (res.statusCode >= 500 && !isMaintenancePage(url, res)) {
    problems.push(`answered ${res.statusCode}`);
  }
  const text = res.body;
  const looksJson = /application\/json/.test(res.contentType);
  if (url.startsWith('/api/') && res.statusCode >= 400) {
    if (!looksJson) problems.push('error answer is not JSON');
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        problems.push('error answer is not valid JSON');
      }
      const o = parsed as Record<string, unknown> | undefined;
      if (o) {
        const extra = Object.keys(o).filter((k) => !['ok', 'error', 'details'].includes(k));
        if (o.ok !== false) problems.push('error answer without ok: false');
        if (typeof o.error !== 'string' || !o.error)
          problems.push('error answer without a message');
        if (extra.length) problems.push(`error answer with extra keys ${extra.join(',')}`);
        if (o.details !== undefined) {
          const d = o.details as Record<string, unknown>;
          if (
            typeof d !== 'object' ||
            d === null ||
            Object.values(d).some((v) => typeof v !== 'string')
          ) {
            problems.push('details is not a map of messages');
          }
        }
      }
    }
  }
  // Refusals are where internals leak; a page or a legal document may well say "select" (the
  // cookie policy does), also when maintenance serves it as a 503 by design.
  if (res.statusCode >= 400 && !isMaintenancePage(url, res)) {
    for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`leaks ${what}`);
  }
  return problems;
}

/** Seeds real records so some requests reach deep into handlers. */
export async function seedFuzzTargets(t: TestApp): Promise<FuzzSeeds> {
  const staffToken = await t.staffToken();
  return t.ctx.db.transaction(async (tx) => {
    const [app] = await tx
      .insert(applications)
      .values({
        source: 'invite',
        stage: 'detailed',
        fullName: 'Fuzz Target',
        email: 'fuzz@example.com',
      })
      .returning({ id: applications.id });
    const session = await createApplicantSession(tx, app!.id);
    const [file] = await tx
      .insert(kycFiles)
      .values({
        applicationId: app!.id,
        type: 'document',
        storageKey: 'kyc/missing.png',
        contentType: 'image/png',
        fileSize: 1,
        sha256: '0'.repeat(64),
      })
      .returning({ id: kycFiles.id });
    return {
      staffToken,
      applicantToken: session.token,
      applicationId: app!.id,
      kycFileId: file!.id,
    };
  });
}

export interface FuzzResult {
  requests: number;
  byStatus: Record<number, number>;
  failures: { request: string; status: number; problems: string[]; body: string }[];
}

/**
 * Sends one request. A live event stream never ends, so its answer is taken as soon as its
 * head is written: a refusal is read whole, an open stream is only checked by its head.
 */
async function send(t: TestApp, request: FuzzRequest, seeds: FuzzSeeds): Promise<Answer> {
  const headers = { ...authHeaders(request.auth, seeds), ...(request.options.headers ?? {}) };
  const streaming = /events$/.test(request.route.url);
  const res = await t.app.inject({ ...request.options, headers, payloadAsStream: streaming });
  const contentType = String(res.headers['content-type'] ?? '');
  const retryAfter = res.headers['retry-after'];
  if (!streaming) {
    return {
      statusCode: res.statusCode,
      contentType,
      body: res.body,
      ...(retryAfter === undefined ? {} : { retryAfter: String(retryAfter) }),
    };
  }
  const stream = res.stream();
  if (res.statusCode === 200 && contentType.startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, contentType, body: '' };
  }
  return { statusCode: res.statusCode, contentType, body: await readText(stream) };
}

/** Sends `runs` generated requests; signing out revokes the seeded tokens, so new ones are made. */
export async function fuzzApp(t: TestApp, runs: number, seed?: number): Promise<FuzzResult> {
  const routes = routeTable(t.app);
  if (routes.length === 0) throw new Error('fuzzApp: the route table is empty');
  const seeds = await seedFuzzTargets(t);
  const result: FuzzResult = { requests: 0, byStatus: {}, failures: [] };
  const samples = fc.sample(requestArbitrary(routes, seeds), {
    numRuns: runs,
    ...(seed === undefined ? {} : { seed }),
  });
  for (const request of samples) {
    const res = await send(t, request, seeds);
    result.requests++;
    result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
    const problems = problemsWith(request, res);
    if (problems.length) {
      result.failures.push({
        request: [
          request.options.method,
          String(request.options.url).slice(0, 120),
          request.auth,
          JSON.stringify(request.options.headers),
          String(request.options.payload ?? '').slice(0, 200),
        ].join(' '),
        status: res.statusCode,
        problems,
        body: res.body.slice(0, 300),
      });
    }
    if (request.route.url === '/api/admin-signout' && res.statusCode === 200) {
      seeds.staffToken = await t.staffToken();
    }
    if (request.route.url === '/api/apply-signout' && res.statusCode === 200) {
      const session = await t.ctx.db.transaction((tx) =>
        createApplicantSession(tx, seeds.applicationId),
      );
      seeds.applicantToken = session.token;
    }
  }
  return result;
}
