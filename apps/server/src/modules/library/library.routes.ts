import {
  CatalogueItemSchema,
  CatalogueSearchQuerySchema,
  ErrorSchema,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/policies.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import type { LibraryService, MediaPage } from './library.service.ts';

const tags = ['Merkliste und Trends'];
const IdentifierParams = z.object({ identifier: z.string().min(1).max(200) });
const PageQuery = CatalogueSearchQuerySchema.pick({ p: true });

export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService }> = async (
  app,
  { library },
) => {
  app.put(
    '/api/v1/user/stars/:identifier',
    {
      schema: {
        tags,
        summary: 'Star a medium (put it on the wishlist); starring twice changes nothing',
        params: IdentifierParams,
        response: { 204: z.null(), 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await library.star(request.user, request.params.identifier);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v1/user/stars/:identifier',
    {
      schema: {
        tags,
        summary: 'Remove the star of a medium',
        params: IdentifierParams,
        response: { 204: z.null(), 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await library.unstar(request.user, request.params.identifier);
      return reply.code(204).send(null);
    },
  );

  /** A card list of the signed-in user: one page, the total in X-Total-Count. */
  const userList = (
    url: string,
    summary: string,
    load: (user: UserRow, page: number) => Promise<MediaPage>,
  ) => {
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          querystring: PageQuery,
          response: { 200: z.array(CatalogueItemSchema), 400: ErrorSchema, 401: ErrorSchema },
        },
      },
      async (request, reply) => {
        const page = await load(requireUser(request.user), request.query.p ?? 0);
        if (page.total !== undefined) {
          void reply.header('X-Total-Count', String(page.total));
        }
        return page.items;
      },
    );
  };

  userList(
    '/api/v1/user/wishlist',
    "The signed-in user's starred media, latest star first",
    (user, page) => library.wishlist(user, page),
  );
  userList(
    '/api/v1/user/trending',
    'Media most starred and viewed by all users in the last 30 days',
    (user, page) => library.trending(user, page),
  );
  userList(
    '/api/v1/user/classlibrary',
    "Media shared with the signed-in user's class, latest first",
    (user, page) => library.classLibrary(user, page),
  );

  app.post(
    '/api/v1/media/:identifier/views',
    {
      schema: {
        tags,
        summary:
          'Count an opening of a medium (detail page or preview) for the trending list: once per signed-in user, medium and day; anonymous openings count nowhere',
        params: IdentifierParams,
        response: { 204: z.null(), 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await library.recordView(request.user, request.params.identifier);
      return reply.code(204).send(null);
    },
  );
};
