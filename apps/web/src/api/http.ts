import { i18next } from '../i18n/i18n.ts';

/** A failed API call; `message` is the server's German message or a general one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const CSRF_COOKIE = 'mk_csrf';

function csrfToken(): string | undefined {
  return document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`))
    ?.slice(CSRF_COOKIE.length + 1);
}

/**
 * The header that state-changing calls carry (the API's and the file storage's): the token of
 * the CSRF cookie, fetched first when the cookie is not there yet.
 */
export async function csrfHeaders(): Promise<{ 'X-CSRF-Token': string }> {
  if (!csrfToken()) {
    // Any API answer hands out the CSRF cookie.
    await fetch('/api/v1/utils/features', { credentials: 'same-origin' });
  }
  return { 'X-CSRF-Token': csrfToken() ?? '' };
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** How calls reach the API: the browser's fetch, or in-process calls where the server renders. */
let transport: Transport = (path, init) => fetch(path, init);

/** For the server's render of the storefront (`entry-server.tsx`), which has no origin to ask. */
export function setApiTransport(next: Transport) {
  transport = next;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API on the same origin with the session cookie; state-changing calls carry the
 * CSRF token from its cookie. A non-OK answer throws an ApiError with the server's message.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  if (method !== 'GET') {
    Object.assign(headers, await csrfHeaders());
  }
  const response = await transport(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    let message = i18next.t('grid.error');
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') {
        message = body.message;
      }
    } catch {
      // Not JSON: keep the general message.
    }
    throw new ApiError(response.status, message);
  }
  return response;
}

export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return (await response.json()) as T;
}
