import {
  CatalogueDistinctQuerySchema,
  CatalogueDistinctSchema,
  CatalogueItemSchema,
  CatalogueSearchQuerySchema,
  ErrorSchema,
  FacetValueSchema,
  MESSAGES,
  MediumDetailSchema,
  SuggestionSchema,
  SuggestQuerySchema,
} from '@medienkatalog/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../auth/session.ts';
import type { CatalogueService, SearchResult } from './catalogue.service.ts';

const tags = ['Katalog'];

/**
 * A search answer: the items; in the headers the total, whether it is estimated, and how the
 * query was searched (corrected, a suggestion, only some words), URI-encoded.
 */
export function searchAnswer(reply: FastifyReply, result: SearchResult) {
  void reply
    .header('X-Total-Count', String(result.total))
    .header('X-Total-Count-Approximate', String(result.approximate));
  if (result.corrected !== undefined) {
    void reply.header('X-Search-Corrected', encodeURIComponent(result.corrected));
  }
  if (result.suggestion !== undefined) {
    void reply.header('X-Search-Suggestion', encodeURIComponent(result.suggestion));
  }
  if (result.partial === true) {
    void reply.header('X-Search-Partial', 'true');
  }
  return result.items;
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v1/media/catalogue/search',
    {
      schema: {
        tags,
        summary: 'Search the published catalogue',
        description:
          'Ranked by relevance for a query (German stemming, umlaut spellings, prefix of the last ' +
          'word), newest first otherwise. The total is in X-Total-Count; X-Total-Count-Approximate ' +
          'is true when it is an estimate (broad searches). When no medium matches every word, ' +
          'the words are corrected (X-Search-Corrected: the query searched) or the media ' +
          'matching most words follow (X-Search-Partial: true); X-Search-Suggestion offers a ' +
          'correction of a query that found something. Words in double quotes match as a phrase.',
        querystring: CatalogueSearchQuerySchema,
        response: { 200: z.array(CatalogueItemSchema), 400: ErrorSchema },
      },
      config: { sessionLater: true },
    },
    async (request, reply) => {
      return searchAnswer(reply, await service.search(request.query, viewerOf(request)));
    },
  );

  app.get(
    '/api/v1/media/catalogue/suggest',
    {
      schema: {
        tags,
        summary: 'Completions while typing',
        description:
          'Up to 8 titles, keywords, subject areas and producers of the published catalogue ' +
          'with a word starting with q (from the second letter on; umlauts and case folded).',
        querystring: SuggestQuerySchema,
        response: { 200: z.array(SuggestionSchema), 400: ErrorSchema },
      },
    },
    async (request) => service.suggest(request.query.q),
  );

  app.get(
    '/api/v1/media/catalogue/search/distinct',
    {
      schema: {
        tags,
        summary: 'Filter values that occur under the current search, with counts',
        querystring: CatalogueDistinctQuerySchema,
        response: { 200: CatalogueDistinctSchema, 400: ErrorSchema },
      },
    },
    async (request) => service.distinct(request.query),
  );

  app.get(
    '/api/v1/media/catalogue/categories',
    {
      schema: {
        tags,
        summary: 'Subject areas one level below `parent` (the top level without) with media counts',
        description: 'Counts every published medium filed in the area or below it.',
        querystring: z.object({
          parent: z
            .string()
            .regex(/^\d{3}(\d{2}){0,3}$/, { error: MESSAGES.query.filter('Sachgebiete') })
            .optional(),
        }),
        response: { 200: z.array(FacetValueSchema), 400: ErrorSchema },
      },
    },
    async (request) => service.categories(request.query.parent),
  );

  app.get(
    '/api/v1/media/:identifier',
    {
      schema: {
        tags,
        summary: 'One published medium',
        params: z.object({ identifier: z.string().min(1).max(200) }),
        response: { 200: MediumDetailSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const medium = await service.findMedium(request.params.identifier, request.user);
      if (!medium) {
        return reply.code(404).send({ error: 'Not Found', message: MESSAGES.mediumNotFound });
      }
      return medium;
    },
  );
};
