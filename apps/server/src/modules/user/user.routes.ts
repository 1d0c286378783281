import { ErrorSchema, MESSAGES } from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const FeaturesSchema = z.object({ media_editing: z.boolean() }).meta({ id: 'Features' });

/**
 * The calls the shell makes at start. Accounts arrive with their own issue; until then nobody
 * is signed in, so user info answers 401 and every feature has its default (off).
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/user/userinfo',
    {
      schema: {
        tags: ['Benutzer'],
        summary: 'The signed-in user (401 when anonymous)',
        response: { 401: ErrorSchema },
      },
    },
    async (_request, reply) =>
      reply.code(401).send({ error: 'Unauthorized', message: MESSAGES.loginRequired }),
  );

  app.get(
    '/api/v1/utils/features',
    {
      schema: {
        tags: ['Benutzer'],
        summary: 'Feature flags of the current user',
        response: { 200: FeaturesSchema },
      },
    },
    async () => ({ media_editing: false }),
  );
};
