import {
  AssignmentRequestSchema,
  CodeBatchRequestSchema,
  CodeBatchSchema,
  CreatedCodeBatchSchema,
  ErrorSchema,
  LicenceSchema,
  MediathekInputSchema,
  MediathekSchema,
  MESSAGES,
  OrganisationSchema,
  RedeemRequestSchema,
  ShareRequestSchema,
  UsageRowSchema,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CodesService } from './codes.service.ts';
import type { MediaCentreService } from './media-centre.service.ts';
import type { MediathekenService } from './mediatheken.service.ts';
import type { SharesService } from './shares.service.ts';

export interface LicenceRoutesOptions {
  shares: SharesService;
  mediaCentre: MediaCentreService;
  mediatheken: MediathekenService;
  codes: CodesService;
}

const IdParams = z.object({
  id: z.coerce
    .number({ error: MESSAGES.badRequest })
    .int({ error: MESSAGES.badRequest })
    .positive({ error: MESSAGES.badRequest })
    .max(Number.MAX_SAFE_INTEGER, { error: MESSAGES.badRequest }),
});
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const month = z
  .string({ error: MESSAGES.licences.date })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES.licences.date });
const thisMonth = () => new Date().toISOString().slice(0, 7);
const yearAgo = () => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 11);
  return date.toISOString().slice(0, 7);
};

