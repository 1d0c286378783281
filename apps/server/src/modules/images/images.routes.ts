import { COVER_SIZES, ErrorSchema, MESSAGES } from '@medienkatalog/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { requireUser, type AccessPolicy, type Actor } from '../auth/policies.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { isCoverSize, originOf, parseCoverAddress, wantsNocache } from './cover-address.ts';
import { ImageService, type Cover, type Placeholder } from './images.service.ts';

export interface ImageOptions {
  storage: FileStorage;
  policy: AccessPolicy;
  /** Finds the user of a session cookie (the session hook reads it for /api/ calls only). */
  auth: Pick<AuthService, 'sessionUser'>;
  /** PUBLIC_URL: absolute image-proxy addresses must name this origin or the request's own. */
  publicUrl: string;
}

const tags = ['Bilder'];

/** Published covers: browsers and proxies keep them five minutes, then ask with the ETag. */
const SHARED_CACHE = 'public, max-age=300, must-revalidate';
/** With the t= parameter the web app changes whenever it replaces the teaser. */
const VERSIONED_CACHE = 'public, max-age=86400';
/** A draft's cover, seen by its producer only. */
const PRIVATE_CACHE = 'private, no-cache';
/** Placeholders are asked for again soon: a teaser may arrive any minute. */
const PLACEHOLDER_CACHE = 'public, max-age=60';

const CoverParams = z.object({ size: z.string(), file: z.string() });
const CoverQuery = z.object({
  nocache: z.string().optional().meta({ description: '1: render again (owning producer only)' }),
  t: z.string().optional().meta({ description: 'Version of the teaser; allows long caching' }),
});
const ProxyQuery = z.object({
  url: z
    .string({ error: MESSAGES.images.proxyUrl })
    .meta({ description: 'Address of one of our covers, /covers/{WxH}/{IDENTIFIER}.jpg' }),
});

/** /covers/{WxH}/{IDENTIFIER}.jpg and the image proxy of the teaser editor. */
export const imageRoutes: FastifyPluginAsyncZod<ImageOptions> = async (
  app,
  { storage, policy, auth, publicUrl },
) => {
  const images = new ImageService(storage, policy);
  const publicOrigin = originOf(publicUrl);

  /** The signed-in user, also outside /api/ where the session hook does not look. */
  const viewerOf = (request: FastifyRequest) => {
    let viewer: Promise<Actor> | undefined;
    return () => {
      const token = request.cookies[SESSION_COOKIE];
      viewer ??= request.user || !token ? Promise.resolve(request.user) : auth.sessionUser(token);
      return viewer;
    };
  };

  app.get(
    '/covers/:size/:file',
    {
      schema: {
        tags,
        summary:
          "A medium's teaser at one of the cover sizes (JPEG); a placeholder when it has none",
        params: CoverParams,
        querystring: CoverQuery,
      },
    },
    async (request, reply) => {
      const { size, file } = request.params;
      if (!isCoverSize(size)) {
        throw new HttpError(404, MESSAGES.images.sizeUnknown(COVER_SIZES));
      }
      const identifier = /^(.{1,200})\.jpg$/i.exec(file)?.[1];
      if (identifier === undefined) {
        throw new HttpError(404, MESSAGES.notFound);
      }
      const image = await images.cover({
        size,
        identifier: identifier.toUpperCase(),
        nocache: wantsNocache(request.query.nocache),
        viewer: viewerOf(request),
        log: request.log,
      });
      const cacheControl =
        image.kind === 'placeholder'
          ? PLACEHOLDER_CACHE
          : image.rerendered
            ? 'no-store'
            : !image.shared
              ? PRIVATE_CACHE
              : request.query.t
                ? VERSIONED_CACHE
                : SHARED_CACHE;
      return sendImage(request, reply, image, cacheControl);
    },
  );

  app.get(
    '/api/v1/utils/image-proxy',
    {
      schema: {
        tags,
        summary:
          'One of our covers, rendered in-process (never fetched); nocache=1 in the address renders it again',
        querystring: ProxyQuery,
        response: { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
      // Before the address is checked: anonymous callers learn nothing about it.
      onRequest: async (request) => {
        requireUser(request.user);
      },
    },
    async (request, reply) => {
      const ownOrigins = [publicOrigin, originOf(`${request.protocol}://${request.host}`)].filter(
        (origin) => origin !== undefined,
      );
      const address = parseCoverAddress(request.query.url, ownOrigins);
      if (!address) {
        throw new HttpError(400, MESSAGES.images.proxyUrl);
      }
      const image = await images.cover({
        ...address,
        viewer: viewerOf(request),
        log: request.log,
      });
      if (image.kind === 'placeholder') {
        // The editor then keeps the image it uploaded.
        throw new HttpError(404, MESSAGES.images.noTeaser);
      }
      return sendImage(request, reply, image, 'no-store');
    },
  );
};

/** Answers an image with its validators, or 304 when the browser's copy is current. */
async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: Cover | Placeholder,
  cacheControl: string,
) {
  void reply.header('Content-Type', 'image/jpeg').header('Cache-Control', cacheControl);
  void reply.header('ETag', image.etag);
  if (image.kind === 'cover') {
    void reply.header('Last-Modified', image.lastModified.toUTCString());
  }
  if (cacheControl !== 'no-store' && isFresh(request, image)) {
    if (image.kind === 'cover' && 'file' in image.body) {
      await image.body.file.close();
    }
    return reply.code(304).send();
  }
  if (image.kind === 'placeholder') {
    return reply.send(image.buffer);
  }
  void reply.header('Content-Length', String(image.bytes));
  if ('buffer' in image.body) {
    return reply.send(image.body.buffer);
  }
  // Covers are small: read whole, so a browser that drops an image it no longer needs (a
  // scrolled grid, a page left) does not end a stream half-way.
  const { file } = image.body;
  try {
    return await reply.send(await file.readFile());
  } finally {
    await file.close();
  }
}

/** If-None-Match names the image's ETag, or (without one) If-Modified-Since is not older. */
function isFresh(request: FastifyRequest, image: Cover | Placeholder): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === image.etag);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined || image.kind === 'placeholder') {
    return false;
  }
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(image.lastModified.getTime() / 1000) * 1000 <= since;
}
