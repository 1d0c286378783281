import { connect, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { MESSAGES } from '@medienkatalog/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { demoClient, type SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

/**
 * One request written byte for byte on its own connection; answers everything the server sent
 * until it closed the connection (our side stays open: Node drops a request whose client
 * half-closed before the answer).
 */
function rawExchange(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

describe.each(databaseKinds)('bad input (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let port: number;
  let teacher: SessionClient;
  let producer: SessionClient;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, [mediumRecord({ pool: 'fwu', fn_nr: 'B1' })]);
    await seedDemoAccounts(database.db);
    app = await buildApp({ db: database.db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    teacher = await demoClient(app, 'Lehrkraft');
    producer = await demoClient(app, 'Produzent');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const invalidCharacters = { message: MESSAGES.invalidCharacters };

  it('refuses NUL in the path, the query and the body of every kind of route with 400', async () => {
    for (const url of [
      '/api/v1/media/FWU-B1%00',
      '/api/v1/media/catalogue/search?q=Wasser%00',
      '/api/v1/media/catalogue/search?filter_fn_schlag=a%00|b',
      '/api/v1/media/catalogue/search?q=a&q=%00',
      '/api/v1/producer/media/FWU-B1%00/dirlist',
      '/covers/400x225/FWU-B1%00.jpg',
      '/content/FWU-B1%00/token/datei.pdf',
      '/dav/FWU-B1/a%00b',
      '/gibt-es-nicht/%00',
    ]) {
      const answer = await producer.get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject(invalidCharacters);
    }
    const before = (await teacher.get('/api/v1/user/userinfo')).json<{ vorname: string }>();
    for (const body of [
      { vorname: 'Jonas\u0000', name: 'Becker' },
      { vorname: 'Jonas', name: 'Becker', schulname: 'Schule\u0000Am Park' },
      // In a key, in an array, deep down.
      { vorname: 'Jonas', name: 'Becker', 'x\u0000': 1 },
      { vorname: 'Jonas', name: 'Becker', extra: [[{ tief: ['\u0000'] }]] },
    ]) {
      const answer = await teacher.put('/api/v1/user/profile', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject(invalidCharacters);
    }
    const created = await producer.post('/api/v1/producer/media', {
      fn_nr: 'B2',
      fn_titel: 'Titel\u0000',
      fn_adressat: 'A',
    });
    expect(created.statusCode).toBe(400);
    const bulk = await producer.request('PATCH', '/api/v1/producer/media/bulk', {
      ids: ['FWU-B1\u0000'],
      updates: { fn_produ: 'x' },
    });
    expect(bulk.statusCode).toBe(400);
    expect((await teacher.get('/api/v1/user/userinfo')).json()).toMatchObject({
      vorname: before.vorname,
    });
  });

  it('refuses lone UTF-16 surrogates in the body with 400 (UTF-8 cannot store them)', async () => {
    const csrf = teacher.cookies.get('mk_csrf') ?? '';
    const cookie = [...teacher.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const text of ['"Jonas\\ud800"', '"\\udc00Jonas"']) {
      const answer = await app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: `{"vorname":${text},"name":"Becker"}`,
      });
      expect(answer.statusCode, text).toBe(400);
      expect(answer.json()).toMatchObject(invalidCharacters);
    }
    // A pair is a character like any other.
    const emoji = await teacher.put('/api/v1/user/profile', {
      vorname: 'Jonas 😀',
      name: 'Becker',
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json()).toMatchObject({ vorname: 'Jonas 😀' });
  });

  it('answers malformed percent-encoding with 400 in German, without echoing the path', async () => {
    for (const url of [
      '/api/v1/media/%E0%A4%A',
      '/api/v1/media/%ED%A0%80',
      '/api/v1/media/%zz',
      '/covers/400x225/%C0%80.jpg',
      '/dav/FWU-B1/%FF',
    ]) {
      const answer = await producer.get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({
        error: 'Bad Request',
        message: MESSAGES.badUrlEncoding,
      });
    }
  });

  it('answers broken, empty, foreign, huge and deeply nested bodies with a 4xx in German', async () => {
    const csrf = teacher.cookies.get('mk_csrf') ?? '';
    const cookie = [...teacher.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const put = (payload: string | Buffer, contentType = 'application/json') =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': contentType },
        payload,
      });
    const cases: [string | Buffer, string, number, string][] = [
      ['{"vorname":', 'application/json', 400, MESSAGES.invalidJson],
      ['', 'application/json', 400, MESSAGES.emptyJson],
      ['vorname=Jonas', 'application/x-www-form-urlencoded', 415, MESSAGES.unsupportedMediaType],
      ['<a/>', 'application/xml', 415, MESSAGES.unsupportedMediaType],
      [
        JSON.stringify({ vorname: 'x'.repeat(2 * 1024 * 1024), name: 'y' }),
        'application/json',
        413,
        MESSAGES.bodyTooLarge,
      ],
    ];
    for (const [payload, contentType, status, message] of cases) {
      const answer = await put(payload, contentType);
      expect(answer.statusCode, contentType).toBe(status);
      expect(answer.json(), contentType).toMatchObject({ message });
    }
    // 400,000 nested arrays (800 KB, under the body limit): no stack overflow anywhere.
    const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;
    const nested = await put(deep);
    expect(nested.statusCode).toBe(400);
    const nestedObject = `{"vorname":"J","name":"B","x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    expect([200, 400]).toContain((await put(nestedObject)).statusCode);
  });

  it('answers a compressed body as a broken one instead of dropping the connection', async () => {
    const csrf = teacher.cookies.get('mk_csrf') ?? '';
    const cookie = [...teacher.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // Large, so the decompression failed while the body still streamed in.
    const body = Buffer.from(JSON.stringify({ current_password: 'x'.repeat(100_000) }));
    for (const [encoding, payload] of [
      ['br', Buffer.alloc(200_000, 0x8b)],
      ['gzip', gzipSync(body)],
    ] as const) {
      const answer = await rawExchange(
        port,
        Buffer.concat([
          Buffer.from(
            `POST /api/v1/user/password HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
              `Cookie: ${cookie}\r\nX-CSRF-Token: ${csrf}\r\nContent-Type: application/json\r\n` +
              `Content-Encoding: ${encoding}\r\nContent-Length: ${String(payload.length)}\r\n\r\n`,
          ),
          payload,
        ]),
      );
      expect(answer, encoding).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, encoding).toContain(MESSAGES.invalidJson);
    }
  });

  it('answers requests Node cannot parse in German, HEAD without a body', async () => {
    const longUrl = `/api/v1/media/${'x'.repeat(20_000)}`;
    const get = await rawExchange(port, `GET ${longUrl} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(get).toMatch(/^HTTP\/1\.1 431 /);
    expect(get).toContain(MESSAGES.headersTooLarge);
    const head = await rawExchange(port, `HEAD ${longUrl} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    // The answer ends with its header block: a body would be read as the next answer.
    expect(head.endsWith('\r\n\r\n')).toBe(true);
    expect(head).toContain('Content-Length: 0');
    const broken = await rawExchange(port, 'GET /a b c\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(broken).toContain(MESSAGES.badRequest);
    // The server is still there.
    expect((await teacher.get('/api/v1/user/userinfo')).statusCode).toBe(200);
  });
});
