import { describe, expect, it } from 'vitest';
import { foldName, nameWords, tokenize } from './normalise.ts';
import { nameSimilarity, osaDistance, tokenSimilarity } from './similarity.ts';

const texts = (name: string) => tokenize(name).map((t) => t.text);
const similarity = (a: string, b: string) => nameSimilarity(tokenize(a), tokenize(b));

describe('foldName', () => {
  it('keeps lower-case letters and single spaces only', () => {
    expect(foldName("  JÉRÔME  d'Ørsted-Łukasz ")).toBe('jerome dorsted lukasz');
    expect(foldName("Mas'ud ʿAbd al-Qādir")).toBe('masud abd al qadir');
    expect(foldName('Straße, (Jr.)')).toBe('strasse jr');
  });
});

describe('nameWords', () => {
  it('drops titles before a name and suffixes after it, never the last word', () => {
    expect(nameWords('Mr. John Smith Jr').map((w) => w.word)).toEqual(['john', 'smith']);
    expect(nameWords('Colonel Abbud ZUMAR').map((w) => w.word)).toEqual(['abbud', 'zumar']);
    expect(nameWords('Sheikh').map((w) => w.word)).toEqual(['sheikh']);
  });

  it('drops particles while two words stay', () => {
    expect(nameWords('Usama bin Muhammad bin Awad bin Ladin').map((w) => w.word)).toEqual([
      'usama',
      'muhammad',
      'awad',
      'ladin',
    ]);
    expect(nameWords('Ben Smith').map((w) => w.word)).toEqual(['ben', 'smith']);
    expect(nameWords('Al Smith').map((w) => w.word)).toEqual(['al', 'smith']);
  });

  it('writes the abd- and abu- names one way, keeping how each word was written', () => {
    for (const name of [
      'Abdul Rahman',
      'Abd al-Rahman',
      'Abdulrahman',
      'Abdel Rahman',
      'Abd-ur-Rahman',
      'Abdurrahman',
    ]) {
      expect(texts(name)).toEqual(['abd', 'rahman']);
    }
    expect(texts('Abd Allah')).toEqual(['abdulah']);
    expect(texts('Abdallah')).toEqual(['abdulah']);
    expect(texts('Abu Bakr')).toEqual(['abubakr']);
    expect(nameWords('Abdolsamad')).toEqual([
      { word: 'abd', raw: 'abdol', whole: 'abdolsamad' },
      { word: 'samad', raw: 'samad' },
    ]);
  });
});

describe('tokenize', () => {
  it('spells transliterations of one name one way', () => {
    expect(
      new Set(
        ['Mohammed', 'Muhammad', 'Mohamed', 'Mohammad', 'Muhammed', 'Mohd'].map((n) => texts(n)[0]),
      ).size,
    ).toBe(1);
    expect(new Set(['Yusuf', 'Youssef', 'Yousef', 'Yousuf'].map((n) => texts(n)[0])).size).toBe(1);
    expect(new Set(['Hussein', 'Husayn', 'Hossein', 'Hussain'].map((n) => texts(n)[0])).size).toBe(
      1,
    );
    expect(texts('Mahmoud')).not.toEqual(texts('Muhammad'));
  });

  it('reduces spelling to a skeleton: doubled letters, ph, x, q, a hard c, a y inside a word (after Qasem → Qasim)', () => {
    expect(texts('Phillipps Alexandra Qasem Carl Smyth')).toEqual([
      'filips',
      'aleksandra',
      'kasim',
      'karl',
      'smith',
    ]);
  });

  it('weighs an initial half', () => {
    expect(tokenize('John A. Smith').map((t) => [t.text, t.weight, t.initial])).toEqual([
      ['john', 1, false],
      ['a', 0.5, true],
      ['smith', 1, false],
    ]);
  });
});

describe('similarity', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(osaDistance('smith', 'smtih')).toBe(1);
    expect(osaDistance('smith', 'smth')).toBe(1);
    expect(osaDistance('smith', 'smoth')).toBe(1);
    expect(osaDistance('', 'abc')).toBe(3);
  });

  it('measures a typing error on the word as written', () => {
    const [a] = tokenize('Ricahrd');
    const [b] = tokenize('Richard');
    expect(tokenSimilarity(a!, b!)).toBeCloseTo(6 / 7);
  });

  it('is symmetric and 1 for the same name', () => {
    for (const [a, b] of [
      ['John Andrew Smith', 'Smith John'],
      ['Abdulrahman Khan', 'Abd al-Rahman Khan Yusuf'],
      ['Kim Jong Un', 'Kim Jongun'],
    ] as const) {
      expect(similarity(a, b)).toBeCloseTo(similarity(b, a));
      expect(similarity(a, a)).toBe(1);
    }
  });
});
