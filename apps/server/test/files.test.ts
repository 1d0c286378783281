import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type Dirlist, type ZipInfo } from '@medienkatalog/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import { AccessRepository } from '../src/modules/auth/access.repository.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const own = (fnNr: string, status: 'draft' | 'published' = 'published') =>
  mediumRecord({ pool: 'fwu', fn_prodname: 'FWU', fn_nr: fnNr, fn_status: status });
const fixtures = [
  own('F1'),
  own('F2'),
  own('F3'),
  own('F4'),
  own('F5'),
  mediumRecord({ pool: 'lernfilm', fn_prodname: 'Lernfilm', fn_nr: 'X1' }),
];
const API = '/api/v1/producer/media';
const DOWNLOAD = '/api/v1/producer/mediafiles/download';

const message = (answer: { json: () => unknown }) => (answer.json() as { message: string }).message;

/** Bytes 0..n-1 cycling through 0-255: every range is recognisable. */
const pattern = (length: number) => Buffer.from(Array.from({ length }, (_, i) => i % 256));

describe.each(databaseKinds)('producer file calls (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let storage: FileStorage;
  let producer: SessionClient;
  const folderOf = async (identifier: string) => {
    const medium = await new AccessRepository(database.db).mediumByIdentifier(identifier);
    if (!medium) {
      throw new Error(`No medium ${identifier}`);
    }
    return storage.folder(medium.id);
  };
  /** Writes files (relative path to content) into a medium's folder, as the WebDAV mount would. */
  const putFiles = async (identifier: string, files: Record<string, string | Buffer>) => {
    const folder = await folderOf(identifier);
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), content);
    }
    return folder;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mk-files-test-'));
    storage = new FileStorage(dataDir);
    app = await buildApp({ db: database.db, files: { dataDir } });
    producer = await demoClient(app, 'Produzent');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets only the owning producer call: anonymous 401, other roles 403, foreign and unknown 404', async () => {
    const anonymous = new SessionClient(app);
    expect((await anonymous.get(`${API}/FWU-F1/dirlist`)).statusCode).toBe(401);
    expect((await anonymous.post(`${API}/FWU-F1/dirlist/zip`)).statusCode).toBe(401);
    expect((await anonymous.get(`${DOWNLOAD}/FWU-F1?path=a.txt`)).statusCode).toBe(401);
    const teacher = await demoClient(app, 'Lehrkraft');
    const calls = [
      () => teacher.get(`${API}/FWU-F1/dirlist`),
      () => teacher.put(`${API}/FWU-F1/dirlist/index`, { fn_index: 'a.txt' }),
      () => teacher.post(`${API}/FWU-F1/dirlist/zip`),
      () => teacher.get(`${DOWNLOAD}/FWU-F1?path=a.txt`),
    ];
    for (const call of calls) {
      const answer = await call();
      expect(answer.statusCode).toBe(403);
      expect(message(answer)).toBe(MESSAGES.producer.producerOnly);
    }
    // Another pool's medium answers like one that does not exist.
    for (const answer of [
      await producer.get(`${API}/LERNFILM-X1/dirlist`),
      await producer.put(`${API}/LERNFILM-X1/dirlist/index`, { fn_index: 'a.txt' }),
      await producer.post(`${API}/LERNFILM-X1/dirlist/zip`),
      await producer.get(`${DOWNLOAD}/LERNFILM-X1?path=a.txt`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(message(answer)).toBe(MESSAGES.mediumNotFound);
    }
    const unknown = await producer.get(`${API}/FWU-NOPE/dirlist`);
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(MESSAGES.mediumNotFound);
    expect((await producer.post(`${API}/FWU-NOPE/dirlist/zip`)).statusCode).toBe(404);
    // State-changing calls need the CSRF header.
    const withoutCsrf = await producer.request(
      'PUT',
      `${API}/FWU-F1/dirlist/index`,
      { fn_index: 'a.txt' },
      { csrf: false },
    );
    expect(withoutCsrf.statusCode).toBe(403);
    expect(message(withoutCsrf)).toBe(MESSAGES.csrf);
  });

  it('answers an empty dirlist first, then the index file once set', async () => {
    const empty = await producer.get(`${API}/fwu-f1/dirlist`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Dirlist>()).toEqual({
      FnIndex: null,
      FnZip: null,
      FnSize: null,
      FnZiphash: null,
    });
    await putFiles('FWU-F1', { 'index.html': '<h1>Hallo</h1>', 'kapitel/eins.html': 'eins' });
    const set = await producer.put(`${API}/FWU-F1/dirlist/index`, {
      fn_index: '/kapitel/eins.html',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<Dirlist>().FnIndex).toBe('kapitel/eins.html');
    expect((await producer.get(`${API}/FWU-F1/dirlist`)).json<Dirlist>()).toMatchObject({
      FnIndex: 'kapitel/eins.html',
      FnZip: null,
    });
  });

  it('refuses an index that is missing, empty, outside the folder or not an existing file', async () => {
    await putFiles('FWU-F2', { 'a.txt': 'a', 'ordner/b.txt': 'b' });
    const put = (body: object) => producer.put(`${API}/FWU-F2/dirlist/index`, body);
    for (const body of [{}, { fn_index: '' }, { fn_index: '   ' }, { fn_index: 42 }]) {
      const answer = await put(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(message(answer)).toBe(MESSAGES.files.indexInvalid);
    }
    for (const outside of ['../F1/index.html', '/../../etc/passwd', 'a/../../x']) {
      const answer = await put({ fn_index: outside });
      expect(answer.statusCode, outside).toBe(400);
      expect(message(answer)).toBe(MESSAGES.files.badPath);
    }
    for (const [missing, shown] of [
      ['fehlt.html', 'fehlt.html'],
      ['ordner', 'ordner'],
      ['ordner/', 'ordner'],
      ['/', ''],
    ] as const) {
      const answer = await put({ fn_index: missing });
      expect(answer.statusCode, missing).toBe(400);
      expect(message(answer)).toBe(
        shown === '' ? MESSAGES.files.indexInvalid : MESSAGES.files.indexNotFound(shown),
      );
    }
    expect((await producer.get(`${API}/FWU-F2/dirlist`)).json<Dirlist>().FnIndex).toBeNull();
    expect((await put({ fn_index: 'ordner/b.txt' })).json<Dirlist>().FnIndex).toBe('ordner/b.txt');
  });

  it('builds a ZIP of every file (not links), with its size and SHA-256', async () => {
    const video = pattern(300_000);
    const folder = await putFiles('FWU-F3', {
      'index.html': '<!doctype html><p>Start</p>',
      'Übung ä.txt': 'Grüße\n',
      'media/film.mp4': video,
      'media/deep/notes.md': '# Notizen',
      '.versteckt': 'auch dabei',
      // The WebDAV server's own bookkeeping (locks, properties) is not the medium's content.
      'index.html.nephelemeta': '{}',
      'media/.nephelemeta': '{}',
    });
    await mkdir(path.join(folder, 'leer/innen'), { recursive: true });
    await symlink('/etc/passwd', path.join(folder, 'link-nach-aussen'));
    await symlink(path.join(folder, 'index.html'), path.join(folder, 'link-nach-innen'));

    const answer = await producer.post(`${API}/FWU-F3/dirlist/zip`);
    expect(answer.statusCode).toBe(200);
    const info = answer.json<ZipInfo>();
    const zipPath = path.join(dataDir, 'zips', `${path.basename(folder)}.zip`);
    const bytes = await readFile(zipPath);
    expect(info).toEqual({
      fn_zip: 'FWU-F3.zip',
      fn_size: bytes.length,
      fn_ziphash: createHash('sha256').update(bytes).digest('hex'),
    });
    const names = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .sort();
    expect(names).toEqual(
      [
        '.versteckt',
        'index.html',
        'leer/innen/',
        'media/deep/notes.md',
        'media/film.mp4',
        'Übung ä.txt',
      ].sort(),
    );
    // unzip -t checks every entry's CRC; -p unpacks one to stdout.
    execFileSync('unzip', ['-tq', zipPath]);
    expect(execFileSync('unzip', ['-p', zipPath, 'media/film.mp4']).equals(video)).toBe(true);
    expect(execFileSync('unzip', ['-p', zipPath, 'Übung ä.txt'], { encoding: 'utf8' })).toBe(
      'Grüße\n',
    );
    // No temporary files are left beside it; the dirlist shows the ZIP.
    expect((await readdir(path.dirname(zipPath))).filter((name) => name.endsWith('.tmp'))).toEqual(
      [],
    );
    expect((await producer.get(`${API}/FWU-F3/dirlist`)).json<Dirlist>()).toEqual({
      FnIndex: null,
      FnZip: 'FWU-F3.zip',
      FnSize: bytes.length,
      FnZiphash: info.fn_ziphash,
    });

    // A rebuild after a change replaces it; two at once both succeed and leave one valid ZIP.
    await rm(path.join(folder, 'media'), { recursive: true });
    const [first, second] = await Promise.all([
      producer.post(`${API}/FWU-F3/dirlist/zip`),
      producer.post(`${API}/FWU-F3/dirlist/zip`),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const rebuilt = await readFile(zipPath);
    expect(second.json<ZipInfo>().fn_ziphash).toBe(
      createHash('sha256').update(rebuilt).digest('hex'),
    );
    expect(execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' })).not.toContain('media/');
  });

  it('answers 409 for the ZIP of a medium without files and forgets an older ZIP', async () => {
    const folder = await putFiles('FWU-F4', { 'a.txt': 'a' });
    expect((await producer.post(`${API}/FWU-F4/dirlist/zip`)).statusCode).toBe(200);
    await rm(path.join(folder, 'a.txt'));
    await mkdir(path.join(folder, 'nur-ordner'));
    const answer = await producer.post(`${API}/FWU-F4/dirlist/zip`);
    expect(answer.statusCode).toBe(409);
    expect(message(answer)).toBe(MESSAGES.files.noFiles);
    expect((await producer.get(`${API}/FWU-F4/dirlist`)).json<Dirlist>().FnZip).toBeNull();
  });

  it('downloads one file, whole or a range, and refuses paths outside and missing files', async () => {
    const data = pattern(5000);
    await putFiles('FWU-F5', { 'Arbeitsblatt "Größe"; 1.pdf': data, 'sub/clip.mp4': data });
    const url = (file: string) => `${DOWNLOAD}/FWU-F5?path=${encodeURIComponent(file)}`;
    const whole = await producer.get(url('/Arbeitsblatt "Größe"; 1.pdf'));
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-length']).toBe('5000');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="Arbeitsblatt _Gro_e__ 1.pdf"; filename*=UTF-8''Arbeitsblatt%20%22Gr%C3%B6%C3%9Fe%22%3B%201.pdf`,
    );

    const ranged = await app.inject({
      method: 'GET',
      url: url('sub/clip.mp4'),
      headers: { cookie: producerCookie(producer), range: 'bytes=100-199' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 100-199/5000');
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    for (const outside of ['../F1/index.html', 'sub/../../x', '..']) {
      const answer = await producer.get(url(outside));
      expect(answer.statusCode, outside).toBe(400);
      expect(message(answer)).toBe(MESSAGES.files.badPath);
    }
    for (const missing of ['fehlt.pdf', 'sub', '/']) {
      const answer = await producer.get(url(missing));
      expect(answer.statusCode, missing).toBe(404);
      expect(message(answer)).toBe(MESSAGES.files.fileNotFound);
    }
    expect((await producer.get(`${DOWNLOAD}/FWU-F5`)).statusCode).toBe(400);
  });

  it('removes the files, ZIP and covers of a deleted medium, one by one and in bulk', async () => {
    const create = async (fnNr: string) => {
      const created = await producer.post(API, {
        fn_nr: fnNr,
        fn_titel: `Löschen ${fnNr}`,
        fn_adressat: 'A',
      });
      expect(created.statusCode).toBe(201);
      const folder = await putFiles(`FWU-${fnNr}`, { 'a.txt': 'a', 'b/c.txt': 'c' });
      expect((await producer.post(`${API}/FWU-${fnNr}/dirlist/zip`)).statusCode).toBe(200);
      const zip = path.join(dataDir, 'zips', `${path.basename(folder)}.zip`);
      await stat(zip);
      // A rendered cover of the medium, as the cover service caches it.
      const cover = storage.coverFile(Number(path.basename(folder)), '400x226');
      await mkdir(path.dirname(cover), { recursive: true });
      await writeFile(cover, 'jpeg');
      return { folder, zip, cover };
    };
    const gone = (file: string) =>
      stat(file).then(
        () => false,
        () => true,
      );
    const single = await create('D1');
    expect((await producer.delete(`${API}/FWU-D1`)).statusCode).toBe(204);
    expect(await gone(single.folder)).toBe(true);
    expect(await gone(single.zip)).toBe(true);
    expect(await gone(single.cover)).toBe(true);

    const [a, b] = [await create('D2'), await create('D3')];
    const bulk = await producer.request('DELETE', `${API}/bulk`, { ids: ['FWU-D2', 'fwu-d3'] });
    expect(bulk.json()).toEqual({ updated: 2 });
    for (const file of [a.folder, a.zip, a.cover, b.folder, b.zip, b.cover]) {
      expect(await gone(file), file).toBe(true);
    }
  });
});

function producerCookie(client: SessionClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
