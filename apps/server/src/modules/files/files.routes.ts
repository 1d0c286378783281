import {
  contentTypeOf,
  DirlistSchema,
  ErrorSchema,
  MESSAGES,
  SetIndexSchema,
  ZipInfoSchema,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentHeaders } from './active-content.ts';
import { sendFile } from './file-response.ts';
import type { FilesService } from './files.service.ts';

export interface FileRoutesOptions {
  files: FilesService;
}

const tags = ['Produzent: Dateien'];
const IdParams = z.object({ id: z.string().min(1).max(200) });
const errors = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * The producer's file calls (producer spec 7.2): dirlist, index file, ZIP and the download of
 * one file. {id} is the medium's identifier; only the producer whose pool holds it may call.
 */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { files }) => {
  app.get(
    '/api/v1/producer/media/:id/dirlist',
    {
      schema: {
        tags,
        summary: "The medium's index file and ZIP (all null until set or built)",
        params: IdParams,
        response: { 200: DirlistSchema, ...errors },
      },
    },
    async (request) => files.dirlist(request.user, request.params.id),
  );

  app.put(
    '/api/v1/producer/media/:id/dirlist/index',
    {
      schema: {
        tags,
        summary: 'Set the index file (a relative path naming an existing file)',
        params: IdParams,
        body: SetIndexSchema,
        response: { 200: DirlistSchema, 400: ErrorSchema, ...errors },
      },
    },
    async (request) => files.setIndex(request.user, request.params.id, request.body.fn_index),
  );

  app.post(
    '/api/v1/producer/media/:id/dirlist/zip',
    {
      schema: {
        tags,
        summary: "Build the ZIP of all the medium's files (409 when it has none)",
        description:
          'Runs as a job on the queue and waits for it; a build still running after two ' +
          'minutes answers 503 with Retry-After (ask again: the same build is not repeated).',
        params: IdParams,
        response: { 200: ZipInfoSchema, 409: ErrorSchema, 503: ErrorSchema, ...errors },
      },
    },
    async (request) => files.buildZip(request.user, request.params.id),
  );

  app.get(
    '/api/v1/producer/mediafiles/download/:mediaId',
    {
      // Streamed as stored: compressing would break Range and Content-Length.
      compress: false,
      schema: {
        tags,
        summary: 'Download one file of the medium (Range supported)',
        params: z.object({ mediaId: z.string().min(1).max(200) }),
        querystring: z.object({
          path: z
            .string({ error: MESSAGES.files.fileNotFound })
            .min(1, { error: MESSAGES.files.fileNotFound })
            .max(4096),
        }),
        response: { 400: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await files.downloadPath(
        request.user,
        request.params.mediaId,
        request.query.path,
      );
      const { 'Content-Type': contentType, ...headers } = attachmentHeaders(
        contentTypeOf(file.name),
      );
      void reply.headers(headers);
      return sendFile(request, reply, file.absolute, {
        contentType,
        disposition: 'attachment',
        fileName: file.name,
      });
    },
  );
};
