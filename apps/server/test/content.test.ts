import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type MediaLink, type ZipInfo } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { signToken, type ContentGrant } from '../src/modules/content/signed-url.ts';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import { AccessRepository, type MediumFacts } from '../src/modules/auth/access.repository.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { grantLicence, userId } from './support/licences.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const own = (fnNr: string, status: 'draft' | 'published' = 'published') =>
  mediumRecord({
    pool: 'fwu',
    fn_prodname: 'FWU',
    fn_nr: fnNr,
    fn_titel: `Film <${fnNr}> & "mehr"`,
    fn_status: status,
  });
const fixtures = [
  own('C1'), // an index page with its parts and a film
  own('C2'), // one film
  own('C3', 'draft'), // one file, not published
  own('C4'), // no files
  own('C5'), // several files and a built ZIP
];
const LINK = '/api/v1/media/link';

const pattern = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256));
const FILM = pattern(10_000);
const message = (answer: { json: () => unknown }) => (answer.json() as { message: string }).message;

describe.each(databaseKinds)('play and download links (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let storage: FileStorage;
  let producer: SessionClient;
  let teacher: SessionClient;
  const medium = async (identifier: string): Promise<MediumFacts> => {
    const found = await new AccessRepository(database.db).mediumByIdentifier(identifier);
    if (!found) {
      throw new Error(`No medium ${identifier}`);
    }
    return found;
  };
  const putFiles = async (identifier: string, files: Record<string, string | Buffer>) => {
    const folder = storage.folder((await medium(identifier)).id);
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), content);
    }
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  const links = async (identifier: string, client = teacher) => {
    const answer = await client.get(`${LINK}/${identifier}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<MediaLink>();
  };
  /** The token part of a /content/{identifier}/{token}/{path} address. */
  const tokenOf = (url: string) => url.split('/')[3] ?? '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mk-content-test-'));
    storage = new FileStorage(dataDir);
    app = await buildApp({ db: database.db, files: { dataDir, contentSecret: SECRET } });
    producer = await demoClient(app, 'Produzent');
    teacher = await demoClient(app, 'Lehrkraft');
    // The teacher's own licence on the pool (from a code, say); the pupil has none.
    await grantLicence(database.db, {
      licensee: { userId: await userId(database.db, 'lehrkraft@demo.medienkatalog.invalid') },
      scope: { pool: 'fwu' },
      grantorPool: 'fwu',
      origin: 'code',
    });
    await putFiles('FWU-C1', {
      'start/index.html': '<!doctype html><link rel="stylesheet" href="style.css"><p>Hallo</p>',
      'start/style.css': 'p { color: red }',
      'film.mp4': FILM,
    });
    await putFiles('FWU-C2', { 'Übung 1.mp4': FILM });
    await putFiles('FWU-C3', { 'entwurf.pdf': '%PDF-1.4' });
    await putFiles('FWU-C5', { 'a.txt': 'eins', 'b/c.mp3': pattern(2000) });
    const index = await producer.put('/api/v1/producer/media/FWU-C1/dirlist/index', {
      fn_index: 'start/index.html',
    });
    expect(index.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives links to signed-in users for published media and to the owner for its drafts', async () => {
    const anonymous = await new SessionClient(app).get(`${LINK}/FWU-C2`);
    expect(anonymous.statusCode).toBe(401);
    expect(message(anonymous)).toBe(MESSAGES.loginRequired);
    expect((await teacher.get(`${LINK}/fwu-c2`)).statusCode).toBe(200);
    // A draft answers exactly like a medium that does not exist.
    const draft = await teacher.get(`${LINK}/FWU-C3`);
    expect(draft.statusCode).toBe(404);
    expect(message(draft)).toBe(MESSAGES.mediumNotFound);
    const student = await demoClient(app, 'Schülerin');
    expect((await student.get(`${LINK}/FWU-C3`)).statusCode).toBe(404);
    // Published, but no licence of hers covers it: she is told how to get access.
    const unlicensed = await student.get(`${LINK}/FWU-C2`);
    expect(unlicensed.statusCode).toBe(403);
    expect(message(unlicensed)).toBe(MESSAGES.licences.noAccess);
    expect((await links('FWU-C3', producer)).direct).toMatch(/^\/content\/FWU-C3\/play\./);
    const unknown = await teacher.get(`${LINK}/FWU-NOPE`);
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(MESSAGES.mediumNotFound);
  });

  it('answers direct, download and frame, or null where a medium has nothing', async () => {
    const before = Math.floor(Date.now() / 1000);
    const single = await links('FWU-C2');
    expect(single.direct).toMatch(
      /^\/content\/FWU-C2\/play\.\d+\.\d+\.[\w-]+\/%C3%9Cbung%201\.mp4$/,
    );
    expect(single.download).toMatch(
      /^\/content\/FWU-C2\/file\.\d+\.\d+\.[\w-]+\/%C3%9Cbung%201\.mp4$/,
    );
    expect(single.frame).toMatch(
      /^\/content\/FWU-C2\/frame\.\d+\.\d+\.[\w-]+\/%C3%9Cbung%201\.mp4$/,
    );
    // Valid for 6 hours.
    const expires = Number(tokenOf(single.direct ?? '').split('.')[1]);
    expect(expires - before).toBeGreaterThanOrEqual(6 * 3600);
    expect(expires - before).toBeLessThanOrEqual(6 * 3600 + 5);

    // The index file plays; several files and no ZIP: nothing to download.
    const indexed = await links('FWU-C1');
    expect(indexed.direct).toMatch(/^\/content\/FWU-C1\/play\.[^/]+\/start\/index\.html$/);
    expect(indexed.download).toBeNull();
    expect(indexed.frame).toMatch(/\/start\/index\.html$/);

    expect(await links('FWU-C4')).toEqual({
      direct: null,
      download: null,
      frame: null,
      stream: null,
      tracks: [],
    });

    // Several files: no direct file, but the ZIP once it is built.
    expect(await links('FWU-C5')).toEqual({
      direct: null,
      download: null,
      frame: null,
      stream: null,
      tracks: [],
    });
    const built = await producer.post('/api/v1/producer/media/FWU-C5/dirlist/zip');
    expect(built.statusCode).toBe(200);
    const zipped = await links('FWU-C5');
    expect(zipped.direct).toBeNull();
    expect(zipped.download).toMatch(/^\/content\/FWU-C5\/zip\.[^/]+\/FWU-C5\.zip$/);
    const download = await get(zipped.download ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="FWU-C5.zip"; filename*=UTF-8''FWU-C5.zip`,
    );
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(
      built.json<ZipInfo>().fn_ziphash,
    );
    const zipCopy = path.join(dataDir, 'download.zip');
    await writeFile(zipCopy, download.rawPayload);
    expect(
      execFileSync('unzip', ['-Z1', zipCopy], { encoding: 'utf8' }).trim().split('\n'),
    ).toEqual(['a.txt', 'b/c.mp3']);
  });

  it('counts a use only for a call that hands out a file; a download call answers the download alone', async () => {
    const uses = async (identifier: string, kind: 'play' | 'download') => {
      const [row] = await queryRows<{ count: number }>(
        database.db,
        sql`SELECT count(*)::int AS count FROM media_uses
            WHERE media_id = ${(await medium(identifier)).id} AND kind = ${kind}`,
      );
      return row?.count;
    };
    const nothing = { direct: null, download: null, frame: null, stream: null, tracks: [] };
    // An index page among several files and no ZIP: it plays, but there is nothing to download.
    expect(await links('FWU-C1?purpose=download')).toEqual(nothing);
    expect(await uses('FWU-C1', 'download')).toBe(0);
    // No files at all: nothing to play either.
    expect(await links('FWU-C4')).toEqual(nothing);
    expect(await uses('FWU-C4', 'play')).toBe(0);

    const single = await links('FWU-C2?purpose=download');
    expect(single).toMatchObject({ direct: null, frame: null, stream: null, tracks: [] });
    expect(single.download).toMatch(/^\/content\/FWU-C2\/file\.[^/]+\/%C3%9Cbung%201\.mp4$/);
    expect(await uses('FWU-C2', 'download')).toBe(1);
    expect((await links('FWU-C1')).direct).toMatch(/\/start\/index\.html$/);
    expect(await uses('FWU-C1', 'play')).toBe(1);
  });

  it('honours If-Range only for the strong ETag or the exact, strong Last-Modified', async () => {
    const { direct } = await links('FWU-C2');
    const film = path.join(storage.folder((await medium('FWU-C2')).id), 'Übung 1.mp4');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(film, hourAgo, hourAgo);
    const whole = await get(direct ?? '');
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const lastModified = String(whole.headers['last-modified']);
    expect(lastModified).toBe(hourAgo.toUTCString());
    const ranged = (ifRange: string) =>
      get(direct ?? '', { range: 'bytes=0-9', 'if-range': ifRange });

    const matching = await ranged(etag);
    expect(matching.statusCode).toBe(206);
    expect(matching.rawPayload.equals(FILM.subarray(0, 10))).toBe(true);
    // A weak tag never matches (RFC 9110 13.1.5), not even with the same opaque part.
    const weak = await ranged(`W/${etag}`);
    expect(weak.statusCode).toBe(200);
    expect(weak.rawPayload.equals(FILM)).toBe(true);
    // Another version's tag or date: the whole file.
    expect((await ranged('"2710-1"')).statusCode).toBe(200);
    expect((await ranged(new Date(hourAgo.getTime() - 1000).toUTCString())).statusCode).toBe(200);
    expect((await ranged(lastModified)).statusCode).toBe(206);

    // Changed within the last second (or, as here to be sure, ahead of the clock), Last-Modified
    // is no strong validator (RFC 9110 8.8.2.2): the whole file.
    const ahead = new Date(Date.now() + 5_000);
    await utimes(film, ahead, ahead);
    const changed = await get(direct ?? '');
    expect(changed.headers.etag).not.toBe(etag);
    expect((await ranged(etag)).statusCode).toBe(200);
    expect((await ranged(String(changed.headers['last-modified']))).statusCode).toBe(200);
    expect((await ranged(String(changed.headers.etag))).statusCode).toBe(206);
  });

  it('serves files with Range, HEAD, content types and dispositions', async () => {
    const { direct, download } = await links('FWU-C2');
    const whole = await get(direct ?? '');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(FILM)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '10000',
      'accept-ranges': 'bytes',
      'content-disposition': `inline; filename="Ubung 1.mp4"; filename*=UTF-8''%C3%9Cbung%201.mp4`,
    });
    expect(whole.headers['content-encoding']).toBeUndefined();

    const range = await get(direct ?? '', { range: 'bytes=1000-1999' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 1000-1999/10000');
    expect(range.headers['content-length']).toBe('1000');
    expect(range.rawPayload.equals(FILM.subarray(1000, 2000))).toBe(true);

    const open = await get(direct ?? '', { range: 'bytes=9990-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 9990-9999/10000');
    const suffix = await get(direct ?? '', { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(FILM.subarray(9990))).toBe(true);
    const clamped = await get(direct ?? '', { range: 'bytes=9000-20000' });
    expect(clamped.headers['content-range']).toBe('bytes 9000-9999/10000');

    const beyond = await get(direct ?? '', { range: 'bytes=10000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10000');
    // Malformed or several ranges: the whole file.
    for (const header of ['bytes=abc', 'items=0-1', 'bytes=5-2', 'bytes=0-1,5-6']) {
      const answer = await get(direct ?? '', { range: header });
      expect(answer.statusCode, header).toBe(200);
      expect(answer.rawPayload.length).toBe(10000);
    }
    // If-Range naming another version: the whole file.
    const stale = await get(direct ?? '', { range: 'bytes=0-9', 'if-range': 'W/"other"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await get(direct ?? '', {
      range: 'bytes=0-9',
      'if-range': String(whole.headers.etag),
    });
    expect(fresh.statusCode).toBe(206);

    const head = await app.inject({ method: 'HEAD', url: direct ?? '' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10000');
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.rawPayload.length).toBe(0);
    const headRange = await app.inject({
      method: 'HEAD',
      url: direct ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('100');

    const attachment = await get(download ?? '');
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-disposition']).toMatch(/^attachment; /);
    expect(attachment.rawPayload.equals(FILM)).toBe(true);
  });

  it("plays an index page with its own files, sandboxed away from the app's origin", async () => {
    const { direct } = await links('FWU-C1');
    const page = await get(direct ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html');
    expect(page.body).toContain('<p>Hallo</p>');
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts /);
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    // The page's relative address keeps the play token.
    const style = await get((direct ?? '').replace(/index\.html$/, 'style.css'));
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.body).toBe('p { color: red }');
    // ... but never leaves the folder, and finds nothing where there is nothing.
    const base = (direct ?? '').replace(/start\/index\.html$/, '');
    expect((await get(`${base}%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`)).statusCode).toBe(400);
    expect((await get(`${base}start/fehlt.css`)).statusCode).toBe(404);
  });

  it("never serves the storage's metadata or the teaser's folder to users", async () => {
    // What nephele keeps beside the files (lock records with the producer's address), and the
    // producer's teaser, lie in the folder but are not content.
    await putFiles('FWU-C2', {
      'Übung 1.mp4.nephelemeta': '{"locks":{"t":{"username":"produzent@demo"}}}',
      '.nephelemeta': '{}',
      'thumbs/main.webp': 'RIFF',
    });
    const { direct, download } = await links('FWU-C2');
    // Still the one file of the medium: the teaser does not make it 'several'.
    expect(direct).toMatch(/\/%C3%9Cbung%201\.mp4$/);
    expect(download).toMatch(/\/%C3%9Cbung%201\.mp4$/);
    const base = (direct ?? '').replace(/[^/]+$/, '');
    for (const hidden of [
      '%C3%9Cbung%201.mp4.nephelemeta',
      '.nephelemeta',
      'thumbs/main.webp',
      'thumbs/.nephelemeta',
    ]) {
      const answer = await get(`${base}${hidden}`);
      expect(answer.statusCode, hidden).toBe(404);
      expect(answer.body).not.toContain('produzent');
    }
    // The producer's ZIP leaves them out as well.
    const built = await producer.post('/api/v1/producer/media/FWU-C2/dirlist/zip');
    expect(built.statusCode).toBe(200);
    const zip = await get((await links('FWU-C2')).download ?? '');
    const zipCopy = path.join(dataDir, 'c2.zip');
    await writeFile(zipCopy, zip.rawPayload);
    expect(execFileSync('unzip', ['-Z1', zipCopy], { encoding: 'utf8' }).trim()).toBe(
      'Übung 1.mp4',
    );
  });

  it("opens a producer's file sandboxed through a signed address, for the owner only", async () => {
    const url = '/api/v1/producer/media/FWU-C1/files/link?path=start/index.html';
    const answer = await producer.get(url);
    expect(answer.statusCode).toBe(200);
    const { url: address } = answer.json<{ url: string }>();
    expect(address).toMatch(/^\/content\/FWU-C1\/play\.[^/]+\/start\/index\.html$/);
    const page = await get(address);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts /);
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    // Drafts too (the producer's own), but nobody else's, and no missing file.
    expect(
      (await producer.get('/api/v1/producer/media/FWU-C3/files/link?path=entwurf.pdf')).statusCode,
    ).toBe(200);
    expect((await teacher.get(url)).statusCode).toBe(403);
    expect((await new SessionClient(app).get(url)).statusCode).toBe(401);
    expect(
      (await producer.get('/api/v1/producer/media/FWU-C1/files/link?path=fehlt.html')).statusCode,
    ).toBe(404);
    expect(
      (await producer.get('/api/v1/producer/media/FWU-C1/files/link?path=../x')).statusCode,
    ).toBe(400);
  });

  it('renders an embeddable player page for the direct file', async () => {
    const video = await links('FWU-C2');
    const page = await get(video.frame ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("media-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.body).toContain('<title>Film &lt;C2&gt; &amp; &quot;mehr&quot;</title>');
    const source = /<video [^>]*src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(source).toMatch(/^\/content\/FWU-C2\/play\.[^/]+\/%C3%9Cbung%201\.mp4$/);
    const played = await get(source, { range: 'bytes=0-9' });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.equals(FILM.subarray(0, 10))).toBe(true);

    const html = await get((await links('FWU-C1')).frame ?? '');
    expect(html.body).toMatch(/<iframe src="\/content\/FWU-C1\/play\.[^"]+\/start\/index\.html"/);
  });

  it('refuses tampered, misplaced and expired addresses with 403', async () => {
    const { direct, download } = await links('FWU-C2');
    const file = download ?? '';
    const [, , identifier = '', token = '', ...rest] = file.split('/');
    const filePath = rest.join('/');
    const [purpose = '', expires = '', licence = '', signature = ''] = token.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = [
      `/content/${identifier}/${purpose}.${expires}.${licence}.${flipped}/${filePath}`,
      `/content/${identifier}/${purpose}.${String(Number(expires) + 60)}.${licence}.${signature}/${filePath}`,
      `/content/${identifier}/play.${expires}.${licence}.${signature}/${filePath}`,
      `/content/${identifier}/${purpose}.${expires}.0.${signature}/${filePath}`,
      `/content/${identifier}/${purpose}.${expires}.${signature}/${filePath}`,
      `/content/${identifier}/${token}/anderes.mp4`,
      `/content/FWU-C1/${token}/${filePath}`,
      `/content/FWU-NOPE/${token}/${filePath}`,
      `/content/${identifier}/kaputt/${filePath}`,
      `/content/${identifier}/${purpose}.${expires}/${filePath}`,
      `/content/${identifier}/${purpose}.${expires}.${signature}.x/${filePath}`,
    ];
    for (const url of tampered) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(403);
      expect(message(answer)).toBe(MESSAGES.files.linkExpired);
    }
    expect((await get(direct ?? '')).statusCode).toBe(200);

    // Signed with the right secret, but expired; and valid for another medium with this
    // identifier only (a later medium that took the number gets nothing).
    const c2 = await medium('FWU-C2');
    const grant: ContentGrant = {
      mediumId: c2.id,
      identifier: 'FWU-C2',
      licence: null,
      purpose: 'play',
      path: '',
      expires: Math.floor(Date.now() / 1000) - 1,
    };
    const encoded = '%C3%9Cbung%201.mp4';
    const expired = await get(`/content/FWU-C2/${signToken(SECRET, grant)}/${encoded}`);
    expect(expired.statusCode).toBe(403);
    expect(message(expired)).toBe(MESSAGES.files.linkExpired);
    const later = { ...grant, expires: grant.expires + 3600 };
    expect((await get(`/content/FWU-C2/${signToken(SECRET, later)}/${encoded}`)).statusCode).toBe(
      200,
    );
    const otherMedium = { ...later, mediumId: c2.id + 1000 };
    expect(
      (await get(`/content/FWU-C2/${signToken(SECRET, otherMedium)}/${encoded}`)).statusCode,
    ).toBe(403);
    const otherSecret = signToken(`${SECRET}x`, later);
    expect((await get(`/content/FWU-C2/${otherSecret}/${encoded}`)).statusCode).toBe(403);
  });
});
