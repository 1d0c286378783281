import {
  parseKeywords,
  parseLanguages,
  parseSubjects,
  parseTargetGroups,
  subjectAreaAncestors,
  subjectAreaSearchText,
  mediumIdentifier,
  type NewMediumRecord,
} from '@medienkatalog/domain';

/**
 * The columns derived from a medium's stored text formats: the arrays the filters and facets
 * use, and the subject names that the search index adds. The stored texts stay the truth.
 */
export interface DerivedColumns {
  identifier: string;
  geb_codes: string[];
  geb_paths: string[];
  geb_top: string[];
  sprache_codes: string[];
  adressat_codes: string[];
  schlag_keys: string[];
  subject_text: string;
}

export function deriveColumns(record: NewMediumRecord): DerivedColumns {
  const subjects = parseSubjects(record.fn_geb);
  const paths = new Set(
    subjects.flatMap((code) => [...subjectAreaAncestors(code).map((area) => area.code), code]),
  );
  return {
    identifier: mediumIdentifier(record.pool, record.fn_nr),
    geb_codes: subjects,
    geb_paths: [...paths],
    geb_top: [...new Set(subjects.map((code) => code.slice(0, 3)))],
    sprache_codes: languageTokens(record.fn_sprache),
    adressat_codes: audienceTokens(record.fn_adressat),
    schlag_keys: [...new Set(parseKeywords(record.fn_schlag).map((word) => word.toLowerCase()))],
    subject_text: subjectAreaSearchText(subjects),
  };
}

/** 'de; en(u)' -> de, en, en(u): a base code matches every variant of it. */
function languageTokens(stored: string): string[] {
  const tokens = parseLanguages(stored).flatMap(({ code, variant }) =>
    variant === undefined ? [code] : [code, `${code}(${variant})`],
  );
  return [...new Set(tokens)];
}

/** 'A(5-7); SO' -> A, A(5), A(6), A(7), SO: a level filter is then an array overlap. */
function audienceTokens(stored: string): string[] {
  const tokens = parseTargetGroups(stored).flatMap(({ code, from, to }) => {
    if (from === undefined || to === undefined) {
      return [code];
    }
    const levels = Array.from({ length: Math.max(0, to - from) + 1 }, (_, i) => from + i);
    return [code, ...levels.map((level) => `${code}(${level})`)];
  });
  return [...new Set(tokens)];
}
