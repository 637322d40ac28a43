import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A local stand-in for Veriff (see shared/integrations/veriff.md): it creates sessions the way
 * Veriff does, refusing a wrong API key or signature, and sends the app decision, event and
 * watchlist webhooks signed with the test secret exactly as Veriff signs them (hex HMAC-SHA256
 * over the raw body). The signing here is written out independently of the app's own code,
 * so a mistake there cannot hide itself.
 */
export const FAKE_VERIFF_API_KEY = 'fake-veriff-api-key';
export const FAKE_VERIFF_SECRET = 'fake-veriff-shared-secret-for-tests';

export interface FakeVeriffSession {
  id: string;
  url: string;
  vendorData: unknown;
  callback: unknown;
  person: unknown;
}

/** Where webhooks go: an app in the same process (inject) or a running server's base URL. */
export type WebhookTarget = FastifyInstance | string;

export interface Delivery {
  status: number;
  body: string;
  /** The exact bytes sent, to replay them. */
  raw: string;
}

export interface SendOptions {
  /** Sign with this secret instead of the test one. */
  secret?: string;
  /** Send this header value as is; null sends no signature at all. */
  signature?: string | null;
}

export type DecisionStatus =
  'approved' | 'declined' | 'resubmission_requested' | 'expired' | 'abandoned' | 'review';

const DECISION_CODES: Record<DecisionStatus, number> = {
  approved: 9001,
  declined: 9102,
  resubmission_requested: 9103,
  expired: 9104,
  abandoned: 9104,
  review: 9121,
};

