import { describe, expect, it } from 'vitest';
import { narrowingWord } from './staff-search.ts';

describe('narrowingWord', () => {
  const common = ['grace', 'hopper', 'berners-lee'];

  it('gives the index the longest word no common word contains', () => {
    expect(narrowingWord('Grace Hopper 500017', common)).toBe('500017');
    expect(narrowingWord('Grace Liskov 17', common)).toBe('Liskov');
    expect(narrowingWord('ada  grace   turing', common)).toBe('turing');
  });

  it('compares the typed word as search_text() would store it', () => {
    expect(narrowingWord('GRÂCE Hopper 555', common)).toBe('555');
    expect(narrowingWord('Hopper Grâce', common)).toBeNull();
  });

  it('treats a part of a common word as common, and two letters as too short', () => {
    expect(narrowingWord('ace hopp', common)).toBeNull();
    expect(narrowingWord('lee hopper', common)).toBeNull();
    expect(narrowingWord('grace 17', common)).toBeNull();
  });

  it('leaves one word, and a table without statistics, to the whole query', () => {
    expect(narrowingWord('500017', common)).toBeNull();
    expect(narrowingWord('  Liskov  ', common)).toBeNull();
    expect(narrowingWord('Grace Liskov', null)).toBeNull();
    expect(narrowingWord('Grace Liskov', [])).toBe('Liskov');
  });
});
