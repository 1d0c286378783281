import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatFileSize, MAX_FILE_NAME_BYTES, MESSAGES } from '@medienkatalog/domain';
import FileSystemAdapter, { Resource as FileSystemResource } from '@nephele/adapter-file-system';
import createServer, {
  BadRequestError,
  defaults,
  ForbiddenError,
  MethodNotSupportedError,
  ResourceNotFoundError,
  ResourceTreeNotCompleteError,
  type User,
} from 'nephele';
import './nephele-patches.ts';
import { isHiddenMember } from './teaser-folder.ts';

/** What our routes found out about a request before nephele sees it. */
export interface DavRequestContext {
  /** The medium's folder (exists). */
  folder: string;
  /** The signed-in producer, as nephele's user (locks are kept per user name). */
  username: string;
  /** For HEAD on a file: its size, which nephele leaves out of the answer. */
  headLength?: number | undefined;
  /** For GET and HEAD: headers set on a successful answer, given its content type. */
  readHeaders?: ((contentType: string) => Record<string, string>) | undefined;
}

export interface DavMountOptions {
  /** Largest file a PUT may store, in bytes. */
  maxFileSize: number;
  /** Where uploads are written before they replace their target (same file system). */
  uploadDir: string;
  /** Logs what went wrong inside nephele (answered 500). */
  logError: (error: unknown) => void;
}

/** An upload went past the size limit (answered 413). */
export class FileTooLargeError extends Error {}

interface ErrorResponse extends ServerResponse {
  locals?: { errors?: unknown[] };
}

type NepheleErrorHandler = (
  code: number,
  message: string,
  request: IncomingMessage,
  response: ErrorResponse,
  error?: Error,
) => Promise<void>;

/** What a file-system error of a resource stands for in WebDAV, with the German message. */
interface FileSystemFailure {
  status: 400 | 404 | 409;
  message: string;
}

const FILE_SYSTEM_FAILURES: Readonly<Record<string, FileSystemFailure>> = {
  ENOENT: { status: 404, message: MESSAGES.files.vanished },
  ENAMETOOLONG: { status: 400, message: MESSAGES.files.nameTooLong(MAX_FILE_NAME_BYTES) },
  ENOTDIR: { status: 409, message: MESSAGES.files.notAFolder },
  EEXIST: { status: 409, message: MESSAGES.files.targetExists },
  ENOTEMPTY: { status: 409, message: MESSAGES.files.targetExists },
};

/**
 * The client-side meaning of an error the disk raised, undefined for a real server error:
 * ENOENT is a file or folder that vanished meanwhile (the loser of two DELETEs, MOVEs or COPYs
 * of one file), ENAMETOOLONG a path longer than the file system takes, ENOTDIR a file where a
 * folder was named, EEXIST and ENOTEMPTY a target created meanwhile.
 */
function fileSystemFailure(error: unknown): FileSystemFailure | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === undefined ? undefined : FILE_SYSTEM_FAILURES[code];
}

/**
 * Runs a resource's file-system work, raising its client-side failures as nephele's errors:
 * nephele answers those with their status, also inside a Multi-Status (MOVE, COPY, DELETE of a
 * folder's members), where any other error becomes a 500.
 */
async function asDavErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = fileSystemFailure(error);
    if (!failure) {
      throw error;
    }
    const DavError = {
      400: BadRequestError,
      404: ResourceNotFoundError,
      409: ResourceTreeNotCompleteError,
    }[failure.status];
    throw Object.assign(new DavError(failure.message), { german: true });
  }
}

async function insideRoot(root: string, absolutePath: string): Promise<boolean> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(absolutePath)]);
    return real === realRoot || real.startsWith(`${realRoot}${path.sep}`);
  } catch {
    return false;
  }
}

/**
 * The adapter's resource, with uploads that write to a temporary file first (a failed or
 * too large upload leaves the previous file as it was and no partial file behind) and
 * listings that leave out links pointing outside the medium's folder and the teaser's folder.
 */
class MediumResource extends FileSystemResource {
  declare adapter: MediumAdapter;

