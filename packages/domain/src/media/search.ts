import { z } from 'zod';
import { MESSAGES } from '../messages/index.ts';
import {
  FACET_FIELDS,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_PAGE,
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
} from './search-options.ts';

const MAX_FILTER_VALUES = 50;

/** A filter parameter: values joined by '|', each checked against a pattern. */
function filterList(name: string, pattern: RegExp, maxLength = 2000) {
  return z
    .string({ error: MESSAGES.query.filter(name) })
    .max(maxLength, { error: MESSAGES.query.filter(name) })
    .transform((raw, context) => {
      const values = [
        ...new Set(
          raw
            .split('|')
            .map((value) => value.trim())
            .filter((value) => value !== ''),
        ),
      ];
      if (values.length > MAX_FILTER_VALUES || values.some((value) => !pattern.test(value))) {
        context.addIssue({ code: 'custom', message: MESSAGES.query.filter(name) });
        return z.NEVER;
      }
      return values;
    })
    .optional()
    .meta({ description: `Values joined by '|'; a trailing '*' matches as prefix.` });
}

const filters = {
  /** Subject-area codes; '080*' matches 080 and everything below it. */
  filter_fn_geb: filterList('Sachgebiete', /^\d{1,11}\*?$/),
  /** Language codes; 'de*' matches de, de(u) and de(h). */
  filter_fn_sprache: filterList('Sprache', /^[a-z][a-z0-9]{0,2}(\([uh]\))?\*?$/),
  /** Media type codes (exact). */
  filter_fn_typ: filterList('Medienart', /^[A-Za-z0-9_]{1,20}$/),
  /** Audience codes; 'A*' matches every A, 'A(5)' a medium for grade 5. */
  filter_fn_adressat: filterList('Klassenstufe', /^[A-Z]{1,3}(\(\d{1,2}(-\d{1,2})?\))?\*?$/),
  /** Keywords (exact, case-insensitive). */
  filter_fn_schlag: filterList('Schlagwort', /^[^\p{Cc}]{1,100}$/u),
  /** Producer name or pool (exact, case-insensitive). */
  filter_fn_prodname: filterList('Produzent', /^[^\p{Cc}]{1,200}$/u),
  /** Media-library (Mediathek) path: only media licensed to it. */
  filter_lizenzen: filterList('Mediathek', /^[A-Za-z0-9_\-./]{1,200}$/),
};

/** The filter parameters of a search, each a list of values (the kind `c` aside). */
export const SEARCH_FILTER_FIELDS = Object.keys(filters) as (keyof typeof filters)[];

const query = z
  .string({ error: MESSAGES.query.notText })
  .max(MAX_QUERY_LENGTH, { error: MESSAGES.query.tooLong(MAX_QUERY_LENGTH) })
  .optional()
  .meta({ description: 'Free text; words are ANDed, the last word also matches as a prefix.' });

const kind = z
  .enum(SEARCH_KINDS, { error: MESSAGES.query.kind })
  .optional()
  .meta({ description: 'all; media: every type but books and apps; books: 79, LEX; apps: 58, 69' });

export const CatalogueSearchQuerySchema = z.object({
  q: query,
  c: kind,
  p: z
    .string({ error: MESSAGES.query.page })
    .regex(/^\d{1,6}$/, { error: MESSAGES.query.page })
    .transform(Number)
    .refine((page) => page <= MAX_SEARCH_PAGE, {
      error: MESSAGES.query.pageTooDeep(MAX_SEARCH_PAGE + 1),
    })
    .optional()
    .meta({ description: `Page from 0, ${SEARCH_PAGE_SIZE} media each.` }),
  exact: z
    .enum(['1'], { error: MESSAGES.query.exact })
    .optional()
    .meta({ description: '1: the words as typed, without correcting typing errors.' }),
  ...filters,
});
export type CatalogueSearchQuery = z.infer<typeof CatalogueSearchQuerySchema>;

