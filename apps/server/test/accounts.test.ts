import { MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { smtpMailer } from '../src/modules/mail/mailer.ts';
import { mailLink, startMailReceiver, type MailReceiver } from './support/mail-receiver.ts';
import { SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const PUBLIC_URL = 'http://schule.example';

describe.each(databaseKinds)('accounts (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let mail: MailReceiver;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    mail = await startMailReceiver();
    app = await buildApp({
      db: database.db,
      mailer: smtpMailer(mail.url),
      auth: { publicUrl: PUBLIC_URL },
    });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
    await database.destroy();
  });

  const registration = (email: string, password = 'Gruene-Wiese-42') => ({
    email,
    password,
    vorname: 'Anna',
    name: 'Lehmann',
    role: 'L',
    schulname: 'Grundschule am See',
  });

  /** Registers, confirms through the mailed link and answers a client that is logged in. */
  async function registeredUser(email: string, password = 'Gruene-Wiese-42') {
    const client = new SessionClient(app);
    expect(
      (await client.post('/api/v1/auth/register', registration(email, password))).statusCode,
    ).toBe(202);
    const link = mailLink(await mail.lastMail(email, 'bestätigen'));
    const token = link.searchParams.get('token') ?? '';
    const confirmed = await client.post('/api/v1/auth/register/confirm', { token });
    expect(confirmed.statusCode).toBe(204);
    expect((await client.post('/api/v1/auth/login', { email, password })).statusCode).toBe(200);
    return client;
  }

  it('registers, confirms by mail, logs in with a new session and logs out', async () => {
    const client = new SessionClient(app);
    const answer = await client.post('/api/v1/auth/register', registration('anna@schule.example'));
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: MESSAGES.account.registered });

    const confirmation = await mail.lastMail('anna@schule.example', 'bestätigen');
    expect(confirmation.text).toContain('Guten Tag Anna Lehmann,');
    expect(confirmation.html).toContain('E-Mail-Adresse bestätigen');
    const link = mailLink(confirmation);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/register/success`);

    // Not confirmed yet: no login.
    const early = await client.post('/api/v1/auth/login', {
      email: 'anna@schule.example',
      password: 'Gruene-Wiese-42',
    });
    expect(early.statusCode).toBe(403);
    expect(early.json<{ message: string }>().message).toBe(MESSAGES.account.notConfirmed);

    const token = link.searchParams.get('token') ?? '';
    expect((await client.post('/api/v1/auth/register/confirm', { token })).statusCode).toBe(204);
    const reused = await client.post('/api/v1/auth/register/confirm', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ message: string }>().message).toBe(MESSAGES.account.tokenInvalid);

    expect((await client.get('/api/v1/user/userinfo')).statusCode).toBe(401);
    const login = await client.post('/api/v1/auth/login', {
      email: 'ANNA@schule.example',
      password: 'Gruene-Wiese-42',
    });
    expect(login.statusCode).toBe(200);
    const sessionCookie = login.cookies.find((cookie) => cookie.name === 'mk_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(login.json()).toEqual({
      email: 'anna@schule.example',
      vorname: 'Anna',
      name: 'Lehmann',
      role: 'L',
      school_admin: '',
      district_admin: '',
      klassenID: '',
      schulname: 'Grundschule am See',
      show_jitsi: false,
      type: '',
      context: '',
    });
    const [stored] = await queryRows<{ token_hash: string }>(
      database.db,
      sql`SELECT token_hash FROM sessions`,
    );
    // Only a hash of the token is stored.
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(sessionCookie?.value);

    // A second login replaces the session: the old cookie no longer works.
    const oldToken = client.cookies.get('mk_session') ?? '';
    await client.post('/api/v1/auth/login', {
      email: 'anna@schule.example',
      password: 'Gruene-Wiese-42',
    });
    expect(client.cookies.get('mk_session')).not.toBe(oldToken);
    const stale = new SessionClient(app);
    stale.cookies.set('mk_session', oldToken);
    expect((await stale.get('/api/v1/user/userinfo')).statusCode).toBe(401);

    expect((await client.get('/api/v1/user/userinfo')).json()).toMatchObject({ vorname: 'Anna' });
    const loggedOutToken = client.cookies.get('mk_session') ?? '';
    expect((await client.post('/api/v1/auth/logout')).statusCode).toBe(204);
    expect(client.cookies.has('mk_session')).toBe(false);
    expect((await client.get('/api/v1/user/userinfo')).statusCode).toBe(401);
    const replay = new SessionClient(app);
    replay.cookies.set('mk_session', loggedOutToken);
    expect((await replay.get('/api/v1/user/userinfo')).statusCode).toBe(401);
  });

  it('answers a taken address like a new one and tells its owner by mail', async () => {
    await registeredUser('ben@schule.example');
    const again = await new SessionClient(app).post(
      '/api/v1/auth/register',
      registration('Ben@Schule.example', 'Andere-Wiese-77'),
    );
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: MESSAGES.account.registered });
    const notice = await mail.lastMail('ben@schule.example', 'bereits ein Benutzerkonto');
    expect(mailLink(notice).pathname).toBe('/login/password-request');
  });

  it('refuses weak passwords and bad input with German messages', async () => {
    const client = new SessionClient(app);
    const cases: [object, string][] = [
      [registration('c@schule.example', 'kurz'), MESSAGES.account.passwordTooShort(10)],
      [registration('c@schule.example', 'x'.repeat(129)), MESSAGES.account.passwordTooLong(128)],
      [registration('c@schule.example', 'passwort123'), MESSAGES.account.passwordCommon],
      [registration('c@schule.example', 'aaaaaaaaaaaa'), MESSAGES.account.passwordCommon],
      [
        registration('c@schule.example', 'c@schule.example!'),
        MESSAGES.account.passwordContainsEmail,
      ],
      [registration('keine-adresse', 'Gruene-Wiese-42'), MESSAGES.account.email],
      [{ ...registration('c@schule.example'), role: 'X' }, MESSAGES.account.role],
      [{ ...registration('c@schule.example'), vorname: '' }, MESSAGES.account.name],
    ];
    for (const [body, message] of cases) {
      const answer = await client.post('/api/v1/auth/register', body);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(message);
    }
    // A long passphrase is fine.
    const long = await client.post(
      '/api/v1/auth/register',
      registration(
        'c@schule.example',
        'ein langer satz aus vielen woertern '.repeat(3).slice(0, 128),
      ),
    );
    expect(long.statusCode).toBe(202);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    await registeredUser('dora@schule.example');
    const client = new SessionClient(app);
    const wrong = await client.post('/api/v1/auth/login', {
      email: 'dora@schule.example',
      password: 'Falsches-Passwort-1',
    });
    const unknown = await client.post('/api/v1/auth/login', {
      email: 'niemand@schule.example',
      password: 'Falsches-Passwort-1',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json<{ message: string }>().message).toBe(MESSAGES.account.loginFailed);
    }
  });

  it('refuses state-changing calls without the CSRF header or with a wrong one', async () => {
    const client = await registeredUser('emil@schule.example');
    const body = { vorname: 'Emil', name: 'Neu', schulname: '', show_jitsi: true };
    const missing = await client.request('PUT', '/api/v1/user/profile', body, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json<{ message: string }>().message).toBe(MESSAGES.csrf);
    const forged = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: {
        cookie: `mk_session=${client.cookies.get('mk_session') ?? ''}; mk_csrf=abc`,
        'x-csrf-token': 'xyz',
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    expect((await client.get('/api/v1/user/userinfo')).json()).toMatchObject({ name: 'Lehmann' });

    const changed = await client.put('/api/v1/user/profile', body);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ vorname: 'Emil', name: 'Neu', show_jitsi: true });
  });

  it('resets a forgotten password once with the mailed link and ends all sessions', async () => {
    const oldSession = await registeredUser('frida@schule.example', 'Alter-Garten-11');
    const stranger = new SessionClient(app);
    const mailsBefore = mail.mails.length;
    const unknown = await stranger.post('/api/v1/auth/password/request', {
      email: 'unbekannt@schule.example',
    });
    const known = await stranger.post('/api/v1/auth/password/request', {
      email: 'frida@schule.example',
    });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: MESSAGES.account.passwordRequested });
    const resetMail = await mail.lastMail('frida@schule.example', 'Passwort zurücksetzen');
    expect(mail.mails.length).toBe(mailsBefore + 1);
    const link = mailLink(resetMail);
    expect(link.pathname).toBe('/login/password-reset/new');
    const token = link.searchParams.get('token') ?? '';

    const weak = await stranger.post('/api/v1/auth/password/reset', {
      token,
      password: 'qwertzuiop',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ message: string }>().message).toBe(MESSAGES.account.passwordCommon);

    // A refused password leaves the link usable.
    const reset = await stranger.post('/api/v1/auth/password/reset', {
      token,
      password: 'Neuer-Garten-22',
    });
    expect(reset.statusCode).toBe(204);
    const reused = await stranger.post('/api/v1/auth/password/reset', {
      token,
      password: 'Dritter-Garten-33',
    });
    expect(reused.statusCode).toBe(400);

    expect((await oldSession.get('/api/v1/user/userinfo')).statusCode).toBe(401);
    const oldLogin = await stranger.post('/api/v1/auth/login', {
      email: 'frida@schule.example',
      password: 'Alter-Garten-11',
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await stranger.post('/api/v1/auth/login', {
      email: 'frida@schule.example',
      password: 'Neuer-Garten-22',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    await registeredUser('gustav@schule.example');
    const client = new SessionClient(app);
    await client.post('/api/v1/auth/password/request', { email: 'gustav@schule.example' });
    const token =
      mailLink(
        await mail.lastMail('gustav@schule.example', 'Passwort zurücksetzen'),
      ).searchParams.get('token') ?? '';
    await database.db.execute(
      sql`UPDATE account_tokens SET expires_at = now() - interval '1 minute'
          WHERE purpose = 'reset'`,
    );
    const answer = await client.post('/api/v1/auth/password/reset', {
      token,
      password: 'Spaeter-Garten-44',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toBe(MESSAGES.account.tokenInvalid);
  });

  it('changes the password of a signed-in user and ends the other sessions', async () => {
    const first = await registeredUser('hanna@schule.example', 'Erster-Baum-123');
    const second = new SessionClient(app);
    await second.post('/api/v1/auth/login', {
      email: 'hanna@schule.example',
      password: 'Erster-Baum-123',
    });
    const wrong = await first.post('/api/v1/user/password', {
      current_password: 'Falscher-Baum-1',
      new_password: 'Zweiter-Baum-456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(MESSAGES.account.currentPasswordWrong);
    const changed = await first.post('/api/v1/user/password', {
      current_password: 'Erster-Baum-123',
      new_password: 'Zweiter-Baum-456',
    });
    expect(changed.statusCode).toBe(204);
    expect((await first.get('/api/v1/user/userinfo')).statusCode).toBe(200);
    expect((await second.get('/api/v1/user/userinfo')).statusCode).toBe(401);
  });

  it('limits guessing the current password like logins: a stolen session cannot try many', async () => {
    const client = await registeredUser('greta@schule.example', 'Richtiger-Baum-123');
    for (let guess = 0; guess < 10; guess += 1) {
      const answer = await client.post('/api/v1/user/password', {
        current_password: `Falsch-${String(guess)}`,
        new_password: 'Zweiter-Baum-456',
      });
      expect(answer.statusCode).toBe(400);
    }
    const limited = await client.post('/api/v1/user/password', {
      current_password: 'Richtiger-Baum-123',
      new_password: 'Zweiter-Baum-456',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('ends a session after the idle time', async () => {
    const client = await registeredUser('ida@schule.example');
    expect((await client.get('/api/v1/user/userinfo')).statusCode).toBe(200);
    await database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '9 hours'`);
    expect((await client.get('/api/v1/user/userinfo')).statusCode).toBe(401);
  });

  it('ends a dead session also where the route looks its user up beside its own work', async () => {
    const client = await registeredUser('ina@schule.example');
    await database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '9 hours'`);
    expect(client.cookies.has('mk_session')).toBe(true);
    // The catalogue search ('sessionLater') answers as for a visitor and clears the cookie.
    const search = await client.get('/api/v1/media/catalogue/search');
    expect(search.statusCode).toBe(200);
    expect(client.cookies.has('mk_session')).toBe(false);
    // Refused input does not wait for the lookup, and the lookup is not left unhandled.
    const refused = await app.inject({
      url: '/api/v1/media/catalogue/search?p=-1',
      headers: { cookie: 'mk_session=unbekannt' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('limits login attempts per account and password requests per address (429, German)', async () => {
    const client = new SessionClient(app);
    const attempt = () =>
      client.post('/api/v1/auth/login', {
        email: 'ziel@schule.example',
        password: 'Rate-Versuch-000',
      });
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt()).statusCode).toBe(401);
    }
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toBe(MESSAGES.tooManyRequests(15));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Other accounts are not affected.
    const other = await client.post('/api/v1/auth/login', {
      email: 'anders@schule.example',
      password: 'Rate-Versuch-000',
    });
    expect(other.statusCode).toBe(401);

    for (let i = 0; i < 3; i += 1) {
      const request = await client.post('/api/v1/auth/password/request', {
        email: 'vergessen@schule.example',
      });
      expect(request.statusCode).toBe(202);
    }
    const tooMany = await client.post('/api/v1/auth/password/request', {
      email: 'vergessen@schule.example',
    });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json<{ message: string }>().message).toBe(MESSAGES.tooManyRequests(60));
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  it('sends security headers with a content security policy', async () => {
    const answer = await app.inject({ url: '/api/v1/utils/features' });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.cookies.find((cookie) => cookie.name === 'mk_csrf')).toMatchObject({
      sameSite: 'Strict',
      path: '/',
    });
  });
});
