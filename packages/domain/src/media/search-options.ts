/* Plain values of the search, kept apart from the zod schemas so the web app can use them
   without bundling zod. */

/** Media per page of a search answer (the card grid loads pages from 0). */
export const SEARCH_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 200;
/** Deepest page a search may ask for; nobody scrolls past 4,800 cards. */
export const MAX_SEARCH_PAGE = 199;

/** Values of the media-kind selector (`c`). Which type codes each means: see MEDIA_KINDS. */
export const SEARCH_KINDS = ['all', 'media', 'books', 'apps'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Fields with value lists for the filters (the distinct call's `f`). */
export const FACET_FIELDS = ['fn_geb', 'fn_sprache', 'fn_typ', 'fn_adressat'] as const;
export type FacetField = (typeof FACET_FIELDS)[number];
