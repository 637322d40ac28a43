import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ListFormatError, type ListEntry, type ParsedList } from '../types.ts';
import { clean, entriesOf, entry, isoDate, nationality, yearsBetween } from './common.ts';

/** The root element of the UN Security Council Consolidated List. */
export const UN_ROOT = /<CONSOLIDATED_LIST[\s>]/;

/** Elements that may repeat: always arrays, so one and many read alike. */
const ARRAYS = new Set(['INDIVIDUAL', 'INDIVIDUAL_ALIAS', 'INDIVIDUAL_DATE_OF_BIRTH', 'VALUE']);

const parser = new XMLParser({
  ignoreAttributes: true,
  // Every value a string: a DATAID or a name that looks like a number stays as written.
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

type Text = string | undefined;
interface UnIndividual {
  DATAID?: Text;
  FIRST_NAME?: Text;
  SECOND_NAME?: Text;
  THIRD_NAME?: Text;
  FOURTH_NAME?: Text;
  UN_LIST_TYPE?: Text;
  NATIONALITY?: { VALUE?: Text[] } | '';
  INDIVIDUAL_ALIAS?: { ALIAS_NAME?: Text; QUALITY?: Text }[];
  INDIVIDUAL_DATE_OF_BIRTH?: {
    DATE?: Text;
    YEAR?: Text;
    FROM_YEAR?: Text;
    TO_YEAR?: Text;
  }[];
}

const text = (value: unknown): string => (typeof value === 'string' ? clean(value) : '');

function datesOfBirth(dates: UnIndividual['INDIVIDUAL_DATE_OF_BIRTH']): string[] {
  const out: string[] = [];
  for (const dob of dates ?? []) {
    if (typeof dob !== 'object' || dob === null) continue;
    const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(text(dob.DATE));
    if (date) {
      const iso = isoDate(Number(date[1]), Number(date[2]), Number(date[3]));
      if (iso) out.push(iso);
    }
    const year = isoDate(Number(text(dob.YEAR)));
    if (text(dob.YEAR) !== '' && year) out.push(year);
    const from = text(dob.FROM_YEAR);
    const to = text(dob.TO_YEAR);
    if (from !== '' || to !== '') out.push(...yearsBetween(Number(from || to), Number(to || from)));
  }
  return out;
}

/** The 1-based line of the `n`th (0-based) `<INDIVIDUAL>`, for an error about it. */
function lineOfIndividual(source: string, n: number): number | null {
  let index = -1;
  for (let i = 0; i <= n; i++) {
    index = source.indexOf('<INDIVIDUAL>', index + 1);
    if (index < 0) return null;
  }
  let line = 1;
  for (let i = source.indexOf('\n'); i >= 0 && i < index; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The individuals of the UN consolidated list: DATAID, the name from its parts, every alias
 * (good and low quality alike), each date or year of birth, nationalities and the regime.
 */
export function parseUnList(source: string): ParsedList {
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    throw new ListFormatError(`the XML is not well formed (${valid.err.msg})`, valid.err.line);
  }
  const doc = parser.parse(source) as {
    CONSOLIDATED_LIST?: { INDIVIDUALS?: { INDIVIDUAL?: UnIndividual[] } | '' };
  };
  const root = doc.CONSOLIDATED_LIST;
  if (root === undefined) throw new ListFormatError('The XML is not the UN consolidated list.');
  const individuals =
    (typeof root === 'object' && typeof root.INDIVIDUALS === 'object'
      ? root.INDIVIDUALS.INDIVIDUAL
      : undefined) ?? [];

  const entries = individuals.map((person, n): ListEntry => {
    const id = text(person.DATAID);
    const name = clean(
      [person.FIRST_NAME, person.SECOND_NAME, person.THIRD_NAME, person.FOURTH_NAME]
        .map(text)
        .join(' '),
    );
    if (id === '') {
      throw new ListFormatError('an INDIVIDUAL has no DATAID.', lineOfIndividual(source, n));
    }
    if (name === '') {
      throw new ListFormatError(`INDIVIDUAL ${id} has no name.`, lineOfIndividual(source, n));
    }
    const nationalities =
      typeof person.NATIONALITY === 'object' ? (person.NATIONALITY.VALUE ?? []) : [];
    return entry({
      entryId: id,
      kind: 'sanctions',
      name,
      names: (person.INDIVIDUAL_ALIAS ?? []).map((alias) => text(alias?.ALIAS_NAME)),
      datesOfBirth: datesOfBirth(person.INDIVIDUAL_DATE_OF_BIRTH),
      nationalities: nationalities
        .map((value) => nationality(text(value), true))
        .filter((code): code is string => code !== null),
      programmes: [text(person.UN_LIST_TYPE)],
    });
  });
  return entriesOf('un', entries);
}
