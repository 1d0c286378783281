import {
  BulkDeleteSchema,
  BulkResultSchema,
  BulkUpdateSchema,
  ErrorSchema,
  ProducerMediumInputSchema,
  ProducerMediumSchema,
  ProducerMediumUpdateSchema,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PRODUCER_PAGE, type ProducerService } from './producer.service.ts';

const tags = ['Produzent'];
const IdParams = z.object({ id: z.string().min(1).max(200) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** 'Meine Medien' (producer spec 7.1); every call checks that the medium is the producer's. */
export const producerRoutes: FastifyPluginAsyncZod<{ producer: ProducerService }> = async (
  app,
  { producer },
) => {
  app.get(
    '/api/v1/producer/media',
    {
      schema: {
        tags,
        summary: "The producer's media, last changed first (total in X-Total-Count)",
        querystring: z.object({
          p: z.coerce.number().int().min(0).max(100_000).default(0),
          limit: z.coerce.number().int().min(1).max(MAX_PRODUCER_PAGE).default(MAX_PRODUCER_PAGE),
        }),
        response: { 200: z.array(ProducerMediumSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await producer.list(request.user, request.query.p, request.query.limit);
      void reply.header('X-Total-Count', String(page.total));
      return page.items;
    },
  );

  // Registered before /:id, so 'bulk' is never taken for an id.
  app.patch(
    '/api/v1/producer/media/bulk',
    {
      schema: {
        tags,
        summary: 'Set the non-empty fields on up to 1000 media at once (all or nothing)',
        body: BulkUpdateSchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => ({
      updated: await producer.bulkUpdate(request.user, request.body.ids, request.body.updates),
    }),
  );

  app.delete(
    '/api/v1/producer/media/bulk',
    {
      schema: {
        tags,
        summary: 'Delete up to 1000 media at once (all or nothing); answers how many',
        body: BulkDeleteSchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => ({
      updated: await producer.bulkDelete(request.user, request.body.ids),
    }),
  );

  app.get(
    '/api/v1/producer/media/:id',
    {
      schema: {
        tags,
        summary: 'One medium of the producer',
        params: IdParams,
        response: { 200: ProducerMediumSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => producer.get(request.user, request.params.id),
  );

  app.post(
    '/api/v1/producer/media',
    {
      schema: {
        tags,
        summary: 'Create a medium (defaults: type 49, this year, de, draft)',
        body: ProducerMediumInputSchema,
        response: { 201: ProducerMediumSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await producer.create(request.user, request.body)),
  );

  app.put(
    '/api/v1/producer/media/:id',
    {
      schema: {
        tags,
        summary: 'Replace a medium; 409 when it changed after the given fn_aenderung',
        params: IdParams,
        body: ProducerMediumUpdateSchema,
        response: { 200: ProducerMediumSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => producer.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/producer/media/:id',
    {
      schema: {
        tags,
        summary: 'Delete a medium',
        params: IdParams,
        response: { 204: z.null(), 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await producer.delete(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
