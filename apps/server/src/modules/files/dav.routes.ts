import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import {
  CHAPTERS_FILE,
  formatFileSize,
  isValidFileName,
  MESSAGES,
  TRACKS_FOLDER,
} from '@medienkatalog/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { checkedText, MAX_CAPTION_BYTES } from '../media/captions.routes.ts';
import { BASIC_REALM, DavAuthenticator, DavUnauthorizedError } from './dav-auth.ts';
import { attachmentHeaders } from './active-content.ts';
import { createDavMount } from './dav-mount.ts';
import { DAV_ROOT, parseDavPath, parseDestination, pathOfUrl } from './dav-paths.ts';
import type { FilesService } from './files.service.ts';
import type { FileStorage } from './file-storage.ts';
import { changesTeaserFolder } from './teaser-folder.ts';

export interface DavOptions {
  storage: FileStorage;
  files: FilesService;
  maxFileSize: number;
  auth: AuthService;
  /** A file was written (PUT, or the target of MOVE or COPY): its path relative to the folder. */
  onStored?: (mediumId: number, relativePath: string) => Promise<void>;
}

/** Methods whose success leaves a file at the target. */
const STORING_METHODS = new Set(['PUT', 'MOVE', 'COPY']);

/** The methods of WebDAV that Fastify does not know by itself; all may carry a body. */
const EXTRA_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];
const DAV_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', ...EXTRA_METHODS];
/** Methods that create a name: its last segment must be a valid file name. */
const NAMING_METHODS = new Set(['PUT', 'MKCOL', 'MOVE', 'COPY']);

/** The name of a caption or chapters track a path names ('untertitel/de.vtt'), else undefined. */
function trackName(segments: readonly string[]): string | undefined {
  const [folder, name, ...deeper] = segments;
  return folder === TRACKS_FOLDER &&
    name !== undefined &&
    deeper.length === 0 &&
    /\.vtt$/i.test(name)
    ? name
    : undefined;
}

