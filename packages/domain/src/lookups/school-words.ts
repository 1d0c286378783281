import { SUBJECT_AREAS } from './subject-areas.ts';
import { subjectAreaSearchTerms } from './subject-search-terms.ts';

/**
 * Short forms of school subjects and topics as teachers and pupils say them, each with the name
 * of the subject area (Sachgebiet) it stands for, for the search: 'Mathe' finds what is filed
 * under Mathematik, 'NS-Zeit' what is filed under Faschismus und Nationalsozialismus. Keys are lower case without umlauts (as the search folds words); the names are
 * labels or search terms of subject areas, which the media carry in their search text.
 */
export const SCHOOL_WORDS: Readonly<Record<string, string>> = {
  mathe: 'Mathematik',
  bio: 'Biologie',
  erdkunde: 'Geographie',
  geo: 'Geographie',
  geografie: 'Geographie',
  reli: 'Religion',
  info: 'Informatik',
  sowi: 'Sozialkunde',
  powi: 'Politik',
  geko: 'Gesellschaftslehre',
  gemeinschaftskunde: 'Sozialkunde',
  wiwi: 'Wirtschaftskunde',
  sachkunde: 'Sachunterricht',
  nawi: 'Naturwissenschaften',
  ns: 'Nationalsozialismus',
  brd: 'Bundesrepublik Deutschland',
  daz: 'Deutsch als Zweitsprache',
  daf: 'Deutsch als Fremdsprache',
};

const NAMES = new Set(
  SUBJECT_AREAS.flatMap((area) => [area.label, ...subjectAreaSearchTerms(area.code)]).map((name) =>
    name.toLowerCase(),
  ),
);

/** The subject area name a (folded, lower-case) school word stands for, if it is one. */
export function schoolWordSubject(word: string): string | undefined {
  const name = SCHOOL_WORDS[word];
  return name !== undefined && NAMES.has(name.toLowerCase()) ? name : undefined;
}
