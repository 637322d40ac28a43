import { describe, expect, it } from 'vitest';
import { signatureMatches } from './signature.ts';

describe('signatureMatches', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(signatureMatches('  amelia   HART ', 'Amelia Hart')).toBe(true);
    expect(signatureMatches('Zoe Lefevre', 'Zoë Lefèvre')).toBe(true);
    expect(signatureMatches('José  Núñez', 'jose nunez')).toBe(true);
  });

  it('refuses another name, a part of the name, or no name on record', () => {
    expect(signatureMatches('Amelia', 'Amelia Hart')).toBe(false);
    expect(signatureMatches('Mickey Mouse', 'Amelia Hart')).toBe(false);
    expect(signatureMatches('Amelia Hart', null)).toBe(false);
    expect(signatureMatches('   ', '   ')).toBe(false);
  });
});
