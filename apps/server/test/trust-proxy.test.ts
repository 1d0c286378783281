import { MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import type { TrustProxy } from '../src/trust-proxy.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

/** Password requests allowed per client address and hour (auth.routes.ts). */
const REQUESTS_PER_ADDRESS = 20;
const CSRF = 'csrf-token-of-the-test';
const [account] = DEMO_ACCOUNTS;

interface Origin {
  /** The socket's peer as the server sees it (app.inject's default is 127.0.0.1). */
  remoteAddress?: string;
  headers?: Record<string, string>;
}

describe.each(databaseKinds)('TRUST_PROXY (%s)', (kind) => {
  let database: TestDatabase;
  let app: App | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoAccounts(database.db);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    // The attempt counters live in the database: every case starts with none.
    await database.db.execute(sql`DELETE FROM rate_limits`);
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function appTrusting(trustProxy?: TrustProxy): Promise<App> {
    app = await buildApp({ db: database.db, ...(trustProxy === undefined ? {} : { trustProxy }) });
    return app;
  }

  let requestNumber = 0;
  /** A password request for a new e-mail address each time, so only the address limit counts. */
  async function passwordRequest(target: App, origin: Origin): Promise<number> {
    requestNumber += 1;
    const answer = await target.inject({
      method: 'POST',
      url: '/api/v1/auth/password/request',
      ...(origin.remoteAddress ? { remoteAddress: origin.remoteAddress } : {}),
      headers: { cookie: `mk_csrf=${CSRF}`, 'x-csrf-token': CSRF, ...origin.headers },
      payload: { email: `niemand-${String(requestNumber)}@schule.example` },
    });
    if (answer.statusCode === 429) {
      expect(answer.json<{ message: string }>().message).toBe(MESSAGES.tooManyRequests(60));
    }
    return answer.statusCode;
  }

  /** Uses up the requests of one client address; answers the status of one more request. */
  async function exhaust(target: App, origin: Origin, next: Origin): Promise<number> {
    for (let i = 0; i < REQUESTS_PER_ADDRESS; i += 1) {
      expect(await passwordRequest(target, origin)).toBe(202);
    }
    return passwordRequest(target, next);
  }

  /** The Secure flag of the session and CSRF cookies a login sets. */
  async function loginCookiesSecure(target: App, origin: Origin) {
    const answer = await target.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      ...(origin.remoteAddress ? { remoteAddress: origin.remoteAddress } : {}),
      headers: { cookie: `mk_csrf=${CSRF}`, 'x-csrf-token': CSRF, ...origin.headers },
      payload: { email: account?.email, password: account?.password },
    });
    expect(answer.statusCode).toBe(200);
    const secure = (name: string) =>
      answer.cookies.find((cookie) => cookie.name === name)?.secure === true;
    return { session: secure('mk_session'), csrf: secure('mk_csrf') };
  }

  const forgedHttps = { headers: { 'x-forwarded-proto': 'https' } };

  describe('unset (the default)', () => {
    it('ignores a forged X-Forwarded-Proto: the cookies stay without Secure', async () => {
      const target = await appTrusting();
      expect(await loginCookiesSecure(target, forgedHttps)).toEqual({
        session: false,
        csrf: false,
      });
    });

    it('ignores a forged X-Forwarded-For: every request counts for the socket address', async () => {
      const target = await appTrusting();
      const forged = (address: string) => ({ headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < REQUESTS_PER_ADDRESS; i += 1) {
        expect(await passwordRequest(target, forged(`203.0.113.${String(i + 1)}`))).toBe(202);
      }
      expect(await passwordRequest(target, forged('198.51.100.77'))).toBe(429);
    });
  });

  describe('a list of proxy addresses', () => {
    const proxy = { remoteAddress: '10.1.2.3' };
    const viaProxy = (client: string, proto = 'https') => ({
      ...proxy,
      headers: { 'x-forwarded-for': client, 'x-forwarded-proto': proto },
    });

    it('makes the cookies Secure behind a TLS-terminating proxy, and only then', async () => {
      const target = await appTrusting(['10.0.0.0/8']);
      expect(await loginCookiesSecure(target, viaProxy('203.0.113.7'))).toEqual({
        session: true,
        csrf: true,
      });
      expect(await loginCookiesSecure(target, viaProxy('203.0.113.7', 'http'))).toEqual({
        session: false,
        csrf: false,
      });
      // A client reaching the server directly cannot claim https.
      expect(
        await loginCookiesSecure(target, { remoteAddress: '198.51.100.9', ...forgedHttps }),
      ).toEqual({ session: false, csrf: false });
    });

    it('limits each client behind the proxy on its own address', async () => {
      const target = await appTrusting(['10.0.0.0/8']);
      expect(await exhaust(target, viaProxy('203.0.113.7'), viaProxy('203.0.113.7'))).toBe(429);
      expect(await passwordRequest(target, viaProxy('203.0.113.8'))).toBe(202);
    });

    it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
      const target = await appTrusting(['10.0.0.0/8']);
      const direct = (client: string) => ({
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': client },
      });
      expect(await exhaust(target, direct('203.0.113.7'), direct('203.0.113.8'))).toBe(429);
    });
  });

  describe('a hop count (as config.ts reads TRUST_PROXY=1)', () => {
    it('takes the client from the last X-Forwarded-For entry', async () => {
      const target = await appTrusting(loadConfig({ TRUST_PROXY: '1' }).trustProxy);
      const chain = (client: string) => ({
        headers: { 'x-forwarded-for': `192.0.2.1, ${client}`, 'x-forwarded-proto': 'https' },
      });
      expect(await loginCookiesSecure(target, chain('203.0.113.7'))).toEqual({
        session: true,
        csrf: true,
      });
      // The first entry (whatever the client wrote) is not the address that is counted.
      expect(await exhaust(target, chain('203.0.113.7'), chain('203.0.113.7'))).toBe(429);
      expect(await passwordRequest(target, chain('203.0.113.8'))).toBe(202);
    });
  });
});
