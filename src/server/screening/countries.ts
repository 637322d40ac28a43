import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/**
 * The words lists use for a country (and for a nationality) that the ISO names miss. Lower case.
 * Lists say 'Iran (Islamic Republic of)', 'Syrian Arab Republic', 'British'; OpenSanctions
 * already gives codes.
 */
const EXTRA: Record<string, string> = {
  british: 'gb',
  'united kingdom of great britain and northern ireland': 'gb',
  uk: 'gb',
  england: 'gb',
  scotland: 'gb',
  wales: 'gb',
  'northern ireland': 'gb',
  american: 'us',
  usa: 'us',
  'united states of america': 'us',
  "democratic people's republic of korea": 'kp',
  'north korea': 'kp',
  'korea, north': 'kp',
  'republic of korea': 'kr',
  'south korea': 'kr',
  'korea, south': 'kr',
  'iran (islamic republic of)': 'ir',
  iranian: 'ir',
  'syrian arab republic': 'sy',
  syria: 'sy',
  syrian: 'sy',
  russia: 'ru',
  russian: 'ru',
  'democratic republic of the congo': 'cd',
  'congo, democratic republic of the': 'cd',
  'united republic of tanzania': 'tz',
  'venezuela (bolivarian republic of)': 've',
  'bolivia (plurinational state of)': 'bo',
  "lao people's democratic republic": 'la',
  'state of palestine': 'ps',
  palestinian: 'ps',
  'west bank': 'ps',
  gaza: 'ps',
  'republic of moldova': 'md',
  turkey: 'tr',
  türkiye: 'tr',
  burma: 'mm',
  'viet nam': 'vn',
  'ivory coast': 'ci',
  "cote d'ivoire": 'ci',
  iraqi: 'iq',
  afghan: 'af',
  pakistani: 'pk',
  'saudi arabian': 'sa',
  yemeni: 'ye',
  libyan: 'ly',
  egyptian: 'eg',
  somali: 'so',
  chinese: 'cn',
  cuban: 'cu',
  lebanese: 'lb',
  'soviet union': 'su',
  'former soviet union': 'su',
  'cabo verde': 'cv',
  'macedonia, the former yugoslav republic of': 'mk',
  'the former yugoslav republic of macedonia': 'mk',
};

/**
 * An ISO 3166 alpha-2 code, lower case, for a code or a country's (or nationality's) name in
 * English; null when it is neither.
 */
export function countryCode(value: string): string | null {
  const word = value.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  if (word === '') return null;
  if (/^[a-z]{2}$/.test(word)) {
    if (word === 'uk') return 'gb';
    return countries.isValid(word.toUpperCase()) ? word : null;
  }
  if (/^[a-z]{3}$/.test(word) && countries.isValid(word.toUpperCase())) {
    return countries.alpha3ToAlpha2(word.toUpperCase())?.toLowerCase() ?? null;
  }
  const extra = EXTRA[word];
  if (extra) return extra;
  return countries.getAlpha2Code(word, 'en')?.toLowerCase() ?? null;
}

/** A country's English name for a code ('gb' → 'United Kingdom'); the value itself otherwise. */
export function countryName(code: string): string {
  return countries.getName(code.toUpperCase(), 'en', { select: 'official' }) ?? code;
}
