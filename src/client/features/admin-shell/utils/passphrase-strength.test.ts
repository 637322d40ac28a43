import { describe, expect, it } from 'vitest';
import { passphraseStrength } from './passphrase-strength.ts';

const score = (value: string) => passphraseStrength(value).score;

describe('passphraseStrength', () => {
  it('asks for a passphrase when there is none', () => {
    expect(passphraseStrength('')).toMatchObject({ score: 0, label: 'Not set' });
  });

  it('counts the characters still missing below the minimum of 12', () => {
    expect(passphraseStrength('abcdefghij')).toMatchObject({
      score: 1,
      label: 'Too short',
      hint: '2 more characters needed.',
    });
    expect(passphraseStrength('abcdefghijk').hint).toBe('1 more character needed.');
  });

  it('calls repeated characters and runs predictable, however long', () => {
    expect(passphraseStrength('aaaaaaaaaaaaaaaa').label).toBe('Too predictable');
    expect(passphraseStrength('123456789012').label).toBe('Too predictable');
    expect(passphraseStrength('abababababab').label).toBe('Too predictable');
  });

  it('rises with length and variety', () => {
    expect(score('lanternpebbl')).toBe(2);
    expect(score('lantern pebble')).toBe(2);
    expect(score('Lantern pebble')).toBe(3);
    expect(score('lantern pebble oak')).toBe(3);
    expect(score('Lantern pebble 7 oak')).toBe(4);
    expect(score('lantern pebble oak harbour')).toBe(4);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passphraseStrength('🔑🔑🔑🔑🔑🔑').label).toBe('Too short');
  });
});