export function sign(body: string, secret = FAKE_VERIFF_SECRET): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FakeVeriff {
  baseUrl: string;
  /** Sessions created, oldest first. */
  sessions: FakeVeriffSession[];
  /** Session requests refused for a wrong key or signature. */
  refused: number;
  /** Make the next N session requests fail with a 500. */
  failNext(count?: number): void;
  /** The app's environment for talking to this fake. */
  env(): Record<string, string>;
  send(
    target: WebhookTarget,
    path: string,
    body: unknown,
    options?: SendOptions,
  ): Promise<Delivery>;
  decision(
    target: WebhookTarget,
    session: { id: string; vendorData?: unknown },
    status: DecisionStatus,
    extra?: { decisionTime?: string; country?: string; pepSanctionMatch?: unknown },
    options?: SendOptions,
  ): Promise<Delivery>;
  event(
    target: WebhookTarget,
    session: { id: string; vendorData?: unknown },
    action: 'started' | 'submitted',
    options?: SendOptions,
  ): Promise<Delivery>;
  watchlist(
    target: WebhookTarget,
    vendorData: string,
    result: {
      matchStatus: 'possible_match' | 'no_match';
      pep?: boolean;
      sanctions?: boolean;
      adverseMedia?: boolean;
      attemptId?: string;
      checkType?: 'initial_result' | 'updated_result';
    },
    options?: SendOptions,
  ): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startFakeVeriff(): Promise<FakeVeriff> {
  const sessions: FakeVeriffSession[] = [];
  let refused = 0;
  let failures = 0;

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/sessions') {
      return reply(404, { status: 'fail', message: 'Not found' });
    }
    const signature = request.headers['x-hmac-signature'];
    if (request.headers['x-auth-client'] !== FAKE_VERIFF_API_KEY || signature !== sign(raw)) {
      refused++;
      return reply(401, {
        status: 'fail',
        code: '1102',
        message: 'Mandatory X-HMAC-SIGNATURE header containing the SHA256 hash of the payload.',
      });
    }
    if (failures > 0) {
      failures--;
      return reply(500, { status: 'fail', message: 'Internal error' });
    }
    const verification = (JSON.parse(raw) as { verification?: Record<string, unknown> })
      .verification;
    const id = randomUUID();
    const url = `https://alchemy.veriff.com/v/${id}`;
    sessions.push({
      id,
      url,
      vendorData: verification?.vendorData,
      callback: verification?.callback,
      person: verification?.person,
    });
    return reply(201, {
      status: 'success',
      verification: {
        id,
        url,
        vendorData: verification?.vendorData,
        host: 'https://alchemy.veriff.com',
        status: 'created',
        sessionToken: 'eyJ.fake.token',
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function send(
    target: WebhookTarget,
    path: string,
    body: unknown,
    options: SendOptions = {},
  ): Promise<Delivery> {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature =
      options.signature === undefined ? sign(raw, options.secret) : options.signature;
    if (signature !== null) headers['x-hmac-signature'] = signature;
    if (typeof target === 'string') {
      const res = await fetch(new URL(path, target), { method: 'POST', headers, body: raw });
      return { status: res.status, body: await res.text(), raw };
    }
    const res = await target.inject({ method: 'POST', url: path, headers, payload: raw });
    return { status: res.statusCode, body: res.body, raw };
  }

  return {
    baseUrl,
    sessions,
    get refused() {
      return refused;
    },
    failNext(count = 1) {
      failures = count;
    },
    env: () => ({
      KYC_PROVIDER: 'veriff',
      VERIFF_API_KEY: FAKE_VERIFF_API_KEY,
      VERIFF_SHARED_SECRET: FAKE_VERIFF_SECRET,
      VERIFF_BASE_URL: baseUrl,
    }),
    send,
    decision(target, session, status, extra = {}, options = {}) {
      const vendorData =
        session.vendorData ?? sessions.find((s) => s.id === session.id)?.vendorData;
      return send(
        target,
        '/api/veriff-webhook',
        {
          status: 'success',
          verification: {
            id: session.id,
            attemptId: randomUUID(),
            vendorData,
            status,
            code: DECISION_CODES[status],
            reason: status === 'declined' ? 'Physical document not used' : null,
            reasonCode: status === 'declined' ? 102 : null,
            decisionTime: extra.decisionTime ?? new Date().toISOString(),
            acceptanceTime: new Date().toISOString(),
            person: {
              firstName: 'Amelia',
              lastName: 'Hart',
              dateOfBirth: '1985-04-12',
              nationality: 'GB',
              pepSanctionMatch: extra.pepSanctionMatch ?? null,
            },
            document: {
              type: 'PASSPORT',
              number: '123456789',
              country: extra.country ?? 'GB',
              validUntil: '2031-01-01',
            },
            riskLabels: [],
            // A field this app has never heard of: parsing must not care.
            additionalVerifiedData: { somethingNew: true },
          },
          technicalData: { ip: '203.0.113.7' },
        },
        options,
      );
    },
    event(target, session, action, options = {}) {
      const vendorData =
        session.vendorData ?? sessions.find((s) => s.id === session.id)?.vendorData;
      return send(
        target,
        '/api/veriff-event-webhook',
        {
          id: session.id,
          attemptId: randomUUID(),
          feature: 'selfid',
          code: action === 'started' ? 7001 : 7002,
          action,
          vendorData,
        },
        options,
      );
    },
    watchlist(target, vendorData, result, options = {}) {
      const listings = {
        pep: result.pep ? [{ sourceName: 'UK PEP list', sourceUrl: null, date: null }] : [],
        sanctions: result.sanctions
          ? [{ sourceName: 'HM Treasury sanctions', sourceUrl: null, date: null }]
          : [],
        adverseMedia: result.adverseMedia
          ? [{ sourceName: 'News archive', sourceUrl: null, date: null }]
          : [],
        warnings: [],
        fitnessProbity: [],
      };
      const possible = result.matchStatus === 'possible_match';
      return send(
        target,
        '/api/veriff-watchlist-webhook',
        {
          checkType: result.checkType ?? 'initial_result',
          attemptId: result.attemptId ?? randomUUID(),
          vendorData,
          endUserId: null,
          matchStatus: result.matchStatus,
          searchTerm: { name: 'Amelia Hart', year: '1985' },
          totalHits: possible ? 1 : 0,
          createdAt: new Date().toISOString(),
          hits: possible
            ? [
                {
                  matchedName: 'Amelia Hart',
                  countries: ['GB'],
                  dateOfBirth: '1985',
                  dateOfDeath: null,
                  matchTypes: ['name_exact'],
                  aka: [],
                  associates: [],
                  listingsRelatedToMatch: listings,
                },
              ]
            : [],
        },
        options,
      );
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