  override async setStream(input: Readable): Promise<void> {
    try {
      if (!(await stat(path.dirname(this.absolutePath))).isDirectory()) {
        throw new ResourceTreeNotCompleteError('The parent is not a collection.');
      }
    } catch (error) {
      if (error instanceof ResourceTreeNotCompleteError) {
        throw error;
      }
      throw new ResourceTreeNotCompleteError(
        'One or more intermediate collections must be created before this resource.',
      );
    }
    if (await this.isCollection()) {
      throw new MethodNotSupportedError('This resource is an existing collection.');
    }
    // The cached etag of the old content no longer holds.
    (this as unknown as { etag: string | undefined }).etag = undefined;

    const { maxFileSize, uploadDir } = this.adapter.mount;
    await mkdir(uploadDir, { recursive: true });
    const temporary = path.join(uploadDir, `${randomUUID()}.part`);
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > maxFileSize ? new FileTooLargeError() : null, chunk);
      },
    });
    // Piped, not pipelined: an error must not destroy the request, whose socket still has to
    // carry the answer (413).
    const stopOnAbort = () => {
      if (!input.readableEnded) {
        limit.destroy(new Error('The upload was aborted.'));
      }
    };
    input.once('error', stopOnAbort);
    input.once('close', stopOnAbort);
    input.pipe(limit);
    try {
      // A 1 MiB buffer lets the disk write overlap reading the next socket chunks (Node's 16 KiB
      // default pauses the upload after every chunk: 316 vs about 900 MiB/s, npm run bench:files).
      await pipeline(
        limit,
        createWriteStream(temporary, { flags: 'wx', highWaterMark: 1024 * 1024 }),
      );
      // The folder may have been deleted or moved while the upload ran.
      await moveInto(temporary, this.absolutePath).catch((error: unknown) => {
        throw fileSystemFailure(error)?.status === 404
          ? new ResourceTreeNotCompleteError(MESSAGES.files.vanished)
          : error;
      });
    } catch (error) {
      input.unpipe(limit);
      await rm(temporary, { force: true });
      throw error;
    } finally {
      input.off('error', stopOnAbort);
      input.off('close', stopOnAbort);
    }
  }

  override getStream(range?: { start: number; end: number }): Promise<Readable> {
    return asDavErrors(() => super.getStream(range));
  }

  override create(user: User): Promise<void> {
    return asDavErrors(() => super.create(user));
  }

  override async delete(user: User): Promise<void> {
    try {
      await asDavErrors(() => super.delete(user));
    } catch (error) {
      // nephele checks that the file exists, then that it may write it: a file deleted in
      // between (the loser of two concurrent DELETEs) fails the second check as 403.
      if (error instanceof ForbiddenError && !(await this.exists())) {
        throw Object.assign(new ResourceNotFoundError(MESSAGES.files.vanished), { german: true });
      }
      throw error;
    }
  }

  override copy(destination: URL, baseUrl: URL, user: User): Promise<void> {
    return asDavErrors(() => super.copy(destination, baseUrl, user));
  }

  override move(destination: URL, baseUrl: URL, user: User): Promise<void> {
    return asDavErrors(() => super.move(destination, baseUrl, user));
  }

  override getLength(): Promise<number> {
    return asDavErrors(() => super.getLength());
  }

  override getEtag(): Promise<string> {
    return asDavErrors(() => super.getEtag());
  }

  /** Locks and dead properties, in '{name}.nephelemeta' beside the file. */
  override readMetadataFile(): ReturnType<FileSystemResource['readMetadataFile']> {
    return asDavErrors(() => super.readMetadataFile());
  }

  override saveMetadataFile(
    ...args: Parameters<FileSystemResource['saveMetadataFile']>
  ): Promise<void> {
    return asDavErrors(() => super.saveMetadataFile(...args));
  }

  override async getInternalMembers(user: User): Promise<MediumResource[]> {
    const members = await asDavErrors(() => super.getInternalMembers(user));
    const kept: MediumResource[] = [];
    for (const member of members) {
      if (isHiddenMember(member.path)) {
        continue;
      }
      if (await insideRoot(this.adapter.root, member.absolutePath)) {
        kept.push(this.adapter.resourceAt(member.path, member.baseUrl));
      }
    }
    return kept;
  }
}

