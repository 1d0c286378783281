import data from './data/sachgebiete.json' with { type: 'json' };

/* The synonyms of the areas are in subject-search-terms.ts: the web app shows the names (filters,
   medium page) and would load the synonyms, as large again, for nothing. */

/** One subject area (Sachgebiet) of the media centres' classification. */
export interface SubjectArea {
  code: string;
  label: string;
  parent: string | null;
}

export const SUBJECT_AREAS: readonly SubjectArea[] = data;

const byCode = new Map(SUBJECT_AREAS.map((area) => [area.code, area]));
const childrenByParent = new Map<string | null, SubjectArea[]>();
for (const area of SUBJECT_AREAS) {
  const siblings = childrenByParent.get(area.parent) ?? [];
  siblings.push(area);
  childrenByParent.set(area.parent, siblings);
}

export function subjectArea(code: string): SubjectArea | undefined {
  return byCode.get(code);
}

export function subjectAreaName(code: string): string {
  return byCode.get(code)?.label ?? `Sachgebiet ${code}`;
}

/** The areas directly below a code; the top level for null. */
export function subjectAreaChildren(parent: string | null): readonly SubjectArea[] {
  return childrenByParent.get(parent) ?? [];
}

/**
 * The known areas on the way to a code, from the top level down, the code itself included when
 * known. Unknown codes get their known prefixes (3 digits, then 2 more per level).
 */
export function subjectAreaAncestors(code: string): SubjectArea[] {
  const known = byCode.get(code);
  if (known) {
    const path: SubjectArea[] = [];
    for (let area: SubjectArea | undefined = known; area;) {
      path.unshift(area);
      area = area.parent === null ? undefined : byCode.get(area.parent);
    }
    return path;
  }
  const prefixes: SubjectArea[] = [];
  for (let length = 3; length < code.length; length += 2) {
    const area = byCode.get(code.slice(0, length));
    if (area) {
      prefixes.push(area);
    }
  }
  return prefixes;
}
