import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CHAPTERS_FILE,
  checkWebVtt,
  ErrorSchema,
  MESSAGES,
  TRACKS_FOLDER,
} from '@medienkatalog/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import type { AccessPolicy, Actor } from '../auth/policies.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { trackFiles, TrackFileSchema } from './tracks.ts';

export interface CaptionRoutesOptions {
  storage: FileStorage;
  policy: AccessPolicy;
}

/** Caption files are text: 2 MB holds many hours of them. */
export const MAX_CAPTION_BYTES = 2 * 1024 * 1024;
const MAX_BYTES = MAX_CAPTION_BYTES;

const TrackListSchema = z.object({ tracks: z.array(TrackFileSchema) }).meta({ id: 'TrackList' });

const Params = z.object({ id: z.string().min(1).max(200) });
const LanguageParams = Params.extend({
  language: z.string().regex(/^[a-z]{2,3}$/, { error: MESSAGES.captions.language }),
});

/** The body as UTF-8 text that is valid WebVTT (captions or chapters), else 400 naming the line. */
export function checkedText(body: unknown, chapters: boolean): string {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new HttpError(400, MESSAGES.captions.invalid(1, 'Die Datei ist leer.'));
  }
  if (body.length > MAX_BYTES) {
    throw new HttpError(413, MESSAGES.captions.tooLarge);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new HttpError(400, MESSAGES.captions.encoding);
  }
  const checked = checkWebVtt(text, { chapters });
  if (!checked.ok) {
    throw new HttpError(400, MESSAGES.captions.invalid(checked.line, checked.problem));
  }
  return text;
}

/**
 * Captions per language and the chapters of an own medium's video (issue 14), stored as
 * WebVTT in the medium's 'untertitel/' folder ('de.vtt', 'kapitel.vtt'), where the link call
 * finds them. Each upload is checked first: a file with bad syntax is refused with 400 and a
 * German message naming the line.
 */
export const captionRoutes: FastifyPluginAsyncZod<CaptionRoutesOptions> = async (
  app,
  { storage, policy },
) => {
  for (const type of ['text/vtt', 'text/plain', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_BYTES }, (_, body, done) => {
      done(null, body);
    });
  }
  const tags = ['Produzent: Dateien'];
  const own = (actor: Actor, identifier: string) => policy.medium(actor, 'manage', identifier);

  const store = async (mediumId: number, name: string, text: string) => {
    const folder = path.join(await storage.ensureFolder(mediumId), TRACKS_FOLDER);
    await mkdir(folder, { recursive: true });
    const target = path.join(folder, name);
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, text);
    await rename(partial, target);
    return { tracks: await trackFiles(storage.folder(mediumId)) };
  };

  app.get(
    '/api/v1/producer/media/:id/captions',
    {
      schema: {
        tags,
        summary: "The WebVTT captions and chapters of an own medium's video",
        params: Params,
        response: { 200: TrackListSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const medium = await own(request.user, request.params.id);
      return { tracks: await trackFiles(storage.folder(medium.id)) };
    },
  );

  app.put(
    '/api/v1/producer/media/:id/captions/:language',
    {
      bodyLimit: MAX_BYTES,
      schema: {
        tags,
        summary: 'Upload the WebVTT captions of one language (body: the .vtt file)',
        description:
          'Content-Type text/vtt; UTF-8, at most 2 MB. Bad syntax answers 400 with a German ' +
          'message naming the line.',
        params: LanguageParams,
        response: {
          200: TrackListSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          413: ErrorSchema,
        },
      },
    },
    async (request) => {
      const medium = await own(request.user, request.params.id);
      const text = checkedText(request.body, false);
      return store(medium.id, `${request.params.language}.vtt`, text);
    },
  );

  app.put(
    '/api/v1/producer/media/:id/chapters',
    {
      bodyLimit: MAX_BYTES,
      schema: {
        tags,
        summary: 'Upload the chapters as WebVTT (each cue: a chapter title)',
        params: Params,
        response: {
          200: TrackListSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          413: ErrorSchema,
        },
      },
    },
    async (request) => {
      const medium = await own(request.user, request.params.id);
      return store(medium.id, CHAPTERS_FILE, checkedText(request.body, true));
    },
  );

  const remove = async (actor: Actor, identifier: string, name: string) => {
    const medium = await own(actor, identifier);
    const file = path.join(storage.folder(medium.id), TRACKS_FOLDER, name);
    await rm(file, { force: true });
    return { tracks: await trackFiles(storage.folder(medium.id)) };
  };

  app.delete(
    '/api/v1/producer/media/:id/captions/:language',
    {
      schema: {
        tags,
        summary: 'Remove the captions of one language',
        params: LanguageParams,
        response: { 200: TrackListSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => remove(request.user, request.params.id, `${request.params.language}.vtt`),
  );

  app.delete(
    '/api/v1/producer/media/:id/chapters',
    {
      schema: {
        tags,
        summary: 'Remove the chapters',
        params: Params,
        response: { 200: TrackListSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => remove(request.user, request.params.id, CHAPTERS_FILE),
  );
};
