import { SUBJECT_AREAS } from './subject-areas.ts';
import { subjectAreaSearchTerms } from './subject-search-terms.ts';

/**
 * Short forms of school subjects and topics as teachers and pupils write them, each with the name
 * of the subject area (Sachgebiet) it stands for, for the search: 'Mathe' finds what is filed
 * under Mathematik, 'NS-Zeit' what is filed under Faschismus und Nationalsozialismus. The names
 * are labels or search terms of subject areas, which the media carry in their search text; the
 * search looks the words up folded (lower case, without umlauts: none has one).
 */
export const SCHOOL_WORDS: Readonly<Record<string, string>> = {
  Mathe: 'Mathematik',
  Bio: 'Biologie',
  Erdkunde: 'Geographie',
  Geo: 'Geographie',
  Geografie: 'Geographie',
  Reli: 'Religion',
  Info: 'Informatik',
  SoWi: 'Sozialkunde',
  PoWi: 'Politik',
  GeKo: 'Gesellschaftslehre',
  Gemeinschaftskunde: 'Sozialkunde',
  WiWi: 'Wirtschaftskunde',
  Sachkunde: 'Sachunterricht',
  NaWi: 'Naturwissenschaften',
  NS: 'Nationalsozialismus',
  BRD: 'Bundesrepublik Deutschland',
  DaZ: 'Deutsch als Zweitsprache',
  DaF: 'Deutsch als Fremdsprache',
};

const NAMES = new Set(
  SUBJECT_AREAS.flatMap((area) => [area.label, ...subjectAreaSearchTerms(area.code)]).map((name) =>
    name.toLowerCase(),
  ),
);

const BY_FOLDED_WORD = new Map(
  Object.entries(SCHOOL_WORDS).map(([word, name]) => [word.toLowerCase(), name]),
);

/** The subject area name a (folded, lower-case) school word stands for, if it is one. */
export function schoolWordSubject(word: string): string | undefined {
  const name = BY_FOLDED_WORD.get(word);
  return name !== undefined && NAMES.has(name.toLowerCase()) ? name : undefined;
}
