import {
  CatalogueDistinctQuerySchema,
  CatalogueDistinctSchema,
  CatalogueItemSchema,
  CatalogueSearchQuerySchema,
  ErrorSchema,
  MESSAGES,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchAnswer } from '../catalogue/catalogue.routes.ts';
import type { PreviewService } from './preview.service.ts';

const tags = ['Inhaltsvorschau'];

/** 'POOL-%': the media whose identifier starts with a producer's pool. */
const filterIdentifier = z
  .string({ error: MESSAGES.query.filter('Produzent') })
  .regex(/^[A-Za-z0-9_.]{1,100}-%$/, { error: MESSAGES.query.filter('Produzent') })
  .transform((value) => value.slice(0, -2).toLowerCase())
  .meta({ description: "'{pool}-%': the media of one producer" });

/** The entries of the preview sources (spec: producer and info.name). */
const PreviewSourceSchema = z
  .object({
    producer: z.string(),
    info: z.object({ name: z.string(), logo: z.string().nullable(), text: z.string() }),
  })
  .meta({ id: 'PreviewSource' });

export const previewRoutes: FastifyPluginAsyncZod<{ preview: PreviewService }> = async (
  app,
  { preview },
) => {
  app.get(
    '/api/v1/mzmedia/sichtung',
    {
      schema: {
        tags,
        summary: 'The producers whose content the user may preview',
        response: { 200: z.array(PreviewSourceSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => preview.sources(request.user),
  );

  app.get(
    '/api/v1/media/search',
    {
      schema: {
        tags,
        summary: "Search one producer's media for its content preview",
        querystring: CatalogueSearchQuerySchema.extend({ filter_identifier: filterIdentifier }),
        response: {
          200: z.array(CatalogueItemSchema),
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { filter_identifier: pool, ...query } = request.query;
      return searchAnswer(reply, await preview.search(request.user, pool, query));
    },
  );

  app.get(
    '/api/v1/media/search/distinct',
    {
      schema: {
        tags,
        summary: "Filter values of one producer's media under the current preview search",
        querystring: CatalogueDistinctQuerySchema.extend({ filter_identifier: filterIdentifier }),
        response: {
          200: CatalogueDistinctSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { filter_identifier: pool, ...query } = request.query;
      return preview.distinct(request.user, pool, query);
    },
  );
};
