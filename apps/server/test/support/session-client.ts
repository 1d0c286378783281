import type { App } from '../../src/app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over app.inject: keeps the cookies the server sets and echoes the CSRF
 * cookie in the x-csrf-token header, as the web app does.
 */
export class SessionClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: object) => this.request('POST', url, body);
  put = (url: string, body?: object) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);

  async request(method: Method, url: string, body?: object, options: { csrf?: boolean } = {}) {
    if (method !== 'GET' && !this.cookies.has('mk_csrf')) {
      // Like the app, which calls the user info first.
      await this.request('GET', '/api/v1/utils/features');
    }
    const csrf = this.cookies.get('mk_csrf');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (method !== 'GET' && csrf && options.csrf !== false) {
      headers['x-csrf-token'] = csrf;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.value === '' || (cookie.expires && cookie.expires < new Date());
      if (expired) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }
}
