import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { applications } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import {
  YENTE_BATCH_SIZE,
  YENTE_UNAVAILABLE_MESSAGE,
  yenteProvider,
} from '#server/screening/yente.ts';
import type { ScreeningAlert, ScreeningMatch } from '#shared/schemas/screening.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeYente, type FakeYente } from '../helpers/fake-yente.ts';

/**
 * SCREENING_PROVIDER=yente (CONTRACT §8): the search and the applicant's screening go to a
 * yente service (a fake on loopback, answering in yente's documented shape) instead of the
 * built-in matcher, with the same calls and the same alerts.
 */

let yente: FakeYente;
let t: TestApp;
let compliance: string;
const logLines: string[] = [];

beforeAll(async () => {
  yente = await startFakeYente();
  t = await createTestApp(
    { RATE_LIMIT_SCALE: '0', SCREENING_PROVIDER: 'yente', YENTE_URL: yente.url },
    { logLines },
  );
  compliance = await t.staffToken('compliance');
});
afterAll(async () => {
  await t?.close();
  await yente?.close();
});
afterEach(() => {
  yente.failWith(null);
  yente.hang(false);
});

function staffCall(url: string, payload: object, token = compliance) {
  return t.app.inject({ method: 'POST', url, headers: { 'x-admin-pass': token }, payload });
}

const search = (payload: object) => staffCall('/api/admin-screening-search', payload);

describe('admin-screening-search through yente', () => {
  it("answers the service's matches in the contract's shape, best first", async () => {
    yente.requests.length = 0;
    const res = await search({
      name: 'Aleksandr Ivanovich Testov',
      date_of_birth: '1961-04-12',
      nationality: 'Russia',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ ok: true; matches: ScreeningMatch[] }>();
    expect(body).toEqual({
      ok: true,
      matches: [
        {
          list: 'opensanctions',
          entry_id: 'NK-fake-testov',
          name: 'Aleksandr Ivanovich Testov',
          matched_name: 'Aleksandr Ivanovich Testov',
          score: 1,
          kind: 'sanctions',
          dates_of_birth: ['1961-04-12'],
          nationalities: ['ru'],
          programmes: ['GB-RUS'],
        },
      ],
    });

    // One request, to the default dataset, with yente's query-by-example body.
    expect(yente.requests).toHaveLength(1);
    const [sent] = yente.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/match/default');
    expect(sent!.params.get('threshold')).toBe(String(t.env.SCREENING_THRESHOLD));
    expect(sent!.params.get('limit')).toBe('20');
    expect(sent!.params.getAll('topics').sort()).toEqual(['role.pep', 'role.rca', 'sanction']);
    expect(sent!.body).toEqual({
      queries: {
        q0: {
          schema: 'Person',
          properties: {
            name: ['Aleksandr Ivanovich Testov'],
            birthDate: ['1961-04-12'],
            nationality: ['ru'],
          },
        },
      },
    });
  });

  it('reads a PEP, and leaves out what scores under the threshold', async () => {
    const pep = await search({ name: 'maria exampleva' });
    expect(pep.statusCode).toBe(200);
    expect(pep.json().matches).toEqual([
      expect.objectContaining({
        list: 'opensanctions',
        entry_id: 'Q-fake-exampleva',
        kind: 'pep',
        nationalities: ['md'],
        dates_of_birth: ['1970'],
        programmes: ['role.pep'],
      }),
    ]);

    // The fake returns 0.6 (two of three words) from its 0.5 cutoff: under 0.85, no match.
    const weak = await search({ name: 'Alexander Testov Smith' });
    expect(weak.statusCode).toBe(200);
    expect(weak.json().matches).toEqual([]);

    // A date of birth that disagrees lowers the score below the threshold too.
    const otherDob = await search({ name: 'Alexander Testov', date_of_birth: '1990-01-01' });
    expect(otherDob.json().matches).toEqual([]);
  });

  it('is 503 with the message, not 500, when yente fails or cannot be reached', async () => {
    yente.failWith(500);
    const failed = await search({ name: 'Aleksandr Testov' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ ok: false, error: YENTE_UNAVAILABLE_MESSAGE });

    yente.failWith(404);
    expect((await search({ name: 'Aleksandr Testov' })).statusCode).toBe(503);

    // The names searched never reach the log, whatever failed.
    const logged = logLines.join('\n');
    expect(logged).toContain('yente: answered 500');
    expect(logged).not.toMatch(/testov/i);
  });

  it('is 503 when nothing listens at YENTE_URL', async () => {
    const down = await startFakeYente();
    const url = down.url;
    await down.close();
    const app = await createTestApp({
      RATE_LIMIT_SCALE: '0',
      SCREENING_PROVIDER: 'yente',
      YENTE_URL: url,
    });
    try {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/admin-screening-search',
        headers: { 'x-admin-pass': await app.staffToken('compliance') },
        payload: { name: 'Aleksandr Testov' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, error: YENTE_UNAVAILABLE_MESSAGE });
    } finally {
      await app.close();
    }
  });
});

