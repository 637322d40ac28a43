import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_LOOKUP_NOT_CONFIGURED,
  ADDRESS_LOOKUP_UNAVAILABLE,
  idealPostcodesLookup,
  titleCaseTown,
} from '#server/applicant/address-lookup.ts';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { applications } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { ADDRESS_MESSAGES } from '#shared/identity.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  FAKE_IDEAL_POSTCODES_KEY,
  startFakeIdealPostcodes,
  type FakeIdealPostcodes,
} from '../helpers/fake-ideal-postcodes.ts';

/**
 * `apply-address-lookup` (CONTRACT §8), optional behind ADDRESS_LOOKUP: the addresses at a
 * postcode from Ideal Postcodes (a fake on loopback). Typing the address always works, so each
 * failure tells the applicant to type it.
 */

let provider: FakeIdealPostcodes;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  provider = await startFakeIdealPostcodes();
  t = await createTestApp(
    {
      RATE_LIMIT_SCALE: '0',
      ADDRESS_LOOKUP: 'ideal-postcodes',
      ADDRESS_LOOKUP_KEY: FAKE_IDEAL_POSTCODES_KEY,
      ADDRESS_LOOKUP_URL: provider.url,
    },
    { logLines },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
afterEach(() => {
  provider.failWith(null);
  provider.hang(false);
});

async function applicantToken(app: TestApp): Promise<string> {
  return app.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        source: 'invite',
        stage: 'code_verified',
        fullName: 'Katherine Johnson',
        email: `kj-${Math.random().toString(36).slice(2)}@example.com`,
      })
      .returning({ id: applications.id });
    return (await createApplicantSession(tx, row!.id)).token;
  });
}

function lookup(app: TestApp, token: string | null, payload: object) {
  return app.app.inject({
    method: 'POST',
    url: '/api/apply-address-lookup',
    headers: token ? { 'x-session-token': token } : {},
    payload,
  });
}

