import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { formatFileSize, MAX_FILE_NAME_BYTES, MESSAGES } from '@medienkatalog/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type FileStat, type WebDAVClient } from 'webdav';
import { buildApp, type App } from '../src/app.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { AccessRepository } from '../src/modules/auth/access.repository.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { createLernfilmProducer, LERNFILM_PRODUCER, mediumRecord } from './support/factories.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const MAX_FILE_SIZE = 1024 * 1024;
const account = (label: string) => {
  const found = DEMO_ACCOUNTS.find((demo) => demo.label.startsWith(label));
  if (!found) {
    throw new Error(`No demo account ${label}`);
  }
  return found;
};
const producer = account('Produzent');
const teacher = account('Lehrkraft');
const otherProducer = LERNFILM_PRODUCER;

const fixtures = [
  mediumRecord({ pool: 'fwu', fn_nr: 'W1', fn_titel: 'Dateien eins' }),
  mediumRecord({ pool: 'fwu', fn_nr: 'W2', fn_titel: 'Dateien zwei' }),
  mediumRecord({ pool: 'lernfilm', fn_nr: 'X1', fn_titel: 'Fremde Dateien' }),
];

/** The status of a failed webdav call. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
  return 200;
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.each(databaseKinds)('WebDAV storage (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let origin: string;
  let folderOf: (identifier: string) => Promise<string>;

  const basic = (email: string, password: string) =>
    `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  const producerAuth = basic(producer.email, producer.password);
  const client = (identifier = 'FWU-W1', credentials = producer): WebDAVClient =>
    createClient(`${origin}/dav/${identifier}/`, {
      username: credentials.email,
      password: credentials.password,
    });

  /** A request exactly as written (clients would normalise '..' away). */
  const raw = (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: string | Buffer,
  ) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const request = http.request(
        `${origin}${url}`,
        { method, headers: { authorization: producerAuth, ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      // The path must reach the server as written.
      request.path = url;
      request.on('error', reject);
      request.end(body);
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    await createLernfilmProducer(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-webdav-'));
    app = await buildApp({ db: database.db, files: { dataDir, maxFileSize: MAX_FILE_SIZE } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    const media = new AccessRepository(database.db);
    folderOf = async (identifier) => {
      const medium = await media.mediumByIdentifier(identifier);
      if (!medium) {
        throw new Error(`No medium ${identifier}`);
      }
      return path.join(dataDir, 'files', String(medium.id));
    };
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the storage url of the own medium only', async () => {
    const url = '/api/v1/producer/mediafiles/webdav';
    const owner = await demoClient(app, 'Produzent');
    const answer = await owner.get(`${url}/fwu-w1`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ url: '/dav/FWU-W1/' });
    expect((await owner.get(`${url}/FWU-NIX`)).statusCode).toBe(404);
    expect((await owner.get(`${url}/LERNFILM-X1`)).statusCode).toBe(404);
    expect((await (await demoClient(app, 'Lehrkraft')).get(`${url}/FWU-W1`)).statusCode).toBe(403);
    expect((await new SessionClient(app).get(`${url}/FWU-W1`)).statusCode).toBe(401);
  });

  it('lists, stores, reads, moves, copies and deletes with the webdav client', async () => {
    const dav = client();
    expect(await dav.getDirectoryContents('/')).toEqual([]);
    await dav.createDirectory('/Arbeitsblätter');
    expect(await dav.exists('/Arbeitsblätter')).toBe(true);
    expect(await dav.putFileContents('/Arbeitsblätter/Übung 1.txt', 'Hallo Welt')).toBe(true);
    // Overwrite allowed by default; refused (false) when the client asks not to.
    expect(await dav.putFileContents('/Arbeitsblätter/Übung 1.txt', 'Hallo Schule')).toBe(true);
    expect(
      await dav.putFileContents('/Arbeitsblätter/Übung 1.txt', 'anders', { overwrite: false }),
    ).toBe(false);
    // A stream without a length is sent chunked and stored as it comes.
    const chunks = Array.from({ length: 64 }, (_, index) => Buffer.alloc(1024, index));
    expect(await dav.putFileContents('/Film.bin', Readable.from(chunks))).toBe(true);

    const root = await dav.getDirectoryContents('/');
    expect(root.map((entry) => [entry.basename, entry.type]).sort()).toEqual([
      ['Arbeitsblätter', 'directory'],
      ['Film.bin', 'file'],
    ]);
    const stat = (await dav.stat('/Arbeitsblätter/Übung 1.txt')) as FileStat;
    expect(stat).toMatchObject({ type: 'file', size: 12, basename: 'Übung 1.txt' });
    expect((await dav.stat('/Film.bin')) as FileStat).toMatchObject({ size: 64 * 1024 });

    const folder = await folderOf('FWU-W1');
    expect(await readFile(path.join(folder, 'Arbeitsblätter', 'Übung 1.txt'), 'utf8')).toBe(
      'Hallo Schule',
    );
    expect(await dav.getFileContents('/Arbeitsblätter/Übung 1.txt', { format: 'text' })).toBe(
      'Hallo Schule',
    );
    // Ranges, as players ask for them.
    expect(
      await dav.getFileContents('/Arbeitsblätter/Übung 1.txt', {
        format: 'text',
        headers: { Range: 'bytes=0-4' },
      }),
    ).toBe('Hallo');
    const range = await dav.customRequest('/Arbeitsblätter/Übung 1.txt', {
      method: 'GET',
      headers: { Range: 'bytes=6-11' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 6-11/12');
    expect(await range.text()).toBe('Schule');
    const head = await dav.customRequest('/Film.bin', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(64 * 1024));

    await dav.moveFile('/Arbeitsblätter/Übung 1.txt', '/Arbeitsblätter/Übung 2.txt');
    expect(await dav.exists('/Arbeitsblätter/Übung 1.txt')).toBe(false);
    await dav.copyFile('/Arbeitsblätter/Übung 2.txt', '/Kopie.txt');
    expect(await dav.getFileContents('/Kopie.txt', { format: 'text' })).toBe('Hallo Schule');
    await dav.copyFile('/Arbeitsblätter', '/Arbeitsblätter Kopie');
    expect(await dav.exists('/Arbeitsblätter Kopie/Übung 2.txt')).toBe(true);

    // Overwrite: F onto an existing target: 412, nothing changed.
    expect(await statusOf(dav.moveFile('/Film.bin', '/Kopie.txt', { overwrite: false }))).toBe(412);
    expect(await statusOf(dav.copyFile('/Film.bin', '/Kopie.txt', { overwrite: false }))).toBe(412);
    expect(await dav.getFileContents('/Kopie.txt', { format: 'text' })).toBe('Hallo Schule');
    await dav.moveFile('/Film.bin', '/Kopie.txt');
    expect((await dav.stat('/Kopie.txt')) as FileStat).toMatchObject({ size: 64 * 1024 });

    await dav.deleteFile('/Kopie.txt');
    await dav.deleteFile('/Arbeitsblätter Kopie');
    expect(await dav.exists('/Kopie.txt')).toBe(false);
    expect(await readdir(folder)).toEqual(['Arbeitsblätter']);
    // The other medium's folder is another folder.
    expect(await client('FWU-W2').getDirectoryContents('/')).toEqual([]);
  });

  it('keeps every path inside the medium folder', async () => {
    const secretDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-secret-'));
    await writeFile(path.join(secretDir, 'geheim.txt'), 'geheim');
    const folder = await folderOf('FWU-W1');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'frei.txt'), 'frei');
    const other = await folderOf('FWU-W2');
    await mkdir(other, { recursive: true });
    await writeFile(path.join(other, 'zwei.txt'), 'zwei');

    for (const url of [
      '/dav/FWU-W1/../FWU-W2/zwei.txt',
      '/dav/FWU-W1/%2e%2e/FWU-W2/zwei.txt',
      '/dav/FWU-W1/%2E%2E/%2e%2e/files/x',
      '/dav/FWU-W1/..%2fFWU-W2%2fzwei.txt',
      '/dav/FWU-W1/..%5c..%5cetc',
    ]) {
      const answer = await raw('GET', url);
      expect(answer.status, url).toBe(400);
      expect(JSON.parse(answer.body), url).toMatchObject({ message: MESSAGES.files.badPath });
    }
    // NUL ends names in the file system: refused for every route.
    const nul = await raw('GET', '/dav/FWU-W1/a%00b');
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toMatchObject({ message: MESSAGES.invalidCharacters });
    // The adapter's bookkeeping files are not the medium's files.
    expect((await raw('GET', '/dav/FWU-W1/.nephelemeta')).status).toBe(404);

    // Destination of MOVE and COPY: same medium only, relative or absolute.
    for (const destination of [
      `${origin}/dav/FWU-W2/frei.txt`,
      '/dav/FWU-W2/frei.txt',
      '/dav/FWU-W1/../FWU-W2/frei.txt',
      '/dav/FWU-W1/%2e%2e/FWU-W2/frei.txt',
      `${origin}/dav/FWU-W1/..%2f..%2fetc%2fpasswd`,
      '/etc/passwd',
      'frei2.txt',
    ]) {
      for (const method of ['MOVE', 'COPY']) {
        const answer = await raw(method, '/dav/FWU-W1/frei.txt', { destination });
        expect(answer.status, `${method} ${destination}`).toBe(400);
      }
    }
    expect(await readFile(path.join(folder, 'frei.txt'), 'utf8')).toBe('frei');
    expect(await readdir(other)).toEqual(['zwei.txt']);
    // The same medium under another spelling of its identifier is fine.
    const moved = await raw('MOVE', '/dav/FWU-W1/frei.txt', {
      destination: `${origin}/dav/fwu-w1/frei%202.txt`,
    });
    expect(moved.status).toBe(201);
    expect(await readFile(path.join(folder, 'frei 2.txt'), 'utf8')).toBe('frei');

    // A link inside the folder pointing outside leads nowhere.
    await symlink(secretDir, path.join(folder, 'ausgang'));
    expect((await raw('GET', '/dav/FWU-W1/ausgang/geheim.txt')).status).toBe(400);
    expect((await raw('PROPFIND', '/dav/FWU-W1/ausgang/', { depth: '1' })).status).toBe(400);
    expect((await raw('PUT', '/dav/FWU-W1/ausgang/neu.txt', {}, 'eingeschleust')).status).toBe(400);
    expect((await raw('DELETE', '/dav/FWU-W1/ausgang/geheim.txt')).status).toBe(400);
    expect(
      (await raw('COPY', '/dav/FWU-W1/frei%202.txt', { destination: '/dav/FWU-W1/ausgang/x' }))
        .status,
    ).toBe(400);
    expect(await readdir(secretDir)).toEqual(['geheim.txt']);
    // Listings leave the link out, so a copy of the folder cannot take the outside along.
    const listing = await client().getDirectoryContents('/');
    expect(listing.map((entry) => entry.basename)).not.toContain('ausgang');
    await rm(path.join(folder, 'ausgang'));
    await rm(secretDir, { recursive: true, force: true });
  });

  it('refuses names with characters the file manager forbids', async () => {
    const dav = client();
    for (const name of ['a:b.txt', 'a<b', 'a>b', 'a"b', 'a|b', 'a?b', 'a*b', 'a\\b']) {
      expect(await statusOf(dav.putFileContents(`/${name}`, 'x')), name).toBe(400);
      expect(await statusOf(dav.createDirectory(`/${name}`)), name).toBe(400);
    }
    await dav.putFileContents('/gut.txt', 'x');
    expect(await statusOf(dav.moveFile('/gut.txt', '/schlecht?.txt'))).toBe(400);
    expect(await statusOf(dav.copyFile('/gut.txt', '/schlecht*.txt'))).toBe(400);
    const answer = await raw('MKCOL', '/dav/FWU-W1/a%7Cb');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ message: MESSAGES.files.badName });
    const names = await dav.getDirectoryContents('/');
    expect(names.map((entry) => entry.basename)).not.toContain('a:b.txt');
    await dav.deleteFile('/gut.txt');
  });

  it('answers 413 above the size limit, before and while reading, leaving nothing behind', async () => {
    const dav = client('FWU-W2');
    const tooLarge = MESSAGES.files.tooLarge(formatFileSize(MAX_FILE_SIZE));
    // Exactly the limit is fine.
    expect(await dav.putFileContents('/voll.bin', Buffer.alloc(MAX_FILE_SIZE, 1))).toBe(true);

    // Declared too large: refused before a byte is read.
    const declared = await raw(
      'PUT',
      '/dav/FWU-W2/gross.bin',
      { 'content-length': String(MAX_FILE_SIZE + 1) },
      // Far less than declared: an answer proves nothing waited for the rest.
      Buffer.alloc(16),
    );
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(JSON.parse(declared.body)).toMatchObject({ message: tooLarge });
    // Through the client with its length.
    expect(await statusOf(dav.putFileContents('/gross.bin', Buffer.alloc(MAX_FILE_SIZE + 1)))).toBe(
      413,
    );

    // Chunked: cut off at the limit; the old content of an overwritten file stays.
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 2));
    expect(await statusOf(dav.putFileContents('/voll.bin', Readable.from(chunks)))).toBe(413);
    expect(await statusOf(dav.putFileContents('/strom.bin', Readable.from(chunks)))).toBe(413);
    const folder = await folderOf('FWU-W2');
    expect((await readdir(folder)).sort()).toEqual(['voll.bin', 'zwei.txt']);
    expect((await readFile(path.join(folder, 'voll.bin')))[0]).toBe(1);
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([]);
  });

  it('lets only the owning producer in', async () => {
    // Anonymous: 401 with a Basic challenge for WebDAV clients.
    const anonymous = await raw('PROPFIND', '/dav/FWU-W1/', { authorization: '' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(JSON.parse(anonymous.body)).toMatchObject({ message: MESSAGES.loginRequired });
    const wrong = await raw('PROPFIND', '/dav/FWU-W1/', {
      authorization: basic(producer.email, 'falsch-falsch'),
    });
    expect(wrong.status).toBe(401);
    expect(await statusOf(client('FWU-W1', { ...producer, password: 'falsch' }).stat('/'))).toBe(
      401,
    );
    // Another producer: 404 as for a missing medium; a teacher: 403; the other producer on its
    // own medium: fine.
    const lernfilm = { ...producer, ...otherProducer };
    expect(await statusOf(client('FWU-W1', lernfilm).getDirectoryContents('/'))).toBe(404);
    expect(await statusOf(client('FWU-W1', lernfilm).putFileContents('/x.txt', 'x'))).toBe(404);
    expect(await statusOf(client('FWU-W1', teacher).getDirectoryContents('/'))).toBe(403);
    expect(await client('LERNFILM-X1', lernfilm).getDirectoryContents('/')).toEqual([]);
    expect(await statusOf(client('LERNFILM-X1').getDirectoryContents('/'))).toBe(404);
    // An unknown medium.
    expect(await statusOf(client('FWU-NIX').getDirectoryContents('/'))).toBe(404);
    expect((await raw('PROPFIND', '/dav/', { depth: '1' })).status).toBe(404);
  });

  it('takes the session cookie of the web app, with the CSRF header for changes', async () => {
    const session = await demoClient(app, 'Produzent');
    const csrf = session.cookies.get('mk_csrf') ?? '';
    const cookie = [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const withCookie = (headers: Record<string, string>) =>
      createClient(`${origin}/dav/FWU-W1/`, { headers: { cookie, ...headers } });

    const withoutHeader = withCookie({});
    expect(await withoutHeader.exists('/Arbeitsblätter')).toBe(true);
    expect(await statusOf(withoutHeader.putFileContents('/Sitzung.txt', 'x'))).toBe(403);
    expect(await statusOf(withoutHeader.createDirectory('/Sitzung'))).toBe(403);
    expect(await statusOf(withCookie({ 'X-CSRF-Token': 'falsch' }).deleteFile('/x'))).toBe(403);

    const browser = withCookie({ 'X-CSRF-Token': csrf });
    expect(await browser.putFileContents('/Sitzung.txt', 'aus dem Browser')).toBe(true);
    expect(await browser.getFileContents('/Sitzung.txt', { format: 'text' })).toBe(
      'aus dem Browser',
    );
    await browser.deleteFile('/Sitzung.txt');

    // An expired session: 401 without a challenge (the browser would show its login dialog).
    const expired = await raw('PROPFIND', '/dav/FWU-W1/', {
      authorization: '',
      cookie: 'mk_session=abgelaufen',
    });
    expect(expired.status).toBe(401);
    expect(expired.headers['www-authenticate']).toBeUndefined();
  });

  it('answers plain statuses for locked resources and foreign lock tokens', async () => {
    await client().putFileContents('/gesperrt.txt', 'x');
    const lock = await raw(
      'LOCK',
      '/dav/FWU-W1/gesperrt.txt',
      { 'content-type': 'application/xml' },
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
        '<D:locktype><D:write/></D:locktype><D:owner>Test</D:owner></D:lockinfo>',
    );
    expect(lock.status).toBe(200);
    const token = String(lock.headers['lock-token'] ?? '');
    expect(token).toMatch(/^<.+>$/);
    const destination = '/dav/FWU-W1/verschoben.txt';
    expect((await raw('MOVE', '/dav/FWU-W1/gesperrt.txt', { destination })).status).toBe(423);
    expect((await raw('DELETE', '/dav/FWU-W1/gesperrt.txt')).status).toBe(423);
    const foreign = await raw('UNLOCK', '/dav/FWU-W1/gesperrt.txt', {
      'lock-token': '<opaquelocktoken:fremd>',
    });
    expect(foreign.status).toBe(409);
    expect(foreign.body).toContain('lock-token-matches-request-uri');
    expect((await raw('UNLOCK', '/dav/FWU-W1/gesperrt.txt', { 'lock-token': token })).status).toBe(
      204,
    );
    expect((await raw('DELETE', '/dav/FWU-W1/gesperrt.txt')).status).toBe(204);
  });

  it("hands files out as attachments that never run in the app's origin", async () => {
    const files = client();
    await files.putFileContents('/seite.html', '<script>fetch("/api/v1/user/profile")</script>');
    await files.putFileContents(
      '/bild.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>',
    );
    await files.putFileContents('/code.js', 'document.cookie');
    await files.putFileContents('/text.txt', 'Hallo');
    for (const [name, type] of [
      ['seite.html', 'application/octet-stream'],
      ['bild.svg', 'application/octet-stream'],
      ['code.js', 'application/octet-stream'],
      ['text.txt', 'text/plain; charset=utf-8'],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await raw(method, `/dav/FWU-W1/${name}`);
        expect(answer.status, `${method} ${name}`).toBe(200);
        expect(answer.headers['content-type'], name).toBe(type);
        expect(answer.headers['content-disposition'], name).toMatch(/^attachment/);
        expect(answer.headers['content-security-policy'], name).toBe("sandbox; default-src 'none'");
        expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      }
    }
    // The producer's download call does the same.
    const session = await demoClient(app, 'Produzent');
    const download = await session.get(
      '/api/v1/producer/mediafiles/download/FWU-W1?path=seite.html',
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="seite\.html"/);
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    // The WebDAV server's own metadata is no file of the medium.
    await writeFile(path.join(await folderOf('FWU-W1'), 'text.txt.nephelemeta'), '{}');
    expect((await raw('GET', '/dav/FWU-W1/text.txt.nephelemeta')).status).toBe(404);
    expect(
      (await session.get('/api/v1/producer/mediafiles/download/FWU-W1?path=text.txt.nephelemeta'))
        .statusCode,
    ).toBe(404);
    expect((await files.getDirectoryContents('/')).map((entry) => entry.basename)).not.toContain(
      'text.txt.nephelemeta',
    );
    for (const name of ['seite.html', 'bild.svg', 'code.js', 'text.txt']) {
      await files.deleteFile(`/${name}`);
    }
  });

  it('refuses names over 243 bytes and paths over the file system limit with 400', async () => {
    const tooLong = MESSAGES.files.nameTooLong(MAX_FILE_NAME_BYTES);
    // 243 bytes: with '.nephelemeta' the 255 of the file system.
    const longest = 'a'.repeat(243);
    expect((await raw('PUT', `/dav/FWU-W2/${longest}`, {}, 'x')).status).toBe(201);
    for (const name of ['a'.repeat(244), 'n'.repeat(300), '%C3%BC'.repeat(122)]) {
      for (const method of ['PUT', 'MKCOL', 'GET', 'PROPFIND', 'DELETE']) {
        const answer = await raw(method, `/dav/FWU-W2/${name}`, {}, method === 'PUT' ? 'x' : '');
        expect(answer.status, `${method} ${name}`).toBe(400);
        if (method !== 'GET') {
          expect(JSON.parse(answer.body), `${method} ${name}`).toMatchObject({ message: tooLong });
        }
      }
      const moved = await raw('MOVE', `/dav/FWU-W2/${longest}`, {
        destination: `/dav/FWU-W2/${name}`,
      });
      expect(moved.status, `MOVE to ${name}`).toBe(400);
    }
    // Each name fits, the whole path does not (PATH_MAX, 4096 bytes): folders up to the limit,
    // then names that pass it. The file system's ENAMETOOLONG answers 400 too.
    const folder = await folderOf('FWU-W2');
    const segment = 'o'.repeat(200);
    let deepest = '';
    while (Buffer.byteLength(path.join(folder, deepest, segment, '.nephelemeta')) < 4096) {
      deepest = `${deepest}/${segment}`;
      expect((await raw('MKCOL', `/dav/FWU-W2${deepest}`)).status).toBe(201);
    }
    const beyond = `/dav/FWU-W2${deepest}/${'b'.repeat(243)}`;
    for (const [method, url] of [
      ['PUT', beyond],
      ['MKCOL', beyond],
      ['MOVE', `/dav/FWU-W2/${longest}`],
      ['COPY', `/dav/FWU-W2/${longest}`],
    ] as const) {
      const answer = await raw(method, url, { destination: beyond }, method === 'PUT' ? 'x' : '');
      expect(answer.status, method).toBe(400);
    }
    // Nothing can be there.
    for (const method of ['GET', 'PROPFIND', 'DELETE']) {
      expect((await raw(method, beyond, { depth: '0' })).status, method).toBe(404);
    }
    expect((await raw('DELETE', `/dav/FWU-W2${deepest.slice(0, 201)}`)).status).toBe(204);
    expect((await raw('DELETE', `/dav/FWU-W2/${longest}`)).status).toBe(204);
  });

  it('answers the loser of two concurrent DELETEs, MOVEs or COPYs with 404, never 500', async () => {
    // As large as allowed: the second request arrives while the first one works on the disk.
    const content = Buffer.alloc(MAX_FILE_SIZE, 7);
    const put = async () => {
      expect((await raw('PUT', '/dav/FWU-W2/Wettlauf.bin', {}, content)).status).toBeLessThan(300);
    };
    const statuses = async (...requests: Promise<RawAnswer>[]) =>
      (await Promise.all(requests)).map((answer) => answer.status);
    const folder = await folderOf('FWU-W2');
    for (let round = 0; round < 6; round += 1) {
      await put();
      expect(
        (
          await statuses(
            raw('DELETE', '/dav/FWU-W2/Wettlauf.bin'),
            raw('DELETE', '/dav/FWU-W2/Wettlauf.bin'),
          )
        ).sort(),
        `DELETE, round ${String(round)}`,
      ).toEqual([204, 404]);

      await put();
      const moves = await statuses(
        raw('MOVE', '/dav/FWU-W2/Wettlauf.bin', { destination: '/dav/FWU-W2/Ziel1.bin' }),
        raw('MOVE', '/dav/FWU-W2/Wettlauf.bin', { destination: '/dav/FWU-W2/Ziel2.bin' }),
      );
      expect(moves.sort(), `MOVE, round ${String(round)}`).toEqual([201, 404]);
      const [moved] = (await readdir(folder)).filter((name) => name.startsWith('Ziel'));
      expect((await readFile(path.join(folder, moved ?? ''))).equals(content)).toBe(true);
      await rm(path.join(folder, moved ?? ''));

      await put();
      const [copied, deleted] = await statuses(
        raw('COPY', '/dav/FWU-W2/Wettlauf.bin', { destination: '/dav/FWU-W2/Kopie.bin' }),
        raw('DELETE', '/dav/FWU-W2/Wettlauf.bin'),
      );
      expect(deleted, `DELETE beside COPY, round ${String(round)}`).toBe(204);
      expect([201, 204, 404], `COPY beside DELETE, round ${String(round)}`).toContain(copied);
      await rm(path.join(folder, 'Kopie.bin'), { force: true });
    }
    expect(await readdir(folder)).not.toContain('Wettlauf.bin');
  });

  it('refuses compressed bodies with 415 and goes on answering', async () => {
    const message = MESSAGES.files.encodedBody;
    const garbage = await raw(
      'PUT',
      '/dav/FWU-W2/gepackt.txt',
      { 'content-encoding': 'gzip' },
      'kein gzip',
    );
    expect(garbage.status).toBe(415);
    expect(JSON.parse(garbage.body)).toMatchObject({ message });
    // No body at all: brotli waited for one and the request hung.
    const empty = await raw('OPTIONS', '/dav/FWU-W2/', { 'content-encoding': 'br' });
    expect(empty.status).toBe(415);
    const lock = await raw(
      'LOCK',
      '/dav/FWU-W2/gepackt.txt',
      { 'content-encoding': 'deflate', 'content-type': 'application/xml' },
      '<lockinfo/>',
    );
    expect(lock.status).toBe(415);
    expect(
      (await raw('PUT', '/dav/FWU-W2/gepackt.txt', { 'content-encoding': 'identity' }, 'x')).status,
    ).toBe(201);
    expect((await raw('DELETE', '/dav/FWU-W2/gepackt.txt')).status).toBe(204);
  });

  it('takes credentials with a NUL as wrong ones (401), not as SQL', async () => {
    for (const credentials of ['a\u0000b:c', `${producer.email}\u0000:${producer.password}`]) {
      const answer = await raw('PROPFIND', '/dav/FWU-W1/', {
        authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
        depth: '0',
      });
      expect(answer.status, JSON.stringify(credentials)).toBe(401);
    }
  });

  it("words the WebDAV server's own refusals in German", async () => {
    expect((await raw('MKCOL', '/dav/FWU-W1/Deutsch')).status).toBe(201);
    const again = await raw('MKCOL', '/dav/FWU-W1/Deutsch');
    expect(again.status).toBe(405);
    expect(JSON.parse(again.body)).toEqual({
      error: 'Method Not Allowed',
      message: MESSAGES.files.davStatus[405],
    });
    const lock = await raw(
      'LOCK',
      '/dav/FWU-W1/ohne-besitzer.txt',
      { 'content-type': 'application/xml' },
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/>' +
        '</D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
    );
    expect(lock.status).toBe(400);
    expect(JSON.parse(lock.body)).toMatchObject({ message: MESSAGES.files.davStatus[400] });
    expect((await raw('DELETE', '/dav/FWU-W1/Deutsch/')).status).toBe(204);
  });

  it("hides the teaser's folder in listings and refuses changes to it, in German (403)", async () => {
    const dav = client('FWU-W2');
    // What the teaser editor does: create the folder, store and remove the teaser.
    await dav.createDirectory('/thumbs');
    expect(await dav.putFileContents('/thumbs/main.webp', 'RIFF')).toBe(true);
    await dav.putFileContents('/Arbeitsblatt.pdf', '%PDF');
    const listed = (await dav.getDirectoryContents('/')).map((entry) => entry.basename);
    expect(listed).toContain('Arbeitsblatt.pdf');
    expect(listed).not.toContain('thumbs');
    const deep = (await dav.getDirectoryContents('/', { deep: true })).map(
      (entry) => entry.filename,
    );
    expect(deep.filter((name) => name.includes('thumbs'))).toEqual([]);
    // Found by its path, as the teaser editor asks for it.
    expect(await dav.exists('/thumbs')).toBe(true);
    expect(await dav.exists('/thumbs/main.webp')).toBe(true);

    const refused = async (method: string, url: string, headers: Record<string, string> = {}) => {
      const answer = await raw(method, url, headers, method === 'PUT' ? 'x' : undefined);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(JSON.parse(answer.body), `${method} ${url}`).toEqual({
        error: 'Forbidden',
        message: MESSAGES.files.teaserFolder,
      });
    };
    const destination = (to: string) => ({ destination: `${origin}/dav/FWU-W2${to}` });
    await refused('DELETE', '/dav/FWU-W2/thumbs');
    await refused('DELETE', '/dav/FWU-W2/thumbs/');
    await refused('MOVE', '/dav/FWU-W2/thumbs', destination('/Bilder'));
    await refused('MOVE', '/dav/FWU-W2/thumbs/main.webp', destination('/main.webp'));
    await refused('MOVE', '/dav/FWU-W2/Arbeitsblatt.pdf', destination('/thumbs/main.webp'));
    await refused('COPY', '/dav/FWU-W2/Arbeitsblatt.pdf', destination('/thumbs/a.pdf'));
    await refused('PUT', '/dav/FWU-W2/thumbs/anderes.txt');
    await refused('MKCOL', '/dav/FWU-W2/thumbs/neu');
    expect(await dav.exists('/thumbs/main.webp')).toBe(true);
    expect(await dav.exists('/Arbeitsblatt.pdf')).toBe(true);

    // Copying out of it changes nothing there; removing the teaser stays possible.
    await dav.copyFile('/thumbs/main.webp', '/Vorschau.webp');
    await dav.deleteFile('/thumbs/main.webp');
    expect(await dav.exists('/thumbs/main.webp')).toBe(false);
    expect(await dav.exists('/thumbs')).toBe(true);
  });

  it('answers malformed XML with 400', async () => {
    for (const method of ['PROPFIND', 'PROPPATCH', 'LOCK']) {
      const answer = await raw(
        method,
        '/dav/FWU-W1/',
        { 'content-type': 'application/xml', depth: '0' },
        '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop></D:propfind',
      );
      expect(answer.status, method).toBe(400);
    }
  });
});
