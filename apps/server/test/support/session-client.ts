import type { App } from '../../src/app.ts';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.ts';

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

/** A client signed in as the demo account whose label starts with `label` ('Produzent', ...). */
export async function demoClient(app: App, label: string): Promise<SessionClient> {
  const account = DEMO_ACCOUNTS.find((demo) => demo.label.startsWith(label));
  if (!account) {
    throw new Error(`No demo account ${label}`);
  }
  const client = new SessionClient(app);
  const answer = await client.post('/api/v1/auth/login', {
    email: account.email,
    password: account.password,
  });
  if (answer.statusCode !== 200) {
    throw new Error(`Login as ${label} failed: ${answer.body}`);
  }
  return client;
}