describe('apply-address-lookup with Ideal Postcodes', () => {
  it('answers the addresses at a postcode, in our shape', async () => {
    const token = await applicantToken(t);
    provider.requests.length = 0;
    const res = await lookup(t, token, { postcode: 'sw1a1aa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      addresses: [
        { line1: 'Buckingham Palace', line2: null, town: 'London', postcode: 'SW1A 1AA' },
      ],
    });
    // The schema normalised the postcode before it was sent; the key went with it.
    expect(provider.requests).toEqual([
      { path: '/v1/postcodes/SW1A%201AA', postcode: 'SW1A 1AA', apiKey: FAKE_IDEAL_POSTCODES_KEY },
    ]);

    const stoke = await lookup(t, token, { postcode: 'ST4 1AB' });
    expect(stoke.json().addresses).toEqual([
      {
        line1: 'Flat 1',
        line2: 'Example House, 12 High Street',
        town: 'Stoke-on-Trent',
        postcode: 'ST4 1AB',
      },
      {
        line1: 'Flat 2',
        line2: 'Example House, 12 High Street',
        town: 'Stoke-on-Trent',
        postcode: 'ST4 1AB',
      },
      { line1: '14 High Street', line2: null, town: 'Stoke-on-Trent', postcode: 'ST4 1AB' },
    ]);
    const newcastle = await lookup(t, token, { postcode: 'ne1 4xf' });
    expect(newcastle.json().addresses).toEqual([
      { line1: '3 Quayside', line2: 'Sandhill', town: 'Newcastle upon Tyne', postcode: 'NE1 4XF' },
    ]);
  });

  it('answers an empty list for a postcode the provider does not know', async () => {
    const token = await applicantToken(t);
    const res = await lookup(t, token, { postcode: 'EC1A 1BB' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, addresses: [] });
  });

  it('refuses a postcode that is not one, and a caller without a session', async () => {
    const token = await applicantToken(t);
    provider.requests.length = 0;
    const bad = await lookup(t, token, { postcode: 'not a postcode' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ok: false, error: ADDRESS_MESSAGES.postcode });
    expect((await lookup(t, null, { postcode: 'SW1A 1AA' })).statusCode).toBe(401);
    expect(provider.requests).toEqual([]);
  });

  it('is 503, asking to type the address, when the provider fails; nothing about it logged', async () => {
    const token = await applicantToken(t);
    logLines.length = 0;
    for (const status of [500, 402, 429]) {
      provider.failWith(status);
      const res = await lookup(t, token, { postcode: 'SW1A 1AA' });
      expect(res.statusCode, String(status)).toBe(503);
      expect(res.json()).toEqual({ ok: false, error: ADDRESS_LOOKUP_UNAVAILABLE });
    }
    const logged = logLines.join('\n');
    expect(logged).toContain('address look-up: answered 500');
    expect(logged).not.toContain('SW1A');
    expect(logged).not.toContain(FAKE_IDEAL_POSTCODES_KEY);
  });

  it('tells offer-less configurations to type the address (404), and says so in apply-get-stage', async () => {
    const token = await applicantToken(t);
    const stage = await t.app.inject({
      method: 'POST',
      url: '/api/apply-get-stage',
      headers: { 'x-session-token': token },
      payload: {},
    });
    expect(stage.json().address_lookup).toBe(true);

    const plain = await createTestApp({ RATE_LIMIT_SCALE: '0' });
    try {
      const plainToken = await applicantToken(plain);
      const res = await lookup(plain, plainToken, { postcode: 'SW1A 1AA' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ok: false, error: ADDRESS_LOOKUP_NOT_CONFIGURED });
      const plainStage = await plain.app.inject({
        method: 'POST',
        url: '/api/apply-get-stage',
        headers: { 'x-session-token': plainToken },
        payload: {},
      });
      expect(plainStage.json().address_lookup).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('is 503 when nothing listens at ADDRESS_LOOKUP_URL', async () => {
    const down = await startFakeIdealPostcodes();
    const downUrl = down.url;
    await down.close();
    const app = await createTestApp({
      RATE_LIMIT_SCALE: '0',
      ADDRESS_LOOKUP: 'ideal-postcodes',
      ADDRESS_LOOKUP_KEY: FAKE_IDEAL_POSTCODES_KEY,
      ADDRESS_LOOKUP_URL: downUrl,
    });
    try {
      const res = await lookup(app, await applicantToken(app), { postcode: 'SW1A 1AA' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, error: ADDRESS_LOOKUP_UNAVAILABLE });
    } finally {
      await app.close();
    }
  });
});

describe('idealPostcodesLookup', () => {
  it('is unavailable with a key the provider refuses', async () => {
    const wrongKey = idealPostcodesLookup({ url: provider.url, key: 'ak_wrong' });
    await expect(wrongKey('SW1A 1AA')).rejects.toMatchObject({
      code: 'unavailable',
      message: ADDRESS_LOOKUP_UNAVAILABLE,
    });
  });

  it('gives up after its timeout', async () => {
    provider.hang(true);
    const slow = idealPostcodesLookup({
      url: provider.url,
      key: FAKE_IDEAL_POSTCODES_KEY,
      timeoutMs: 200,
    });
    const started = Date.now();
    const error = await slow('SW1A 1AA').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'unavailable', message: ADDRESS_LOOKUP_UNAVAILABLE });
  });

  it('keeps only the addresses our form would take', async () => {
    const answer = {
      code: 2000,
      result: [
        { line_1: '', line_2: '', line_3: '', post_town: 'LONDON', postcode: 'SW1A 1AA' },
        { line_1: 'x'.repeat(120), post_town: 'LONDON', postcode: 'SW1A 1AA' },
        {
          line_1: '1 Street',
          line_2: 'Area',
          post_town: 'BARROW-IN-FURNESS',
          postcode: 'LA14 1AA',
        },
      ],
    };
    const found = await idealPostcodesLookup({
      url: 'http://provider.invalid',
      key: 'k',
      fetch: async () => Response.json(answer),
    })('LA14 1AA');
    expect(found).toEqual([
      { line1: '1 Street', line2: 'Area', town: 'Barrow-in-Furness', postcode: 'LA14 1AA' },
    ]);
  });

  it('writes post towns as people do', () => {
    expect(titleCaseTown('LONDON')).toBe('London');
    expect(titleCaseTown('STOKE-ON-TRENT')).toBe('Stoke-on-Trent');
    expect(titleCaseTown('NEWCASTLE UPON TYNE')).toBe('Newcastle upon Tyne');
    expect(titleCaseTown("BISHOP'S STORTFORD")).toBe("Bishop's Stortford");
    expect(titleCaseTown('WESTON-SUPER-MARE')).toBe('Weston-super-Mare');
    expect(titleCaseTown('ST. ALBANS')).toBe('St. Albans');
    expect(titleCaseTown('SOUTHEND-ON-SEA')).toBe('Southend-on-Sea');
  });
});