export const CatalogueDistinctQuerySchema = CatalogueSearchQuerySchema.omit({ p: true }).extend({
  f: z
    .union([z.enum(FACET_FIELDS), z.array(z.enum(FACET_FIELDS)).max(FACET_FIELDS.length)], {
      error: MESSAGES.query.facetField,
    })
    .optional()
    // Each field once: one asked twice was counted twice.
    .transform((value) => (value === undefined ? [...FACET_FIELDS] : [...new Set([value].flat())]))
    .meta({ description: 'Repeated; the fields whose values to list (default: all four).' }),
  geb_parent: z
    .string({ error: MESSAGES.query.subjectParent })
    .regex(/^\d{3}(\d{2}){0,3}$/, { error: MESSAGES.query.subjectParent })
    .optional()
    .meta({
      description: 'A subject-area code: fn_geb then counts the areas one level below it.',
    }),
});
export type CatalogueDistinctQuery = z.infer<typeof CatalogueDistinctQuerySchema>;

export const FacetValueSchema = z.object({
  value: z.string(),
  text: z.string(),
  count: z.number().int(),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

export const CatalogueDistinctSchema = z
  .object({
    fn_geb: z.array(FacetValueSchema).optional(),
    fn_sprache: z.array(FacetValueSchema).optional(),
    fn_typ: z.array(FacetValueSchema).optional(),
    fn_adressat: z.array(FacetValueSchema).optional(),
    approximate: z
      .boolean()
      .meta({ description: 'true when the counts were estimated from a sample (broad searches)' }),
  })
  .meta({ id: 'CatalogueDistinct' });
export type CatalogueDistinct = z.infer<typeof CatalogueDistinctSchema>;

/** A medium as cards and search results read it (catalogue spec, section 3). */
export const CatalogueItemSchema = z
  .object({
    identifier: z.string(),
    fn_titel: z.string(),
    fn_kurztext: z.string(),
    fn_text: z.string(),
    fn_typ: z.string(),
    fn_prodjahr: z.string(),
    fn_sprache: z.string(),
    fn_laenge: z
      .string()
      .meta({ description: 'Length in minutes (films, audio), shown on the cover; or empty' }),
    fn_prodname: z.string(),
    fn_adressat: z.string(),
    fn_geb: z.string(),
    fn_schlag: z.string(),
    publisher: z.string(),
    producer: z.string(),
    starred: z.boolean(),
    stars: z.number().int(),
    remaining: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Uses left under the licence that lets the user play it, if counted' }),
    access: z
      .enum(['own', 'open', 'licence', 'none'])
      .nullable()
      .meta({
        description:
          'For a signed-in user: why it plays (own medium, open medium, licence) or none; ' +
          'null for anonymous visitors',
      }),
    download: z.boolean().meta({ description: 'The signed-in user may download it' }),
    open_access: z
      .string()
      .meta({ description: "'' for licensed media; 'frei' or a Creative Commons licence" }),
    cover: z.string(),
    image: z.string().nullable(),
    geteilt_mit: z.array(z.string()),
    info: z.null(),
  })
  .meta({ id: 'CatalogueItem' });
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

/** One medium with every public field (media detail page). */
export const MediumDetailSchema = CatalogueItemSchema.extend({
  fn_nr: z.string(),
  fn_utitel: z.string(),
  fn_paratitel: z.string(),
  fn_langtext: z.string(),
  fn_sertitel: z.string(),
  fn_produ: z.string(),
  fn_herausgeber: z.string(),
  fn_autor: z.string(),
  fn_url: z.string(),
  fn_beigaben: z.string(),
  fn_aenderung: z.string().meta({ description: 'ISO 8601 time of the last change' }),
}).meta({ id: 'MediumDetail' });
export type MediumDetail = z.infer<typeof MediumDetailSchema>;

export const ErrorSchema = z
  .object({ error: z.string(), message: z.string().meta({ description: 'German, shown as is' }) })
  .meta({ id: 'Error' });

export const SUGGESTION_KINDS = ['title', 'keyword', 'subject', 'producer'] as const;

export const SuggestQuerySchema = z.object({
  q: z
    .string({ error: MESSAGES.query.notText })
    .max(MAX_QUERY_LENGTH, { error: MESSAGES.query.tooLong(MAX_QUERY_LENGTH) })
    .meta({ description: 'What the user typed so far; completions from the second letter on.' }),
});

export const SuggestionSchema = z.object({
  text: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
