import { describe, expect, it } from 'vitest';
import { narrowingWords, surelyOverCap } from './staff-search.ts';

describe('narrowingWords', () => {
  const common = ['grace', 'hopper', 'berners-lee'];

  it('gives the index the words no common word contains', () => {
    expect(narrowingWords('Grace Hopper 500017', common)).toEqual(['500017']);
    expect(narrowingWords('Grace Liskov 500017', common)).toEqual(['Liskov', '500017']);
    expect(narrowingWords('ada  grace   turing', common)).toEqual(['ada', 'turing']);
  });

  it('compares the typed word as search_text() would store it', () => {
    expect(narrowingWords('GRÂCE Hopper 555', common)).toEqual(['555']);
    expect(narrowingWords('Hopper Grâce', common)).toBeNull();
  });

  it('treats a part of a common word as common, and leaves out words under three letters', () => {
    expect(narrowingWords('ace hopp', common)).toBeNull();
    expect(narrowingWords('lee hopper', common)).toBeNull();
    expect(narrowingWords('grace 17', common)).toBeNull();
    expect(narrowingWords('Ng Liskov', common)).toEqual(['Liskov']);
  });

  it('leaves to the whole query one word, rare words only, and a table without statistics', () => {
    expect(narrowingWords('500017', common)).toBeNull();
    expect(narrowingWords('  Liskov  ', common)).toBeNull();
    expect(narrowingWords('Ada Liskov', common)).toBeNull();
    expect(narrowingWords('Grace Liskov', null)).toBeNull();
    expect(narrowingWords('Grace Liskov', [])).toBeNull();
  });
});

describe('surelyOverCap', () => {
  // 'chloe' in a tenth of 100,000 named rows; 'zed' in 1,000 of them.
  const stats = {
    words: ['chloe', 'zed'],
    shares: [0.1, 0.01],
    namedRows: 100_000,
    modifiedSince: 0,
  };

  it('knows a word held by thousands of names, or any part of it, matches more than 200', () => {
    expect(surelyOverCap('chloe', stats)).toBe(true);
    expect(surelyOverCap('  CHLOÉ ', stats)).toBe(true);
    expect(surelyOverCap('hlo', stats)).toBe(true);
  });

  it('counts anything else: a word in too few names, an unknown word, several words, no statistics', () => {
    expect(surelyOverCap('zed', stats)).toBe(false);
    expect(surelyOverCap('liskov', stats)).toBe(false);
    expect(surelyOverCap('chloe liskov', stats)).toBe(false);
    expect(surelyOverCap('chloe', null)).toBe(false);
    expect(surelyOverCap('chloe', { ...stats, namedRows: 10_000 })).toBe(false);
  });

  it('allows for every row changed since the statistics were gathered', () => {
    // 10,000 names held 'chloe'; 7,900 changes since could have left 2,100 of them.
    expect(surelyOverCap('chloe', { ...stats, modifiedSince: 7_900 })).toBe(true);
    expect(surelyOverCap('chloe', { ...stats, modifiedSince: 8_100 })).toBe(false);
  });
});