async function moveInto(temporary: string, target: string): Promise<void> {
  try {
    await rename(temporary, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
      throw error;
    }
    await copyFile(temporary, target);
    await rm(temporary, { force: true });
  }
}

/** nephele's file-system adapter on one medium's folder, handing out MediumResources. */
class MediumAdapter extends FileSystemAdapter {
  constructor(
    root: string,
    readonly mount: DavMountOptions,
  ) {
    super({ root });
  }

  resourceAt(relativePath: string, baseUrl: URL, collection = false): MediumResource {
    return new MediumResource({
      adapter: this,
      baseUrl,
      path: relativePath,
      ...(collection ? { collection: true } : {}),
    });
  }

  private relative(url: URL, baseUrl: URL): string {
    const relativePath = this.urlToRelativePath(url, baseUrl);
    if (relativePath === null) {
      throw new BadRequestError('The given path is not managed by this server.');
    }
    return relativePath;
  }

  private at(url: URL, baseUrl: URL, collection: boolean): MediumResource {
    return this.resourceAt(this.relative(url, baseUrl), baseUrl, collection);
  }

  override async getResource(url: URL, baseUrl: URL): Promise<MediumResource> {
    const resource = this.at(url, baseUrl, false);
    if (!(await resource.exists())) {
      throw new ResourceNotFoundError('Resource not found.');
    }
    return resource;
  }

  override async newResource(url: URL, baseUrl: URL): Promise<MediumResource> {
    return this.at(url, baseUrl, false);
  }

  override async newCollection(url: URL, baseUrl: URL): Promise<MediumResource> {
    return this.at(url, baseUrl, true);
  }
}

/** Methods on one resource whose failure nephele wraps in a 207 Multi-Status. */
const SINGLE_TARGET_METHODS = new Set(['DELETE', 'MOVE', 'COPY', 'UNLOCK']);

/**
 * A Multi-Status with one failed response for the request's own resource (or its destination)
 * as the plain status it stands for (RFC 4918 9.6.1, 9.8.5, 9.9.4, 9.11.1): clients read the
 * status line, not the body (litmus: MOVE of a locked file must answer 423, UNLOCK with a
 * foreign token 409). Undefined when the body says more than that.
 */
