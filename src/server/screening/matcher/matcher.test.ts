import { describe, expect, it } from 'vitest';
import type { ListEntry, Subject } from '../types.ts';
import { ScreeningIndex, type IndexedList } from './index.ts';

/** One rule a test: a small index of made-up entries, searched as the product searches. */

const DEFAULT = { threshold: 0.85, limit: 20 };

function entry(entryId: string, names: string[], more: Partial<ListEntry> = {}): ListEntry {
  return {
    entryId,
    kind: 'sanctions',
    name: names[0]!,
    names,
    datesOfBirth: [],
    nationalities: [],
    programmes: ['Test'],
    ...more,
  };
}

function indexOf(...entries: ListEntry[]): ScreeningIndex {
  return new ScreeningIndex([{ list: 'un', version: 3, entries }]);
}

/** The score the subject gets against the one entry of `index`, 0 when below `threshold`. */
function score(index: ScreeningIndex, subject: Subject | string, threshold = 0.5): number {
  const s = typeof subject === 'string' ? { name: subject } : subject;
  return index.search(s, { threshold, limit: 20 })[0]?.score ?? 0;
}

const found = (index: ScreeningIndex, subject: Subject | string) =>
  index.search(typeof subject === 'string' ? { name: subject } : subject, DEFAULT).length > 0;

describe('names are compared whatever their case, accents, punctuation, order and spacing', () => {
  const index = indexOf(
    entry('1', ['Jérôme Müller-Lefèvre']),
    entry('2', ["Sean O'Brien"]),
    entry('3', ['Abd al-Rahman Muhammad al-Qahtani']),
    entry('4', ['Kim Jong Un']),
    entry('5', ['Ayman AL-ZAWAHIRI']),
  );

  it('ignores case', () => {
    expect(score(index, 'JEROME MULLER LEFEVRE')).toBe(1);
    expect(score(index, 'sean o’brien')).toBe(1);
  });

  it('ignores accents, added or dropped', () => {
    expect(score(index, 'Jerome Muller-Lefevre')).toBe(1);
    expect(score(index, 'Séan Ó Brién')).toBeGreaterThanOrEqual(0.85);
    expect(score(index, 'Áyman al-Zawáhiri')).toBe(1);
  });

  it('ignores punctuation', () => {
    expect(score(index, 'Jerome Muller Lefevre')).toBe(1);
    expect(score(index, 'Sean OBrien')).toBe(1);
    expect(score(index, 'Abd-al-Rahman, Muhammad (al-Qahtani).')).toBe(1);
  });

  it('ignores word order', () => {
    expect(score(index, 'Muller Lefevre Jerome')).toBe(1);
    expect(score(index, 'al-Qahtani, Abd al-Rahman Muhammad')).toBe(1);
    expect(score(index, 'Zawahiri Ayman')).toBe(1);
  });

  it('ignores spacing: extra spaces, and words written together or apart', () => {
    expect(score(index, '  Kim   Jong  Un ')).toBe(1);
    expect(score(index, 'Kim Jong-un')).toBe(1);
    expect(score(index, 'Kim Jongun')).toBeGreaterThanOrEqual(0.85);
    expect(score(index, 'Abdulrahman Muhammad Alqahtani')).toBeGreaterThanOrEqual(0.85);
  });
});

describe('honorifics and the Arabic article', () => {
  const index = indexOf(
    entry('1', ['John Smith']),
    entry('2', ['Yusuf al-Qaradawi']),
    entry('3', ['Mullah Akhtar Muhammad Mansour']),
  );

  it('drops titles in front of a name', () => {
    expect(score(index, 'Mr John Smith')).toBe(1);
    expect(score(index, 'Dr. John Smith')).toBe(1);
    expect(score(index, 'Sheikh Yusuf al-Qaradawi')).toBe(1);
    expect(score(index, 'Haji Yusuf Qaradawi')).toBe(1);
    expect(score(index, 'Akhtar Muhammad Mansour')).toBe(1);
  });

  it('handles al-/el- written apart, joined or left out', () => {
    expect(score(index, 'Yusuf Qaradawi')).toBe(1);
    expect(score(index, 'Yusuf El-Qaradawi')).toBe(1);
    expect(score(index, 'Yusuf Alqaradawi')).toBeGreaterThanOrEqual(0.9);
  });

  it('does not drop a title that is the whole name', () => {
    expect(indexOf(entry('1', ['Sheikh'])).search({ name: 'Sheikh' }, DEFAULT)).toHaveLength(1);
  });
});

