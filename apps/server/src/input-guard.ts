import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@medienkatalog/domain';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { HttpError } from './http-error.ts';

/** A UTF-16 surrogate without its partner: JavaScript allows it, UTF-8 cannot write it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text the database and the file system can take as it is: no NUL (PostgreSQL refuses it in
 * text, file systems end names at it) and no lone surrogate (stored as U+FFFD at best).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

/**
 * Every string of a parsed JSON body or query, object keys included. Walks without recursion:
 * a body of 100,000 nested arrays must not exhaust the stack.
 */
function allStorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isStorableText(item)) {
        return false;
      }
    } else if (Array.isArray(item)) {
      for (const element of item) {
        pending.push(element);
      }
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        pending.push(key, element);
      }
    }
  }
  return true;
}

/**
 * The decoded path of a request URL; undefined when its percent-encoding is not UTF-8 (the
 * router refuses such paths before any hook, see answerFrameworkError).
 */
function decodedPath(url: string): string | undefined {
  const query = url.indexOf('?');
  try {
    return decodeURIComponent(query === -1 ? url : url.slice(0, query));
  } catch {
    return undefined;
  }
}

/**
 * Refuses, for every route (those added later too), input that no handler should have to
 * think about, with 400 and a German message before it reaches SQL or the file system: a
 * path that does not decode as UTF-8, and NUL or lone surrogates in the path, the query or
 * (once parsed) any string of the body.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = decodedPath(request.url);
    if (path === undefined) {
      throw new HttpError(400, MESSAGES.badUrlEncoding);
    }
    if (!isStorableText(path) || !allStorable(request.query)) {
      throw new HttpError(400, MESSAGES.invalidCharacters);
    }
  });
  app.addHook('preValidation', async (request) => {
    if (!allStorable(request.body)) {
      throw new HttpError(400, MESSAGES.invalidCharacters);
    }
  });
}

/** Fastify's own refusals of a body, in words a user understands. */
const BODY_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.emptyJson,
};

/** The German message of a 4xx error Fastify raised itself (not one of our HttpErrors). */
export function clientErrorMessage(error: FastifyError): string {
  return BODY_ERROR_MESSAGES[error.code] ?? MESSAGES.badRequest;
}

/**
 * The router's own refusals, in German and without echoing the path: a path whose
 * percent-encoding is not UTF-8 (invalid sequences, lone surrogates) and a parameter over
 * maxParamLength.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, MESSAGES.badUrlEncoding]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, MESSAGES.urlTooLong]
        : [500, MESSAGES.internalError];
  void reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message });
}

/**
 * Answers a request Node could not even parse (a header block over the limit, a broken
 * request line) like Fastify's default, with German messages, and without a body for HEAD
 * (whose client would read it as the start of the next answer).
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MESSAGES.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MESSAGES.headersTooLarge]
        : [400, MESSAGES.badRequest];
  const label = STATUS_CODES[status] ?? 'Error';
  // Typed as Buffer's JSON form, but Node hands over the Buffer itself.
  const received: unknown = error.rawPacket;
  const isHead =
    Buffer.isBuffer(received) && received.subarray(0, 5).toString('latin1') === 'HEAD ';
  const body = isHead ? '' : JSON.stringify({ error: label, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${label}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
