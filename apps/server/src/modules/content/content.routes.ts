import { ErrorSchema, MediaLinkSchema, MESSAGES } from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessRepository } from '../auth/access.repository.ts';
import type { AccessPolicy } from '../auth/policies.ts';
import { isActiveContent } from '../files/active-content.ts';
import type { MediaUsesRepository } from '../licences/media-uses.repository.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { sendFile } from '../files/file-response.ts';
import type { FilesRepository } from '../files/files.repository.ts';
import { ContentService, PLAYER_PAGE_CSP } from './content.service.ts';

export interface ContentOptions {
  storage: FileStorage;
  files: FilesRepository;
  policy: AccessPolicy;
  media: AccessRepository;
  uses: MediaUsesRepository;
  secret: string;
  /** Link lifetime in seconds (default 6 hours). */
  linkSeconds?: number;
  /** The clock in milliseconds (tests move it). */
  now?: () => number;
}

/**
 * A file that can run script (a producer's web page, an SVG) runs in a sandbox: it gets an
 * opaque origin, so it can neither read this app's cookies nor call its API as the user, but it
 * may run its own scripts and load its own files by relative address. CORP lets those
 * sandboxed loads through (the token in the address is what guards the files).
 */
const SANDBOX_CSP = [
  'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-presentation',
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:",
  "frame-ancestors 'self'",
].join('; ');

/** Play and download: /api/v1/media/link/{identifier} and the signed /content/... addresses. */
export const contentRoutes: FastifyPluginAsyncZod<ContentOptions> = async (
  app,
  { storage, files, policy, media, uses, secret, linkSeconds, now },
) => {
  const content = new ContentService(storage, files, policy, media, uses, {
    secret,
    linkSeconds,
    now,
  });

  app.get(
    '/api/v1/media/link/:identifier',
    {
      schema: {
        tags: ['Medien'],
        summary: 'Signed play, download and player-page addresses of a medium (valid 6 hours)',
        description:
          "Signed-in users with a licence in force (their own or their organisation's), for " +
          'open media, and the owning producer (also for drafts); 403 says how to get access. ' +
          'Each call that hands out a file is a use, counted once per user, medium and day. ' +
          'direct: the index file, else the only file; download: the ZIP, else the only file; ' +
          'frame: an embeddable player page of direct. null where there is none; with ' +
          'purpose=download only the download.',
        params: z.object({ identifier: z.string().min(1).max(200) }),
        querystring: z.object({
          purpose: z
            .enum(['play', 'download'], { error: MESSAGES.badRequest })
            .default('play')
            .meta({ description: 'What the user is about to do: counted as a use of that kind' }),
        }),
        response: {
          200: MediaLinkSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const link = await content.link(
        request.user,
        request.params.identifier,
        request.query.purpose,
      );
      void reply.header('Cache-Control', 'private, no-store');
      return link;
    },
  );

  app.get(
    '/api/v1/producer/media/:id/files/link',
    {
      schema: {
        tags: ['Produzent: Dateien'],
        summary: 'Signed address that shows one file of an own medium as users see it (6 hours)',
        description:
          "The file manager's 'Im Browser öffnen': web pages and SVGs run sandboxed, never in " +
          "the app's origin.",
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: z.object({
          path: z
            .string({ error: MESSAGES.files.fileNotFound })
            .min(1, { error: MESSAGES.files.fileNotFound })
            .max(4096),
        }),
        response: {
          200: z.object({ url: z.string() }).meta({ id: 'FileLink' }),
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const url = await content.fileLink(request.user, request.params.id, request.query.path);
      void reply.header('Cache-Control', 'private, no-store');
      return { url };
    },
  );

  app.get(
    '/content/:identifier/:token/*',
    {
      // Streamed as stored: compressing would break Range and Content-Length.
      compress: false,
      schema: {
        tags: ['Medien'],
        summary: 'A file (Range supported) or player page named by a signed address',
        params: z.object({
          identifier: z.string().min(1).max(200),
          token: z.string().min(1).max(200),
          '*': z.string().max(4096),
        }),
        response: {
          200: z.string().meta({ description: 'The file, or the player page (HTML)' }),
          400: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { identifier, token, '*': filePath } = request.params;
      const answer = await content.serve(identifier, token, filePath);
      if (answer.kind === 'page') {
        return reply
          .header('Content-Security-Policy', PLAYER_PAGE_CSP)
          .header('Cache-Control', 'private, no-store')
          .type('text/html; charset=utf-8')
          .send(answer.html);
      }
      if (isActiveContent(answer.contentType)) {
        void reply
          .header('Content-Security-Policy', SANDBOX_CSP)
          .header('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      return sendFile(request, reply, answer.absolute, {
        contentType: answer.contentType,
        disposition: answer.disposition,
        fileName: answer.fileName,
      });
    },
  );
};