export function singleFailure(
  xml: string,
  targets: readonly string[],
): { status: number; body: string } | undefined {
  const responses = xml.match(/<(?:\w+:)?response>/g) ?? [];
  if (responses.length !== 1) {
    return undefined;
  }
  const href = /<(?:\w+:)?href>([^<]*)<\/(?:\w+:)?href>/.exec(xml)?.[1];
  const status = /<(?:\w+:)?status>HTTP\/1\.1 (\d{3})/.exec(xml)?.[1];
  if (href === undefined || status === undefined || Number(status) < 400) {
    return undefined;
  }
  const canonical = (value: string) => {
    try {
      return decodeURIComponent(new URL(value, 'http://x.invalid').pathname).replace(/\/$/, '');
    } catch {
      return value;
    }
  };
  if (!targets.map(canonical).includes(canonical(href))) {
    return undefined;
  }
  const error = /<(?:\w+:)?error>([\s\S]*?)<\/(?:\w+:)?error>/.exec(xml)?.[1]?.trim();
  const body = error
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<error xmlns="DAV:">${error}</error>\n`
    : '';
  const conflict = error?.includes('lock-token-matches-request-uri') ?? false;
  return { status: conflict ? 409 : Number(status), body };
}

/**
 * The WebDAV handler: nephele (an Express app) with its file-system adapter on the folder of
 * the request's medium. Call it with the raw request, whose url is the part below
 * '/dav/{identifier}' and whose context was found by our routes (authentication and the
 * ownership and path checks happen there, before nephele sees the request).
 */
export function createDavMount(options: DavMountOptions) {
  const contexts = new WeakMap<IncomingMessage, DavRequestContext>();
  const contextOf = (request: IncomingMessage): DavRequestContext => {
    const context = contexts.get(request);
    if (!context) {
      throw new Error('A /dav request reached nephele without its context');
    }
    return context;
  };

  const defaultErrorHandler = defaults.errorHandler as unknown as NepheleErrorHandler;
  const errorHandler: NepheleErrorHandler = async (code, message, request, response, error) => {
    if (code < 400) {
      await defaultErrorHandler(code, message, request, response, error);
      return;
    }
    response.locals?.errors?.push(error);
    if (response.headersSent || response.destroyed) {
      response.end();
      return;
    }
    let status = code;
    // nephele words its refusals in English: users read them in German (ours are German already).
    let text =
      (error as { german?: boolean } | undefined)?.german === true
        ? message
        : (MESSAGES.files.davStatus[code] ?? MESSAGES.badRequest);
    const failure = code >= 500 ? fileSystemFailure(error) : undefined;
    if (failure) {
      status = failure.status;
      text = failure.message;
    } else if (error instanceof FileTooLargeError) {
      status = 413;
      text = MESSAGES.files.tooLarge(formatFileSize(options.maxFileSize));
      // The rest of the body is not read: the connection cannot be used again.
      response.setHeader('Connection', 'close');
    } else if (code >= 500) {
      options.logError(error ?? new Error(message));
      text = MESSAGES.internalError;
    }
    const body = JSON.stringify({ error: STATUS_CODES[status] ?? 'Error', message: text });
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(body));
    response.end(body);
  };

  const server = createServer(
    {
      adapter: async (request: IncomingMessage) =>
        new MediumAdapter(contextOf(request).folder, options),
      authenticator: {
        authenticate: async (request: IncomingMessage) => ({
          username: contextOf(request).username,
        }),
        cleanAuthentication: async () => undefined,
      },
    },
    { errorHandler: errorHandler as never },
  ) as unknown as { disable(setting: string): void } & ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void);
  server.disable('x-powered-by');

  return {
    /** Hands a request to nephele; `prefix` is the '/dav/{identifier}' its url was under. */
    handle(
      request: IncomingMessage,
      response: ServerResponse,
      prefix: string,
      rest: string,
      context: DavRequestContext,
    ): void {
      contexts.set(request, context);
      if (SINGLE_TARGET_METHODS.has(request.method ?? '')) {
        const targets = [`${prefix}${rest}`];
        const destination = request.headers.destination;
        if (typeof destination === 'string') {
          targets.push(destination);
        }
        const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
        response.end = ((...args: unknown[]) => {
          const [chunk] = args;
          if (
            response.statusCode === 207 &&
            !response.headersSent &&
            (typeof chunk === 'string' || Buffer.isBuffer(chunk))
          ) {
            const failure = singleFailure(chunk.toString(), targets);
            if (failure) {
              response.statusCode = failure.status;
              response.setHeader('Content-Length', Buffer.byteLength(failure.body));
              return end(failure.body);
            }
          }
          return end(...args);
        }) as typeof response.end;
      }
      const { headLength, readHeaders } = context;
      if (headLength !== undefined || readHeaders !== undefined) {
        const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => unknown;
        response.writeHead = ((...args: unknown[]) => {
          const status = args[0] ?? response.statusCode;
          if (readHeaders && (status === 200 || status === 206)) {
            const type = response.getHeader('content-type');
            for (const [name, value] of Object.entries(readHeaders(String(type ?? '')))) {
              response.setHeader(name, value);
            }
          }
          // HEAD answers the length GET would send (clients read sizes from it).
          if (
            headLength !== undefined &&
            response.statusCode === 200 &&
            !response.hasHeader('content-length') &&
            !response.hasHeader('content-encoding')
          ) {
            response.setHeader('Content-Length', headLength);
          }
          return writeHead(...args);
        }) as typeof response.writeHead;
      }
      const express = request as IncomingMessage & { baseUrl?: string; originalUrl?: string };
      express.originalUrl = `${prefix}${rest}`;
      express.baseUrl = prefix;
      request.url = rest;
      server(request, response);
    },
  };
}
