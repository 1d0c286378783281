import terms from './data/sachgebiete-suchbegriffe.json' with { type: 'json' };
import { subjectAreaAncestors } from './subject-areas.ts';

const SEARCH_TERMS: Readonly<Record<string, readonly string[] | undefined>> = terms;

/** Synonyms the search also knows a subject area by (not its label, not its ancestors'). */
export function subjectAreaSearchTerms(code: string): readonly string[] {
  return SEARCH_TERMS[code] ?? [];
}

/** Names and synonyms of the codes and their ancestors, for the search index. */
export function subjectAreaSearchText(codes: readonly string[]): string {
  const words = new Set<string>();
  for (const code of codes) {
    for (const area of subjectAreaAncestors(code)) {
      words.add(area.label);
      subjectAreaSearchTerms(area.code).forEach((term) => words.add(term));
    }
  }
  return [...words].join(' ');
}