describe('transliterations', () => {
  it('takes Mohammed, Muhammad, Mohamed and Mohammad as one name', () => {
    const index = indexOf(entry('1', ['Mohammed Hassan Omar']));
    for (const name of [
      'Muhammad Hasan Umar',
      'Mohamed Hassan Omar',
      'Mohammad Hassan Omar',
      'Mohd Hassan Omar',
    ]) {
      expect(score(index, name)).toBe(1);
    }
  });

  it('takes Abdul, Abd al- and Abdel as one prefix, written apart or together', () => {
    const index = indexOf(entry('1', ['Abd al-Aziz Ibrahim']));
    for (const name of [
      'Abdul Aziz Ibrahim',
      'Abdel Aziz Ibrahim',
      'Abdulaziz Ibrahim',
      'Abd-ul-Aziz Ebrahim',
    ]) {
      expect(score(index, name)).toBe(1);
    }
    expect(score(indexOf(entry('2', ['Abdallah Salih'])), 'Abdullah Saleh')).toBe(1);
    expect(
      score(indexOf(entry('3', ['Abu Bakr al-Baghdadi'])), 'Abubakar Baghdadi'),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('takes Yusuf, Youssef and Yousef, and Hussein, Husayn and Hossein, as one name', () => {
    const index = indexOf(entry('1', ['Yusuf Husayn']));
    expect(score(index, 'Youssef Hussein')).toBe(1);
    expect(score(index, 'Yousef Hossein')).toBe(1);
  });

  it('takes Russian spellings as one name', () => {
    expect(
      score(indexOf(entry('1', ['Aleksandr Sergeyevich Ivanov'])), 'Alexander Sergeevich Ivanov'),
    ).toBeGreaterThan(0.9);
  });
});

describe('initials and a missing middle name', () => {
  const index = indexOf(entry('1', ['John Andrew Smith']), entry('2', ['Jennifer L. McClellan']));

  it('finds a name given with initials', () => {
    expect(found(index, 'J. A. Smith')).toBe(true);
    expect(found(index, 'John A Smith')).toBe(true);
    expect(score(index, 'John A Smith')).toBeGreaterThan(score(index, 'J. A. Smith'));
  });

  it('finds a name without its middle name, either side', () => {
    expect(found(index, 'John Smith')).toBe(true);
    expect(found(index, 'Jennifer McClellan')).toBe(true);
    expect(found(index, 'John Andrew Peter Smith')).toBe(true);
    // A different middle name is not a missing one.
    expect(found(index, 'Jennifer Anne McClellan')).toBe(false);
    // The whole name still scores higher.
    expect(score(index, 'John Andrew Smith')).toBeGreaterThan(score(index, 'John Smith'));
  });

  it('does not let an initial stand for a different first letter, as written', () => {
    expect(found(index, 'P. A. Smith')).toBe(false);
    const spelt = indexOf(entry('3', ['Charles Edward Brown']), entry('4', ['Karl Edward Brown']));
    expect(spelt.search({ name: 'C. E. Brown' }, DEFAULT).map((m) => m.entry.entryId)).toEqual([
      '3',
    ]);
  });
});

describe('small typing errors', () => {
  const index = indexOf(entry('1', ['Richard Thompson']), entry('2', ['Gulbuddin Hekmatyar']));

  it('tolerates two neighbouring letters swapped', () => {
    expect(found(index, 'Ricahrd Thompson')).toBe(true);
    expect(found(index, 'Richard Thompsno')).toBe(true);
    expect(found(index, 'Gulbuddin Hekmaytar')).toBe(true);
  });

  it('tolerates a dropped, an added or a changed letter', () => {
    expect(found(index, 'Richard Tompson')).toBe(true);
    expect(found(index, 'Richard Thompsson')).toBe(true);
    expect(found(index, 'Richard Thampson')).toBe(true);
    expect(found(index, 'Gulbudin Hekmatyar')).toBe(true);
  });

  it('scores an error below the exact name, and a different name not at all', () => {
    expect(score(index, 'Ricahrd Thompson')).toBeLessThan(1);
    expect(found(index, 'Richard Johnson')).toBe(false);
    expect(found(index, 'Robert Thompson')).toBe(false);
  });
});

describe('date of birth', () => {
  const index = indexOf(
    entry('1', ['Adam Jones'], { datesOfBirth: ['1970-05-14'] }),
    entry('2', ['Omar Farouk'], { datesOfBirth: ['1965'] }),
    entry('3', ['Peter Hall'], { datesOfBirth: ['1960', '1961', '1962', '1963'] }),
  );
  const base = (name: string) => score(index, name);

  it('raises the score when it is the listed date', () => {
    expect(score(index, { name: 'Adam Jonse', dateOfBirth: '1970-05-14' })).toBeGreaterThan(
      base('Adam Jonse'),
    );
    // Enough to lift a weaker name over the threshold.
    expect(found(index, 'Adam Jonse Smith')).toBe(false);
    expect(found(index, { name: 'Adam Jonse Smith', dateOfBirth: '1970-05-14' })).toBe(true);
  });

  it('raises it a little for the same year where the list gives only the year, or a range', () => {
    const year = score(index, { name: 'Omar Farok', dateOfBirth: '1965-02-01' });
    expect(year).toBeGreaterThan(base('Omar Farok'));
    expect(year - base('Omar Farok')).toBeLessThan(0.05);
    expect(score(index, { name: 'Peter Hall', dateOfBirth: '1962-07-01' })).toBe(1);
    expect(found(index, { name: 'Peter Hall', dateOfBirth: '1962' })).toBe(true);
  });

  it('pulls an exact name below the threshold when the year is clearly different', () => {
    expect(found(index, 'Adam Jones')).toBe(true);
    expect(found(index, { name: 'Adam Jones', dateOfBirth: '1991-05-14' })).toBe(false);
    expect(found(index, { name: 'Omar Farouk', dateOfBirth: '1990-01-01' })).toBe(false);
    expect(found(index, { name: 'Peter Hall', dateOfBirth: '1985-03-03' })).toBe(false);
  });

  it('lowers it only a little for a year off by one or another day (lists are approximate)', () => {
    expect(found(index, { name: 'Adam Jones', dateOfBirth: '1971-05-14' })).toBe(true);
    expect(found(index, { name: 'Adam Jones', dateOfBirth: '1970-06-02' })).toBe(true);
    expect(score(index, { name: 'Adam Jones', dateOfBirth: '1970-06-02' })).toBeLessThan(1);
  });

  it('changes nothing when either side has no date', () => {
    expect(score(index, { name: 'Adam Jonse', dateOfBirth: null })).toBe(base('Adam Jonse'));
    expect(
      score(indexOf(entry('9', ['Adam Jonse'])), { name: 'Adam Jonse', dateOfBirth: '1980-01-01' }),
    ).toBe(1);
  });
});

describe('nationality', () => {
  const index = indexOf(
    entry('1', ['Adam Jones'], { nationalities: ['ir'] }),
    entry('2', ['Karim Haddad'], { nationalities: ['Syria'] }),
  );

  it('raises the score when it is a listed nationality, given as a code or a word', () => {
    const bare = score(index, 'Adam Jonse');
    expect(score(index, { name: 'Adam Jonse', nationality: 'ir' })).toBeGreaterThan(bare);
    expect(score(index, { name: 'Adam Jonse', nationality: 'Iran' })).toBeGreaterThan(bare);
    expect(score(index, { name: 'Adam Jonse', nationality: 'Iranian' })).toBeGreaterThan(bare);
    expect(score(index, { name: 'Karim Hadat', nationality: 'sy' })).toBeGreaterThan(
      score(index, 'Karim Hadat'),
    );
  });

  it('pulls an exact name below the threshold when it is a different nationality', () => {
    expect(found(index, { name: 'Adam Jones', nationality: 'gb' })).toBe(false);
    expect(found(index, { name: 'Adam Jones', nationality: 'British' })).toBe(false);
    expect(found(index, { name: 'Karim Haddad', nationality: 'GB' })).toBe(false);
  });

  it('changes nothing when either side has none', () => {
    expect(
      score(indexOf(entry('9', ['Adam Jones'])), { name: 'Adam Jones', nationality: 'gb' }),
    ).toBe(1);
    expect(score(index, { name: 'Adam Jones', nationality: '' })).toBe(1);
  });
});

describe('one-word names', () => {
  const index = indexOf(
    entry('1', ['John Smith']),
    entry('2', ['Muhammad Rahimi', 'Rumuli']),
    entry('3', ['Ahmed Khan']),
  );

  it('does not match everyone who shares one word with a listed name', () => {
    expect(found(index, 'Smith')).toBe(false);
    expect(found(index, 'Muhammad')).toBe(false);
    expect(found(index, { name: 'Smith', dateOfBirth: '1970-01-01', nationality: 'gb' })).toBe(
      false,
    );
    expect(found(index, 'Jane Rumuli')).toBe(false);
    expect(found(index, 'Ahmed')).toBe(false);
  });

  it('matches a one-word name given as such', () => {
    expect(index.search({ name: 'Rumuli' }, DEFAULT).map((m) => m.matchedName)).toEqual(['Rumuli']);
  });
});

describe('results', () => {
  const lists: IndexedList[] = [
    {
      list: 'ofac',
      version: 7,
      entries: [
        entry('10', ['Ali Hassan Rahimi', 'Ali Rahimi'], { datesOfBirth: ['1960'] }),
        entry('11', ['Ali Hasan Rahimy']),
      ],
    },
    {
      list: 'uk',
      version: 2,
      entries: [
        entry('20', ['Ali Rahimi']),
        entry('21', ['Alireza Rahimi Nejad']),
        entry('22', ['Jane Doe']),
      ],
    },
  ];
  const index = new ScreeningIndex(lists);

  it('counts the entries', () => {
    expect(index.size).toBe(5);
  });

  it('answers one match per entry, with its best name, best first, at or above the threshold', () => {
    const matches = index.search({ name: 'Ali Rahimi' }, DEFAULT);
    expect(matches.map((m) => `${m.list}:${m.entry.entryId}`)).toEqual([
      'ofac:10',
      'uk:20',
      'ofac:11',
    ]);
    expect(matches[0]).toMatchObject({ matchedName: 'Ali Rahimi', score: 1, version: 7 });
    expect(matches[1]).toMatchObject({
      matchedName: 'Ali Rahimi',
      score: 1,
      version: 2,
      list: 'uk',
    });
    expect(matches[2]!.score).toBeLessThan(1);
    expect(matches[2]!.score).toBeGreaterThanOrEqual(0.85);
    for (const m of matches) expect(m.score).toBeGreaterThanOrEqual(0.85);
  });

  it('puts a matching date of birth first', () => {
    const matches = index.search({ name: 'Ali Rahimi', dateOfBirth: '1960-03-01' }, DEFAULT);
    expect(matches[0]!.entry.entryId).toBe('10');
    expect(matches[0]!.score).toBe(1);
  });

  it('answers at most `limit`', () => {
    expect(index.search({ name: 'Ali Rahimi' }, { threshold: 0.85, limit: 2 })).toHaveLength(2);
    expect(index.search({ name: 'Ali Rahimi' }, { threshold: 0.85, limit: 0 })).toEqual([]);
  });

  it('takes its threshold from the caller', () => {
    const strict = index.search({ name: 'Ali Rahimi' }, { threshold: 1, limit: 20 });
    expect(strict.map((m) => m.entry.entryId)).toEqual(['10', '20']);
    const loose = index.search({ name: 'Ali Rahimi' }, { threshold: 0.5, limit: 20 });
    expect(loose.map((m) => m.entry.entryId)).toEqual(['10', '20', '11', '21']);
    for (let i = 1; i < loose.length; i++)
      expect(loose[i]!.score).toBeLessThanOrEqual(loose[i - 1]!.score);
  });

  it('answers nothing for an empty name or an empty index', () => {
    expect(index.search({ name: '  ' }, DEFAULT)).toEqual([]);
    expect(index.search({ name: "'-." }, DEFAULT)).toEqual([]);
    expect(new ScreeningIndex([]).search({ name: 'Ali Rahimi' }, DEFAULT)).toEqual([]);
    expect(new ScreeningIndex([]).size).toBe(0);
  });
});