/** A request body of at most `limit` bytes (413 beyond). */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) {
      throw new HttpError(413, MESSAGES.captions.tooLarge);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const StorageUrlParams = z.object({ id: z.string().min(1).max(200) });

/** GET /api/v1/producer/mediafiles/webdav/{id}: the storage url of one of the producer's media. */
const storageUrlRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/api/v1/producer/mediafiles/webdav/:id',
    {
      schema: {
        tags: ['producer files'],
        summary: 'WebDAV-Adresse der Dateien eines eigenen Mediums',
        params: StorageUrlParams,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => ({ url: await files.storageUrl(request.user, request.params.id) }),
  );
};

/**
 * /dav/{identifier}/...: the WebDAV storage of one medium, served by nephele on the medium's
 * folder. Only the producer owning the medium gets in; every path (and Destination) must stay
 * in the folder; names are checked; uploads are streamed to disk up to maxFileSize.
 */
export const davRoutes: FastifyPluginAsync<DavOptions> = async (
  app,
  { storage, files, maxFileSize, auth, onStored },
) => {
  await app.register(storageUrlRoutes, { files });

  for (const method of EXTRA_METHODS) {
    if (!app.supportedMethods.includes(method)) {
      app.addHttpMethod(method, { hasBody: true });
    }
  }
  const authenticator = new DavAuthenticator(auth);
  const mount = createDavMount({
    maxFileSize,
    uploadDir: storage.uploadsRoot,
    logError: (error) => {
      app.log.error({ err: error }, 'WebDAV request failed');
    },
  });

  async function exists(absolutePath: string): Promise<boolean> {
    try {
      await lstat(absolutePath);
      return true;
    } catch {
      return false;
    }
  }

  /** Checks what nephele cannot know, then hands the untouched request to it. */
  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const method = request.method;
    const davPath = parseDavPath(pathOfUrl(request.raw.url ?? ''));
    const user = await authenticator.authenticate(request);
    request.user = user;
    const medium = await files.ownMedium(user, davPath.identifier);
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      // nephele would unpack it, but a broken compressed body ended the process (an error
      // thrown in a stream callback); no WebDAV client compresses what it sends.
      throw new HttpError(415, MESSAGES.files.encodedBody);
    }
    // Confined to the medium's folder, links included (resolve also creates the folder).
    const absolutePath = await storage.resolve(medium.id, davPath.segments.join('/'));
    const folder = storage.folder(medium.id);

    let target = davPath;
    if (method === 'MOVE' || method === 'COPY') {
      const header = request.headers.destination;
      target = parseDestination(typeof header === 'string' ? header : undefined, davPath);
      const destination = await storage.resolve(medium.id, target.segments.join('/'));
      // nephele compares the destination with the request's own base: same spelling.
      request.raw.headers.destination = `${davPath.prefix}${target.rest}`;
      const overwrite = request.headers.overwrite;
      if (
        typeof overwrite === 'string' &&
        overwrite.trim().toUpperCase() === 'F' &&
        target.segments.length > 0 &&
        (await exists(destination))
      ) {
        throw new HttpError(412, MESSAGES.files.targetExists);
      }
    }
    if (changesTeaserFolder(method, davPath.segments.join('/'), target.segments.join('/'))) {
      throw new HttpError(403, MESSAGES.files.teaserFolder);
    }
    if (NAMING_METHODS.has(method)) {
      const name = target.segments.at(-1);
      if (name !== undefined && !isValidFileName(name)) {
        throw new HttpError(400, MESSAGES.files.badName);
      }
    }
    if (method === 'PUT') {
      const length = Number(request.headers['content-length'] ?? '0');
      if (length > maxFileSize) {
        throw new HttpError(413, MESSAGES.files.tooLarge(formatFileSize(maxFileSize)));
      }
    }

    // Captions and chapters reach the player as they are stored: a WebDAV upload into
    // 'untertitel/' is checked like one in the file manager (400 naming the bad line).
    const track = STORING_METHODS.has(method) ? trackName(target.segments) : undefined;
    if (track !== undefined) {
      const chapters = track.toLowerCase() === CHAPTERS_FILE;
      if (method !== 'PUT') {
        const source = await stat(absolutePath).catch(() => undefined);
        if (source?.isFile()) {
          if (source.size > MAX_CAPTION_BYTES) {
            throw new HttpError(413, MESSAGES.captions.tooLarge);
          }
          checkedText(await readFile(absolutePath), chapters);
        }
      } else {
        if (Number(request.headers['content-length'] ?? '0') > MAX_CAPTION_BYTES) {
          throw new HttpError(413, MESSAGES.captions.tooLarge);
        }
        const text = checkedText(await readBody(request.raw, MAX_CAPTION_BYTES), chapters);
        const found = await lstat(absolutePath).catch(() => undefined);
        if (found?.isDirectory()) {
          throw new HttpError(405, MESSAGES.files.davStatus[405] ?? MESSAGES.files.badName);
        }
        const existed = found !== undefined;
        if (existed && request.headers['if-none-match']?.trim() === '*') {
          throw new HttpError(412, MESSAGES.files.targetExists);
        }
        await mkdir(path.dirname(absolutePath), { recursive: true }).catch(() => {
          // 'untertitel' is a file here.
          throw new HttpError(409, MESSAGES.files.notAFolder);
        });
        const partial = `${absolutePath}.${randomBytes(4).toString('hex')}.partial`;
        try {
          await writeFile(partial, text);
          await rename(partial, absolutePath);
        } catch (error) {
          await rm(partial, { force: true });
          throw error;
        }
        void reply.hijack();
        reply.raw.writeHead(existed ? 204 : 201, existed ? {} : { 'Content-Length': '0' });
        reply.raw.end();
        await onStored?.(medium.id, target.segments.join('/')).catch((error: unknown) => {
          app.log.error({ err: error, medium: medium.identifier }, 'Jobs of an upload failed');
        });
        return;
      }
    }

    let headLength: number | undefined;
    if (method === 'HEAD') {
      const found = await stat(absolutePath).catch(() => undefined);
      headLength = found?.isFile() ? found.size : undefined;
    }

    if (onStored && STORING_METHODS.has(method)) {
      const stored = target.segments.join('/');
      reply.raw.once('finish', () => {
        if (reply.raw.statusCode === 201 || reply.raw.statusCode === 204) {
          onStored(medium.id, stored).catch((error: unknown) => {
            app.log.error({ err: error, medium: medium.identifier }, 'Jobs of an upload failed');
          });
        }
      });
    }
    void reply.hijack();
    mount.handle(request.raw, reply.raw, davPath.prefix, davPath.rest, {
      folder,
      username: user.email,
      headLength,
      // Files are handed to the producer's clients, never run in the app's origin.
      readHeaders: method === 'GET' || method === 'HEAD' ? attachmentHeaders : undefined,
    });
  }

  app.route({
    method: DAV_METHODS,
    url: `${DAV_ROOT}/*`,
    // Bodies stay unread: nephele streams them (uploads straight to disk).
    compress: false,
    decompress: false,
    // Answered before Fastify would look at the body.
    preParsing: async (request, reply) => {
      try {
        await serve(request, reply);
      } catch (error) {
        if (error instanceof DavUnauthorizedError && error.challenge) {
          void reply.header('WWW-Authenticate', `Basic realm="${BASIC_REALM}", charset="UTF-8"`);
        }
        const length = request.headers['content-length'];
        const hasBody =
          request.headers['transfer-encoding'] !== undefined ||
          (length !== undefined && length !== '0');
        if (hasBody) {
          // The unread body would otherwise be drained before the next request.
          void reply.header('Connection', 'close');
        }
        throw error;
      }
    },
    handler: async () => {
      throw new Error('/dav requests are answered in preParsing');
    },
  });
};
