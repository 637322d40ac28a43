import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { veriffSecrets, verifyVeriffSignature } from './veriff.ts';

const body = Buffer.from('{"verification":{"id":"abc","status":"approved"}}');
const hmac = (secret: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('verifyVeriffSignature', () => {
  it('accepts the hex HMAC of the raw body with any configured secret, in either case', () => {
    expect(verifyVeriffSignature(body, hmac('one'), ['one', 'two'])).toBe(true);
    expect(verifyVeriffSignature(body, hmac('two'), ['one', 'two'])).toBe(true);
    expect(verifyVeriffSignature(body, hmac('one').toUpperCase(), ['one'])).toBe(true);
  });

  it('refuses a wrong, missing, malformed or unconfigured signature', () => {
    expect(verifyVeriffSignature(body, hmac('three'), ['one', 'two'])).toBe(false);
    expect(verifyVeriffSignature(body, undefined, ['one'])).toBe(false);
    expect(verifyVeriffSignature(body, hmac('one').slice(2), ['one'])).toBe(false);
    expect(verifyVeriffSignature(body, ['a', 'b'], ['one'])).toBe(false);
    expect(verifyVeriffSignature(body, hmac('one'), [])).toBe(false);
    expect(
      verifyVeriffSignature(Buffer.concat([body, Buffer.from(' ')]), hmac('one'), ['one']),
    ).toBe(false);
  });

  it('reads a comma-separated secret list', () => {
    expect(veriffSecrets({ VERIFF_SHARED_SECRET: ' new , old ,' })).toEqual(['new', 'old']);
    expect(veriffSecrets({ VERIFF_SHARED_SECRET: undefined })).toEqual([]);
  });
});
