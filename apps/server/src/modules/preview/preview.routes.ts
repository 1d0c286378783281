import {
  CatalogueDistinctQuerySchema,
  CatalogueDistinctSchema,
  CatalogueItemSchema,
  CatalogueSearchQuerySchema,
  ErrorSchema,
  isMediaCentreUser,
  isProducer,
  MESSAGES,
  producerPool,
} from '@medienkatalog/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import { requireUser } from '../auth/session.ts';
import { searchAnswer } from '../catalogue/catalogue.routes.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { SearchScope } from '../catalogue/search-filters.ts';
import type { PreviewRepository } from './preview.repository.ts';

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

/**
 * Who may preview which producer: a producer its own pool, drafts included; a media-centre user
 * any producer, but only the published media licensed to its context (lower-cased).
 */
function previewScope(request: FastifyRequest, pool: string): SearchScope {
  const user = requireUser(request);
  if (isProducer(user)) {
    if (pool !== producerPool(user).toLowerCase()) {
      throw new HttpError(403, MESSAGES.forbidden);
    }
    return { publishedOnly: false, pool };
  }
  if (isMediaCentreUser(user)) {
    return { publishedOnly: true, pool, licensedTo: user.context.toLowerCase() };
  }
  throw new HttpError(403, MESSAGES.forbidden);
}

export const previewRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  repository: PreviewRepository;
}> = async (app, { catalogue, repository }) => {
  app.get(
    '/api/v1/mzmedia/sichtung',
    {
      schema: {
        tags,
        summary: 'The producers whose content the user may preview',
        response: { 200: z.array(PreviewSourceSchema), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (isProducer(user)) {
        return [
          { producer: producerPool(user), info: { name: 'Meine Medien', logo: null, text: '' } },
        ];
      }
      if (!isMediaCentreUser(user)) {
        throw new HttpError(403, MESSAGES.forbidden);
      }
      const producers = await repository.licensedProducers(user.context.toLowerCase());
      return producers.map((producer) => ({
        producer: producer.pool,
        info: { name: producer.name, logo: null, text: '' },
      }));
    },
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
      const scope = previewScope(request, pool);
      return searchAnswer(reply, await catalogue.search(query, request.user?.id, scope));
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
      return catalogue.distinct(query, previewScope(request, pool));
    },
  );
};
