import { audienceFilterTokens, GRADE_STAGES, type FacetField } from '@medienkatalog/domain';

/**
 * One row of the facet statement (CatalogueRepository.facetCounts): how many of the counted
 * matches hold `codes` in `field` (field '' : how many were counted). The statement groups the
 * matches by their whole array and the values are told apart here: at a million media grouping
 * 2,000 matches by their target groups took 1.3 ms, asking each school stage of each match in
 * SQL 6.3 ms.
 */
export interface FacetGroup {
  field: FacetField | '';
  codes: readonly (string | null)[] | null;
  count: number;
}

export interface FacetTally {
  /** How many matches were counted. */
  counted: number;
  values: { field: FacetField; value: string; count: number }[];
}

/** The school stages with the audience tokens each matches ('A(5-6)': A(5) and A(6)). */
const STAGE_TOKENS = GRADE_STAGES.map((stage) => ({
  value: stage.value,
  tokens: new Set(audienceFilterTokens(stage.value)),
}));

/**
 * The values each group stands for: subject areas and types as they are; languages without
 * their variants ('de(h)' is counted as 'de' already); target groups as the school stages
 * whose tokens they hold. Each value once per medium.
 */
function valuesOf(field: FacetField, codes: readonly (string | null)[]): Set<string> {
  const present = codes.filter((code): code is string => code !== null);
  switch (field) {
    case 'fn_adressat':
      return new Set(
        STAGE_TOKENS.filter((stage) => present.some((code) => stage.tokens.has(code))).map(
          (stage) => stage.value,
        ),
      );
    case 'fn_sprache':
      return new Set(present.filter((code) => !code.includes('(')));
    case 'fn_geb':
    case 'fn_typ':
      return new Set(present);
  }
}

/** Adds up the groups of the facet statement to a count per field and value. */
export function tallyFacets(groups: readonly FacetGroup[]): FacetTally {
  let counted = 0;
  const counts = new Map<FacetField, Map<string, number>>();
  for (const { field, codes, count } of groups) {
    if (field === '') {
      counted += count;
      continue;
    }
    const values = counts.get(field) ?? new Map<string, number>();
    counts.set(field, values);
    for (const value of valuesOf(field, codes ?? [])) {
      values.set(value, (values.get(value) ?? 0) + count);
    }
  }
  return {
    counted,
    values: [...counts].flatMap(([field, values]) =>
      [...values].map(([value, count]) => ({ field, value, count })),
    ),
  };
}