describe('the applicant screened through yente', () => {
  it('opens an alert when the details are saved', async () => {
    const { id, token } = await t.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({
          source: 'invite',
          stage: 'code_verified',
          fullName: 'Alexander Testov',
          email: `testov-${Math.random().toString(36).slice(2)}@example.com`,
        })
        .returning({ id: applications.id });
      const session = await createApplicantSession(tx, row!.id);
      return { id: row!.id, token: session.token };
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/apply-details',
      headers: { 'x-session-token': token },
      payload: {
        annual_income: 120000,
        employment_status: 'employed',
        pep_exposed: false,
        card_tier_pref: 'titan',
        date_of_birth: '1961-04-12',
        address: { line1: '1 High Street', town: 'London', postcode: 'sw1a1aa' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ok: true, stage: 'detailed' });

    const list = await staffCall('/api/admin-screening-alert-list', {});
    expect(list.statusCode).toBe(200);
    const alerts = list
      .json<{ alerts: ScreeningAlert[] }>()
      .alerts.filter((a) => a.application_id === id);
    expect(alerts).toEqual([
      expect.objectContaining({
        status: 'open',
        source: 'yente',
        kind: 'sanctions',
        list_version: null,
        entry: expect.objectContaining({
          list: 'opensanctions',
          entry_id: 'NK-fake-testov',
          name: 'Aleksandr Ivanovich Testov',
        }),
      }),
    ]);
  });
});

describe('yenteProvider', () => {
  const options = { threshold: 0.85, limit: 20 };

  it('sends many subjects in batches of at most 50 queries, answering each in order', async () => {
    yente.requests.length = 0;
    const provider = yenteProvider({ url: `${yente.url}/`, dataset: 'sanctions' });
    const subjects = Array.from({ length: YENTE_BATCH_SIZE * 2 + 3 }, (_, i) => ({
      name: i % 10 === 0 ? 'Alexander Testov' : i % 10 === 5 ? 'Maria Exampleva' : `Nobody ${i}`,
    }));
    const results = await provider.searchMany(subjects, options);
    expect(results).toHaveLength(subjects.length);
    expect(yente.requests.map((r) => Object.keys(r.body.queries ?? {}).length)).toEqual([
      50, 50, 3,
    ]);
    expect(yente.requests.every((r) => r.path === '/match/sanctions')).toBe(true);
    results.forEach((matches, i) => {
      const expected = i % 10 === 0 ? ['NK-fake-testov'] : i % 10 === 5 ? ['Q-fake-exampleva'] : [];
      expect(
        matches.map((m) => m.entry.entryId),
        `subject ${i}`,
      ).toEqual(expected);
    });
    expect(await provider.searchMany([], options)).toEqual([]);
  });

  it('keeps only sanctions and PEP listings, best first, at most the limit', async () => {
    const answer = {
      responses: {
        q0: {
          status: 200,
          total: { value: 4, relation: 'eq' },
          results: [
            {
              id: 'a',
              caption: 'A',
              schema: 'Person',
              score: 0.9,
              properties: { topics: ['role.pep'] },
            },
            {
              id: 'b',
              caption: 'B',
              schema: 'Person',
              score: 0.97,
              properties: { topics: ['sanction', 'role.pep'], name: ['B', 'Bee'], alias: ['Bee'] },
            },
            {
              id: 'c',
              caption: 'C',
              schema: 'Person',
              score: 0.99,
              properties: { topics: ['crime'] },
            },
            {
              id: 'd',
              caption: 'D',
              schema: 'Person',
              score: 0.95,
              properties: { topics: ['sanction'] },
            },
          ],
        },
      },
    };
    const provider = yenteProvider({
      url: 'http://yente.invalid',
      dataset: 'default',
      fetch: async () => Response.json(answer),
    });
    const matches = await provider.search({ name: 'x' }, { threshold: 0.85, limit: 2 });
    expect(matches.map((m) => [m.entry.entryId, m.entry.kind, m.score])).toEqual([
      ['b', 'sanctions', 0.97],
      ['d', 'sanctions', 0.95],
    ]);
    expect(matches[0]!.entry.names).toEqual(['B', 'Bee']);
  });

  it('gives up after its timeout, and on an answer it cannot read', async () => {
    yente.hang(true);
    const slow = yenteProvider({ url: yente.url, dataset: 'default', timeoutMs: 200 });
    const started = Date.now();
    const error = await slow.search({ name: 'Aleksandr Testov' }, options).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unavailable');
    expect((error as AppError).message).toBe(YENTE_UNAVAILABLE_MESSAGE);
    yente.hang(false);

    for (const body of ['not json', '{"responses": {}}', '{}']) {
      const odd = yenteProvider({
        url: 'http://yente.invalid',
        dataset: 'default',
        fetch: async () => new Response(body, { status: 200 }),
      });
      await expect(odd.search({ name: 'x' }, options)).rejects.toMatchObject({
        code: 'unavailable',
      });
    }
  });
});