/** Licences: producers' shares, Mediatheken and codes; media centres' desk; redeeming. */
export const licenceRoutes: FastifyPluginAsyncZod<LicenceRoutesOptions> = async (
  app,
  { shares, mediaCentre, mediatheken, codes },
) => {
  const producerTags = ['Produzent: Lizenzen'];
  const centreTags = ['Medienzentrum'];

  app.get(
    '/api/v1/producer/shares',
    {
      schema: {
        tags: producerTags,
        summary: 'The licences the producer granted (shares), newest first',
        response: { 200: z.array(LicenceSchema), ...errors },
      },
    },
    async (request) => shares.list(request.user),
  );

  app.post(
    '/api/v1/producer/shares',
    {
      schema: {
        tags: producerTags,
        summary: 'Grant licences on media, the pool or a Mediathek to media centres and schools',
        body: ShareRequestSchema,
        response: { 201: z.array(LicenceSchema), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await shares.share(request.user, request.body)),
  );

  app.delete(
    '/api/v1/producer/shares/:id',
    {
      schema: {
        tags: producerTags,
        summary: 'Withdraw a share (and what media centres passed on from it)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await shares.withdraw(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/producer/organisations',
    {
      schema: {
        tags: producerTags,
        summary: 'Schools and media centres by name or school number, to share with',
        querystring: z.object({ q: z.string().trim().max(100).default('') }),
        response: { 200: z.array(OrganisationSchema), ...errors },
      },
    },
    async (request) => shares.organisations(request.user, request.query.q),
  );

  app.get(
    '/api/v1/producer/mediatheken',
    {
      schema: {
        tags: producerTags,
        summary: "The producer's Mediatheken with their media",
        response: { 200: z.array(MediathekSchema), ...errors },
      },
    },
    async (request) => mediatheken.list(request.user),
  );

  app.post(
    '/api/v1/producer/mediatheken',
    {
      schema: {
        tags: producerTags,
        summary: 'Create a Mediathek (its path must be new)',
        body: MediathekInputSchema,
        response: { 201: MediathekSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await mediatheken.save(request.user, request.body)),
  );

  app.put(
    '/api/v1/producer/mediatheken/:id',
    {
      schema: {
        tags: producerTags,
        summary: 'Change a Mediathek: name, path, description and media',
        params: IdParams,
        body: MediathekInputSchema,
        response: { 200: MediathekSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => mediatheken.save(request.user, request.body, request.params.id),
  );

  app.delete(
    '/api/v1/producer/mediatheken/:id',
    {
      schema: {
        tags: producerTags,
        summary: 'Delete a Mediathek (its licences end with it)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mediatheken.delete(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/mediatheken/by-path',
    {
      schema: {
        tags: ['Katalog'],
        summary: 'The Mediathek at a path (its name heads the search of its contents)',
        querystring: z.object({
          path: z
            .string({ error: MESSAGES.licences.mediathekPath })
            .min(1, { error: MESSAGES.licences.mediathekPath })
            .max(200, { error: MESSAGES.licences.mediathekPath }),
        }),
        response: {
          200: z.object({ name: z.string(), path: z.string(), description: z.string() }),
          400: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => mediatheken.byPath(request.query.path),
  );

  app.get(
    '/api/v1/producer/codes',
    {
      schema: {
        tags: producerTags,
        summary: "The producer's code batches with the state of every code",
        response: { 200: z.array(CodeBatchSchema), ...errors },
      },
    },
    async (request) => codes.batches(request.user),
  );

  app.post(
    '/api/v1/producer/codes',
    {
      schema: {
        tags: producerTags,
        summary: 'Make a batch of codes; the answer holds them in plain text, this once only',
        body: CodeBatchRequestSchema,
        response: { 201: CreatedCodeBatchSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return reply.code(201).send(await codes.create(request.user, request.body));
    },
  );

  app.delete(
    '/api/v1/producer/codes/:id',
    {
      schema: {
        tags: producerTags,
        summary: 'Revoke a code that nobody redeemed (409 for a redeemed one)',
        params: IdParams,
        response: { 204: z.null(), 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await codes.revoke(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/user/redeem',
    {
      schema: {
        tags: ['Benutzer'],
        summary: "Redeem a code (or its QR code's link): the user gets the code's licence",
        body: RedeemRequestSchema,
        response: {
          200: z.object({ message: z.string(), licences: z.array(LicenceSchema) }),
          409: ErrorSchema,
          429: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => codes.redeem(request.user, request.body.code, request.ip),
  );

  app.get(
    '/api/v1/user/licences',
    {
      schema: {
        tags: ['Benutzer'],
        summary: 'The licences the user holds itself (from redeemed codes)',
        response: { 200: z.array(LicenceSchema), ...errors },
      },
    },
    async (request) => codes.ownLicences(request.user),
  );

  app.get(
    '/api/v1/mz/licences',
    {
      schema: {
        tags: centreTags,
        summary: 'The licences the media centre holds and those it passed on to its schools',
        response: { 200: z.array(LicenceSchema), ...errors },
      },
    },
    async (request) => mediaCentre.licencesOf(request.user),
  );

  app.get(
    '/api/v1/mz/schools',
    {
      schema: {
        tags: centreTags,
        summary: 'The schools the media centre serves',
        response: { 200: z.array(OrganisationSchema), ...errors },
      },
    },
    async (request) => mediaCentre.schools(request.user),
  );

  app.post(
    '/api/v1/mz/licences/:id/assignments',
    {
      schema: {
        tags: centreTags,
        summary: 'Pass a licence on to schools of the district',
        params: IdParams,
        body: AssignmentRequestSchema,
        response: { 201: z.array(LicenceSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await mediaCentre.passOn(request.user, request.params.id, request.body.school_ids)),
  );

  app.delete(
    '/api/v1/mz/licences/:id',
    {
      schema: {
        tags: centreTags,
        summary: 'Withdraw a licence passed on to a school',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mediaCentre.withdraw(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/mz/history',
    {
      schema: {
        tags: centreTags,
        summary: "What the media centre's schools used: views, plays, downloads per month",
        querystring: z.object({
          from: month.optional(),
          to: month.optional(),
          school: z.coerce.number({ error: MESSAGES.badRequest }).int().positive().optional(),
          medium: z.string().trim().max(200).optional(),
        }),
        response: { 200: z.array(UsageRowSchema), ...errors },
      },
    },
    async (request) =>
      mediaCentre.history(request.user, {
        from: request.query.from ?? yearAgo(),
        to: request.query.to ?? thisMonth(),
        schoolId: request.query.school,
        medium: request.query.medium,
      }),
  );

  app.get(
    '/api/v1/school/licences',
    {
      schema: {
        tags: ['Schulverwaltung'],
        summary: "A school admin's school's licences, a district admin's district's (read-only)",
        response: { 200: z.array(LicenceSchema), ...errors },
      },
    },
    async (request) => mediaCentre.licencesRead(request.user),
  );
};
