import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@medienkatalog/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';
import type { UserRow } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import { newToken } from './tokens.ts';

/** HttpOnly, SameSite=Lax: the session token never reaches scripts. */
export const SESSION_COOKIE = 'mk_session';
/** Readable by the app's scripts, which echo it in CSRF_HEADER on every state-changing call. */
export const CSRF_COOKIE = 'mk_csrf';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; undefined when anonymous, and on routes with `sessionLater`. */
    user: UserRow | undefined;
    /** On routes with `sessionLater`: the lookup of the session's user (see viewerOf). */
    pendingUser: Promise<UserRow | undefined> | undefined;
  }
  interface FastifyContextConfig {
    /**
     * The route awaits the session's user itself (viewerOf), so that the lookup runs beside the
     * route's first queries instead of before them: for reading routes whose work up to then is
     * the same for everyone (the catalogue search: a signed-in list made one more round trip).
     */
    sessionLater?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * For every API call: refuses state-changing calls whose CSRF header does not match the CSRF
 * cookie (double submit: another site can neither read the cookie nor send the header without
 * a CORS preflight, which this server never grants), hands out the CSRF cookie, and finds
 * the user of the session cookie.
 */
export function registerSessions(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', undefined);
  app.decorateRequest('pendingUser', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) {
      return;
    }
    const csrfCookie = request.cookies[CSRF_COOKIE];
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (!csrfCookie || typeof header !== 'string' || !sameToken(header, csrfCookie)) {
        throw new HttpError(403, MESSAGES.csrf);
      }
    } else if (!csrfCookie) {
      setCsrfCookie(reply);
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const lookup = auth.sessionUser(token).then((user) => {
        if (!user && !reply.sent) {
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
        }
        return user;
      });
      if (request.routeOptions.config.sessionLater && SAFE_METHODS.has(request.method)) {
        request.pendingUser = lookup;
        // Awaited by the route; a request refused before that must not leave it unhandled.
        lookup.catch(() => undefined);
      } else {
        request.user = await lookup;
      }
    }
  });
}

/** The signed-in user of a request, on every route (`sessionLater` or not). */
export function viewerOf(request: FastifyRequest): Promise<UserRow | undefined> {
  return request.pendingUser ?? Promise.resolve(request.user);
}

function setCsrfCookie(reply: FastifyReply): void {
  void reply.setCookie(CSRF_COOKIE, newToken(), {
    path: '/',
    sameSite: 'strict',
    secure: 'auto',
    httpOnly: false,
  });
}

/** Sets the cookie of a new session, and a new CSRF token with it. */
export function startSession(reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: 'auto',
    httpOnly: true,
  });
  setCsrfCookie(reply);
}

export function endSession(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
