import { describe, expect, it } from 'vitest';
import { readSid } from './magic-link.ts';

const id = btoa('6a7cd734-fc9c-482f-9fd9-17a0042e25a3')
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const signature = 'A'.repeat(43);
const now = () => Math.floor(Date.now() / 1000);

describe('readSid', () => {
  it('reads the three parts: basic id, expiry, signature', () => {
    expect(readSid(`${id}.${now() + 3600}.${signature}`)).toBe('current');
    expect(readSid(`${id}.${now() - 1}.${signature}`)).toBe('expired');
  });

  it('calls anything else invalid', () => {
    for (const sid of ['', 'abc', `${id}.soon.${signature}`, `${id}.${now()}`, `${id} .1.x`]) {
      expect(readSid(sid)).toBe('invalid');
    }
  });
});
