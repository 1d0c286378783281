import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@medienkatalog/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';
import { isStorableText } from '../../input-guard.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../auth/session.ts';

/** Methods that change nothing: no CSRF header needed with a cookie session. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);

export const BASIC_REALM = 'Medienkatalog';

/** The challenge of WebDAV clients (litmus, cadaver, rclone, file managers). */
export class DavUnauthorizedError extends HttpError {
  constructor(readonly challenge: boolean) {
    super(401, MESSAGES.loginRequired);
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Who sends a /dav request. The web app sends its session cookie (and, for changes, the CSRF
 * header of the double submit, as for the API); external clients send HTTP Basic with the
 * account's e-mail address and password. A request with a session cookie is never answered
 * with a Basic challenge (the browser would pop up its own login dialog). Basic goes through
 * the login form's limits (AuthService.checkCredentials): 429 once they are used up.
 */
export class DavAuthenticator {
  constructor(private readonly auth: AuthService) {}

  /** The user of the request; 401 (with or without challenge) or 403 (CSRF) otherwise. */
  async authenticate(request: FastifyRequest): Promise<UserRow> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const user = await this.auth.sessionUser(token);
      if (user) {
        this.checkCsrf(request);
        return user;
      }
    }
    const header = request.headers.authorization;
    if (header?.startsWith('Basic ')) {
      return this.basicUser(request, header);
    }
    throw new DavUnauthorizedError(!token);
  }

  private checkCsrf(request: FastifyRequest): void {
    if (READ_METHODS.has(request.method)) {
      return;
    }
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(header, cookie)) {
      throw new HttpError(403, MESSAGES.csrf);
    }
  }

  private async basicUser(request: FastifyRequest, header: string): Promise<UserRow> {
    const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const email = colon === -1 ? '' : decoded.slice(0, colon);
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
    // A NUL in the address would reach SQL (and fail there): such credentials are simply wrong.
    const usable = email !== '' && password !== '' && isStorableText(email);
    const user = usable ? await this.auth.checkCredentials(email, password, request.ip) : undefined;
    if (!user) {
      throw new DavUnauthorizedError(!request.cookies[SESSION_COOKIE]);
    }
    return user;
  }
}
