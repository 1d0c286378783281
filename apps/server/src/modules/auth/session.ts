import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@medienkatalog/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
    /** The signed-in user; undefined when anonymous. */
    user: UserRow | undefined;
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
      request.user = await auth.sessionUser(token);
      if (!request.user) {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
    }
  });
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
