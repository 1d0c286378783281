import { lstat, stat } from 'node:fs/promises';
import { formatFileSize, isValidFileName, MESSAGES } from '@medienkatalog/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { BASIC_REALM, DavAuthenticator, DavUnauthorizedError } from './dav-auth.ts';
import { attachmentHeaders } from './active-content.ts';
import { createDavMount } from './dav-mount.ts';
import { DAV_ROOT, parseDavPath, parseDestination, pathOfUrl } from './dav-paths.ts';
import type { FilesService } from './files.service.ts';
import type { FileStorage } from './file-storage.ts';

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
