import { MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { ATTEMPT_LIMITS } from '../src/modules/auth/attempt-limits.ts';
import { AuthRepository } from '../src/modules/auth/auth.repository.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { counterKey } from '../src/modules/auth/rate-limiter.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { smtpMailer } from '../src/modules/mail/mailer.ts';
import { mediumRecord } from './support/factories.ts';
import { mailLink, startMailReceiver, type MailReceiver } from './support/mail-receiver.ts';
import { SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const PASSWORD = 'Richtiges-Passwort-2026';
const WRONG = 'Falsches-Passwort-2026';
const SCHOOL = '10.20.30.40';
const HOME = '192.0.2.7';
/** The double submit of the web app (cookie and header alike). */
const CSRF = { cookies: { mk_csrf: 'csrf-token' }, headers: { 'x-csrf-token': 'csrf-token' } };

describe.each(databaseKinds)('attempt limits of login and WebDAV Basic (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let mail: MailReceiver;
  let accountNumber = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, [mediumRecord({ pool: 'fwu', fn_nr: 'LIM1' })]);
    mail = await startMailReceiver();
    app = await buildApp({ db: database.db, mailer: smtpMailer(mail.url) });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
    await database.destroy();
  });

  /** A confirmed producer of the pool fwu (may use /dav/FWU-LIM1/), new for each test. */
  async function newProducer(): Promise<string> {
    accountNumber += 1;
    const email = `produzent${String(accountNumber)}@schule.example`;
    await new AuthRepository(database.db).createUser({
      email,
      password_hash: await hashPassword(PASSWORD),
      vorname: 'Pia',
      name: 'Produzentin',
      role: 'L',
      schulname: '',
      type: 'MZ',
      context: 'admin/fwu',
      confirmed: true,
    });
    return email;
  }

  /** PROPFIND on the medium's storage with HTTP Basic, from a client address. */
  const propfind = (email: string, password: string, address = SCHOOL, target = app) =>
    target.inject({
      method: 'PROPFIND',
      url: '/dav/FWU-LIM1/',
      remoteAddress: address,
      headers: {
        depth: '0',
        authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      },
    });
  const login = (email: string, password: string, address = SCHOOL, target = app) =>
    target.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: address,
      payload: { email, password },
      ...CSRF,
    });

  /** A 429 with the German message and a Retry-After of the rest of the 15-minute window. */
  function expectLimited(answer: LightMyRequestResponse): void {
    expect(answer.statusCode).toBe(429);
    expect(answer.json<{ message: string }>().message).toBe(MESSAGES.tooManyRequests(15));
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }

  it('refuses Basic after 10 failures per account, the right password too, cached or not', async () => {
    const email = await newProducer();
    // Verified once: the server remembers these credentials for a minute.
    expect((await propfind(email, PASSWORD)).statusCode).toBe(207);
    for (let i = 0; i < ATTEMPT_LIMITS.loginPerAccount.max; i += 1) {
      const wrong = await propfind(email, WRONG);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['www-authenticate']).toMatch(/^Basic realm=/);
    }
    // Checked before anything is verified: the right password tells nothing any more, from
    // any address, at WebDAV and at the login form.
    expectLimited(await propfind(email, PASSWORD));
    expectLimited(await propfind(email, PASSWORD, HOME));
    expectLimited(await propfind(email, WRONG));
    expectLimited(await login(email, PASSWORD, HOME));
  });

  it('lets no more parallel guesses through than the limit allows', async () => {
    const email = await newProducer();
    const answers = await Promise.all(
      Array.from({ length: 2 * ATTEMPT_LIMITS.loginPerAccount.max }, () => propfind(email, WRONG)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      ATTEMPT_LIMITS.loginPerAccount.max,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      ATTEMPT_LIMITS.loginPerAccount.max,
    );
  });

  it('lets the right password in after fewer failures than the limit', async () => {
    const email = await newProducer();
    for (let i = 0; i < ATTEMPT_LIMITS.loginPerAccount.max - 1; i += 1) {
      expect((await propfind(email, WRONG)).statusCode).toBe(401);
    }
    expect((await propfind(email, PASSWORD)).statusCode).toBe(207);
    // Successes do not count: the account has one failure left.
    expect((await propfind(email, PASSWORD)).statusCode).toBe(207);
    expect((await login(email, WRONG)).statusCode).toBe(401);
    expectLimited(await login(email, PASSWORD));
  });

  it('ends Basic access at once when the password is changed or reset', async () => {
    const email = await newProducer();
    expect((await propfind(email, PASSWORD)).statusCode).toBe(207);

    const client = new SessionClient(app);
    expect(
      (await client.post('/api/v1/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
    const changed = await client.post('/api/v1/user/password', {
      current_password: PASSWORD,
      new_password: 'Zweites-Passwort-2026',
    });
    expect(changed.statusCode).toBe(204);
    expect((await propfind(email, PASSWORD)).statusCode).toBe(401);
    expect((await propfind(email, 'Zweites-Passwort-2026')).statusCode).toBe(207);

    expect((await client.post('/api/v1/auth/password/request', { email })).statusCode).toBe(202);
    const token =
      mailLink(await mail.lastMail(email, 'Passwort zurücksetzen')).searchParams.get('token') ?? '';
    const reset = await client.post('/api/v1/auth/password/reset', {
      token,
      password: 'Drittes-Passwort-2026',
    });
    expect(reset.statusCode).toBe(204);
    expect((await propfind(email, 'Zweites-Passwort-2026')).statusCode).toBe(401);
    expect((await propfind(email, 'Drittes-Passwort-2026')).statusCode).toBe(207);
  });

  it('counts failures, not successes: a user logs in 30 times in a row', async () => {
    const email = await newProducer();
    for (let i = 0; i < 30; i += 1) {
      expect((await login(email, PASSWORD)).statusCode, `login ${String(i + 1)}`).toBe(200);
    }
  });

  it("keeps one account's failures from blocking others at the same address, up to its limit", async () => {
    const attacked = await newProducer();
    const pupil = await newProducer();
    for (let i = 0; i < ATTEMPT_LIMITS.loginPerAccount.max; i += 1) {
      expect((await login(attacked, WRONG, SCHOOL)).statusCode).toBe(401);
    }
    expectLimited(await login(attacked, PASSWORD, SCHOOL));
    // The same school address: another account fails and succeeds as usual.
    expect((await login(pupil, WRONG, SCHOOL)).statusCode).toBe(401);
    expect((await login(pupil, PASSWORD, SCHOOL)).statusCode).toBe(200);
    expect((await propfind(pupil, PASSWORD, SCHOOL)).statusCode).toBe(207);

    // 300 failures would cost 300 Argon2 runs: the address's counter is set to one short of
    // the limit, as that many failures of any accounts would have left it.
    const { max } = ATTEMPT_LIMITS.loginPerAddress;
    const key = counterKey({ limit: ATTEMPT_LIMITS.loginPerAddress, subject: SCHOOL });
    const [counter] = await queryRows<{ count: number }>(
      database.db,
      sql`UPDATE rate_limits SET count = ${max - 1} WHERE key = ${key} RETURNING count`,
    );
    expect(counter?.count).toBe(max - 1);
    expect((await login(pupil, WRONG, SCHOOL)).statusCode).toBe(401);
    expectLimited(await login(pupil, PASSWORD, SCHOOL));
    expectLimited(await propfind(pupil, PASSWORD, SCHOOL));
    // Another address is not affected.
    expect((await login(pupil, PASSWORD, HOME)).statusCode).toBe(200);
  });

  it('shares the counters between two server instances on one database', async () => {
    const other = await buildApp({ db: database.db });
    try {
      const email = await newProducer();
      for (let i = 0; i < ATTEMPT_LIMITS.loginPerAccount.max / 2; i += 1) {
        expect((await login(email, WRONG, HOME, app)).statusCode).toBe(401);
        expect((await propfind(email, WRONG, HOME, other)).statusCode).toBe(401);
      }
      expectLimited(await login(email, PASSWORD, HOME, other));
      expectLimited(await propfind(email, PASSWORD, HOME, app));
    } finally {
      await other.close();
    }
  });

  it('starts a new window when one ends, and deletes the rows of ended windows', async () => {
    const email = await newProducer();
    for (let i = 0; i < ATTEMPT_LIMITS.loginPerAccount.max; i += 1) {
      expect((await login(email, WRONG, HOME)).statusCode).toBe(401);
    }
    expectLimited(await login(email, PASSWORD, HOME));
    const key = counterKey({ limit: ATTEMPT_LIMITS.loginPerAccount, subject: email });
    await database.db.execute(
      sql`UPDATE rate_limits SET window_start = window_start - interval '15 minutes',
                                 window_end = window_end - interval '15 minutes'
          WHERE key = ${key}`,
    );
    expect((await login(email, PASSWORD, HOME)).statusCode).toBe(200);

    await database.db.execute(
      sql`INSERT INTO rate_limits (key, window_start, window_end, count)
          VALUES ('login-account:alt', now() - interval '1 hour', now() - interval '45 minutes', 3)`,
    );
    // A new instance cleans up with its first counted attempt (then every five minutes).
    const fresh = await buildApp({ db: database.db });
    try {
      expect((await login(email, WRONG, HOME, fresh)).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
    const rows = await queryRows<{ key: string; count: number }>(
      database.db,
      sql`SELECT key, count FROM rate_limits WHERE window_end < now() OR key = ${key}`,
    );
    expect(rows).toEqual([{ key, count: 1 }]);
  });

  it('counts every use of a mailed token, with Retry-After', async () => {
    const confirm = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/register/confirm',
        remoteAddress: '198.51.100.9',
        payload: { token: 'x'.repeat(43) },
        ...CSRF,
      });
    for (let i = 0; i < ATTEMPT_LIMITS.tokenPerAddress.max; i += 1) {
      expect((await confirm()).statusCode).toBe(400);
    }
    expectLimited(await confirm());
  });
});
