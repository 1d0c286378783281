import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  COVER_SIZES,
  JOB_KIND_LABELS,
  MESSAGES,
  WEBVTT_PROBLEMS,
  type JobList,
  type MediaLink,
  type ZipInfo,
} from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import { JobError, JobRunner } from '../src/modules/jobs/job-runner.ts';
import { JobsRepository, type JobRow } from '../src/modules/jobs/jobs.repository.ts';
import { findFfmpeg, type Ffmpeg } from '../src/modules/media/ffmpeg.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { demoClient, type SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const own = (fnNr: string, fnLaenge = '') =>
  mediumRecord({ pool: 'fwu', fn_prodname: 'FWU', fn_nr: fnNr, fn_laenge: fnLaenge });
const fixtures = [
  own('V1'), // a 720p film: duration, poster, renditions
  own('V2', '12'), // a film with a length and a teaser already
  own('A1'), // audio: duration only
  own('Z1'), // a ZIP on the queue
  own('T1'), // captions and chapters
  own('N1'), // the app without ffmpeg
];

const sampleDir = await mkdtemp(path.join(os.tmpdir(), 'mk-media-samples-'));
/** Real media made by ffmpeg: a 12 s 720p film with sound and 3 s of audio. */
const FILM_720 = path.join(sampleDir, 'film-720.mp4');
const AUDIO = path.join(sampleDir, 'ton.m4a');

const message = (answer: { json: () => unknown }) => (answer.json() as { message: string }).message;

describe.each(databaseKinds)('media pipeline on the job queue (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let storage: FileStorage;
  let producer: SessionClient;
  let ffmpeg: Ffmpeg;

  const mediumId = async (identifier: string) => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`SELECT id FROM media WHERE identifier = ${identifier}`,
    );
    return row?.id ?? 0;
  };
  const cookieHeaders = (client: SessionClient) => ({
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': client.cookies.get('mk_csrf') ?? '',
  });
  /** A WebDAV PUT, as the file manager and WebDAV clients upload. */
  const upload = async (identifier: string, name: string, body: Buffer | string) => {
    const answer = await app.inject({
      method: 'PUT',
      url: `/dav/${identifier}/${name}`,
      headers: cookieHeaders(producer),
      payload: body,
    });
    expect([201, 204], answer.body).toContain(answer.statusCode);
  };
  const jobsOf = async (identifier: string) => {
    const answer = await producer.get(`/api/v1/producer/media/${identifier}/jobs`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<JobList>();
  };
  /** Waits until every job of the medium ended; answers them. */
  const settled = async (identifier: string, count: number, seconds = 90) => {
    const until = Date.now() + seconds * 1000;
    for (;;) {
      const list = await jobsOf(identifier);
      const ended = list.jobs.filter((job) => job.state === 'done' || job.state === 'failed');
      if ((list.jobs.length >= count && ended.length === list.jobs.length) || Date.now() > until) {
        return list;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const link = async (identifier: string) => {
    const answer = await producer.get(`/api/v1/media/link/${identifier}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<MediaLink>();
  };

  beforeAll(async () => {
    const found = await findFfmpeg();
    if (!found) {
      throw new Error('ffmpeg must be installed (README: apt-get install -y ffmpeg)');
    }
    ffmpeg = found;
    execFileSync(ffmpeg.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=12'],
      ...['-f', 'lavfi', '-i', 'sine=f=330:d=12', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-c:a', 'aac', '-shortest', FILM_720],
    ]);
    execFileSync(ffmpeg.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=3', '-c:a', 'aac', AUDIO],
    ]);
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mk-media-jobs-'));
    storage = new FileStorage(dataDir);
    app = await buildApp({
      db: database.db,
      files: { dataDir },
      media: { ffmpeg, jobs: { pollMilliseconds: 100, leaseSeconds: 10, backoffSeconds: 0.2 } },
    });
    await app.ready();
    producer = await demoClient(app, 'Produzent');
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('turns a video upload into duration, poster frame, covers and HLS renditions', async () => {
    const changed = async () => {
      const [row] = await queryRows<{ fn_aenderung: Date | string }>(
        database.db,
        sql`SELECT fn_aenderung FROM media WHERE identifier = 'FWU-V1'`,
      );
      return new Date(row?.fn_aenderung ?? 0).getTime();
    };
    const before = await changed();
    await upload('FWU-V1', 'film.mp4', await readFile(FILM_720));
    // Until the renditions are built, the original plays.
    const early = await link('FWU-V1');
    expect(early.direct).toMatch(/\/film\.mp4$/);
    expect(early.stream).toBeNull();

    const list = await settled('FWU-V1', 4);
    expect(list.processing).toBe(true);
    const byKind = new Map(list.jobs.map((job) => [job.kind, job]));
    for (const name of ['media.probe', 'media.poster', 'media.renditions', 'cover.render']) {
      expect(byKind.get(name), name).toMatchObject({
        state: 'done',
        progress: 1,
        attempts: 1,
        error: null,
        label: JOB_KIND_LABELS[name],
      });
    }
    expect(byKind.get('media.renditions')?.path).toBe('film.mp4');

    const [medium] = await queryRows<{ fn_laenge: string }>(
      database.db,
      sql`SELECT fn_laenge FROM media WHERE identifier = 'FWU-V1'`,
    );
    expect(medium?.fn_laenge).toBe('1');
    // Setting the length is a change of the record: an editor open on the old one is told.
    expect(await changed()).toBeGreaterThan(before);
    const id = await mediumId('FWU-V1');
    await expect(stat(path.join(storage.folder(id), 'thumbs/main.jpg'))).resolves.toBeTruthy();
    for (const size of COVER_SIZES) {
      await expect(stat(storage.coverFile(id, size)), size).resolves.toBeTruthy();
    }

    const ready = await link('FWU-V1');
    expect(ready.direct).toMatch(/\/film\.mp4$/);
    expect(ready.stream).toMatch(
      /^\/content\/FWU-V1\/play\.[^/]+\/%3Ahls\/[0-9a-f]{16}\/master\.m3u8$/,
    );
    const master = await app.inject({ url: ready.stream ?? '' });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('RESOLUTION=640x360');
    expect(master.body).toContain('RESOLUTION=1280x720');
    const base = (ready.stream ?? '').replace(/master\.m3u8$/, '');
    const playlist = await app.inject({ url: `${base}720p/index.m3u8` });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts')) ?? '';
    const ranged = await app.inject({
      url: `${base}720p/${segment}`,
      headers: { range: 'bytes=0-187' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp2t');
    expect(ranged.rawPayload.length).toBe(188);
    // An MPEG-TS packet starts with the sync byte.
    expect(ranged.rawPayload[0]).toBe(0x47);
    // The original stays the download and plays with Range too.
    const original = await app.inject({ url: ready.direct ?? '', headers: { range: 'bytes=0-9' } });
    expect(original.statusCode).toBe(206);
    // A forged path out of the renditions is refused.
    const escape = await app.inject({ url: `${base}..%2F..%2F1%2Fthumbs%2Fmain.jpg` });
    expect([400, 404]).toContain(escape.statusCode);
  });

  it('keeps a teaser and a length the producer set; audio gets its duration only', async () => {
    const v2 = await mediumId('FWU-V2');
    await writeFile(path.join(await storage.ensureFolder(v2), 'eigen.txt'), 'x');
    const folder = await app.inject({
      method: 'MKCOL',
      url: '/dav/FWU-V2/thumbs',
      headers: cookieHeaders(producer),
    });
    expect(folder.statusCode).toBe(201);
    await upload(
      'FWU-V2',
      'thumbs/main.jpg',
      await readFile(path.join(storage.folder(await mediumId('FWU-V1')), 'thumbs/main.jpg')),
    );
    const teaser = await stat(path.join(storage.folder(v2), 'thumbs/main.jpg'));
    // The uploaded teaser is rendered at the eight sizes on the queue.
    const covers = await settled('FWU-V2', 1);
    expect(covers.jobs.map((job) => [job.kind, job.state])).toEqual([['cover.render', 'done']]);
    await expect(stat(storage.coverFile(v2, '400x226'))).resolves.toBeTruthy();
    await upload('FWU-V2', 'film.mp4', await readFile(FILM_720));
    const list = await settled('FWU-V2', 4);
    const poster = list.jobs.find((job) => job.kind === 'media.poster');
    expect(poster?.state).toBe('done');
    expect((await stat(path.join(storage.folder(v2), 'thumbs/main.jpg'))).mtimeMs).toBe(
      teaser.mtimeMs,
    );
    const [row] = await queryRows<{ fn_laenge: string }>(
      database.db,
      sql`SELECT fn_laenge FROM media WHERE id = ${v2}`,
    );
    expect(row?.fn_laenge).toBe('12');

    await upload('FWU-A1', 'ton.m4a', await readFile(AUDIO));
    const audio = await settled('FWU-A1', 1);
    expect(audio.jobs.map((job) => job.kind)).toEqual(['media.probe']);
    const [a1] = await queryRows<{ fn_laenge: string }>(
      database.db,
      sql`SELECT fn_laenge FROM media WHERE identifier = 'FWU-A1'`,
    );
    expect(a1?.fn_laenge).toBe('1');
  });

  it('builds ZIPs on the queue', async () => {
    await upload('FWU-Z1', 'a.txt', 'eins');
    const built = await producer.post('/api/v1/producer/media/FWU-Z1/dirlist/zip');
    expect(built.statusCode, built.body).toBe(200);
    expect(built.json<ZipInfo>()).toMatchObject({ fn_zip: 'FWU-Z1.zip' });
    const zipJob = (await jobsOf('FWU-Z1')).jobs.find((job) => job.kind === 'zip.build');
    expect(zipJob).toMatchObject({ state: 'done', label: 'ZIP-Archiv' });
    // Without files: 409 as before, the job failed with the same message.
    const empty = await producer.post('/api/v1/producer/media/FWU-N1/dirlist/zip');
    expect(empty.statusCode).toBe(409);
    expect(message(empty)).toBe(MESSAGES.files.noFiles);
  });

  it('retries a failed job after a backoff and fails for good where retrying cannot help', async () => {
    const repository = new JobsRepository(database.db);
    const runner = new JobRunner(
      repository,
      { pollMilliseconds: 50, leaseSeconds: 5, backoffSeconds: 0.2, failedMessage: 'kaputt' },
      app.log,
    );
    let calls = 0;
    runner.register({
      'test.flaky': {
        lane: 'quick',
        handler: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve({ calls });
        },
      },
      'test.hopeless': {
        lane: 'quick',
        handler: () => Promise.reject(new JobError('Diese Datei enthält kein Video.', false)),
      },
    });
    runner.start();
    try {
      const flaky = await runner.enqueue({ kind: 'test.flaky' });
      const hopeless = await runner.enqueue({ kind: 'test.hopeless' });
      const flakyEnd = (await runner.waitFor(flaky.id, 10_000)) as JobRow;
      expect(flakyEnd).toMatchObject({
        state: 'done',
        attempts: 2,
        error: null,
        result: { calls: 2 },
      });
      const hopelessEnd = (await runner.waitFor(hopeless.id, 10_000)) as JobRow;
      expect(hopelessEnd).toMatchObject({
        state: 'failed',
        attempts: 1,
        error: 'Diese Datei enthält kein Video.',
      });
      // The same work asked for twice while waiting is one job.
      const first = await repository.enqueue({ kind: 'test.none', dedupeKey: 'k' });
      const second = await repository.enqueue({ kind: 'test.none', dedupeKey: 'k' });
      expect(second.id).toBe(first.id);
    } finally {
      await runner.stop();
    }
  });

  it('stores captions and chapters and refuses bad WebVTT naming the line', async () => {
    const put = (url: string, body: string | Buffer) =>
      app.inject({
        method: 'PUT',
        url,
        headers: { ...cookieHeaders(producer), 'content-type': 'text/vtt' },
        payload: body,
      });
    const captions = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHallo\n';
    const stored = await put('/api/v1/producer/media/FWU-T1/captions/de', captions);
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await put('/api/v1/producer/media/FWU-T1/captions/en', captions)).statusCode).toBe(200);
    const chapters = await put(
      '/api/v1/producer/media/FWU-T1/chapters',
      'WEBVTT\n\n00:00.000 --> 00:10.000\nEinleitung\n',
    );
    expect(chapters.statusCode).toBe(200);

    const bad = await put(
      '/api/v1/producer/media/FWU-T1/captions/fr',
      'WEBVTT\n\n00:00.000 --> 00:02.000\nSalut\n\n00:03.000 --> 00:62.000\nÇa va\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe(MESSAGES.captions.invalid(6, WEBVTT_PROBLEMS.timestamp('00:62.000')));
    const latin1 = await put(
      '/api/v1/producer/media/FWU-T1/captions/fr',
      Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nÇa va\n', 'latin1'),
    );
    expect(latin1.statusCode).toBe(400);
    expect(message(latin1)).toBe(MESSAGES.captions.encoding);
    const badLanguage = await put('/api/v1/producer/media/FWU-T1/captions/Deutsch', captions);
    expect(badLanguage.statusCode).toBe(400);
    expect(message(badLanguage)).toBe(MESSAGES.captions.language);
    const untitled = await put(
      '/api/v1/producer/media/FWU-T1/chapters',
      'WEBVTT\n\n00:00.000 --> 00:10.000\n',
    );
    expect(untitled.statusCode).toBe(400);
    expect(message(untitled)).toBe(MESSAGES.captions.invalid(3, WEBVTT_PROBLEMS.chapterTitle));

    await upload('FWU-T1', 'film.mp4', await readFile(FILM_720));
    const withTracks = await link('FWU-T1');
    // Captions and chapters beside the film do not hide it as the file that plays.
    expect(withTracks.direct).toMatch(/\/film\.mp4$/);
    const tracks = withTracks.tracks;
    expect(
      tracks.map(({ kind: trackKind, language, label }) => [trackKind, language, label]),
    ).toEqual([
      ['captions', 'de', 'Deutsch'],
      ['captions', 'en', 'Englisch'],
      ['chapters', 'de', 'Kapitel'],
    ]);
    const vtt = await app.inject({ url: tracks[0]?.url ?? '' });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(captions);
    // Nobody but the producer uploads them.
    const teacher = await demoClient(app, 'Lehrkraft');
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/v1/producer/media/FWU-T1/captions/de',
      headers: { ...cookieHeaders(teacher), 'content-type': 'text/vtt' },
      payload: captions,
    });
    expect(foreign.statusCode).toBe(403);
    // Through WebDAV into 'untertitel/' the same check applies.
    const davPut = (name: string, body: string) =>
      app.inject({
        method: 'PUT',
        url: `/dav/FWU-T1/untertitel/${name}`,
        headers: cookieHeaders(producer),
        payload: body,
      });
    const badDav = await davPut(
      'fr.vtt',
      'WEBVTT\n\n00:00.000 --> 00:02.000\nSalut\n\nkein Zeitstempel\n',
    );
    expect(badDav.statusCode).toBe(400);
    expect(message(badDav)).toMatch(/^Die WebVTT-Datei ist fehlerhaft \(Zeile 6\): /);
    const badChapters = await davPut('kapitel.vtt', 'WEBVTT\n\n00:00.000 --> 00:10.000\n');
    expect(badChapters.statusCode).toBe(400);
    expect(message(badChapters)).toBe(MESSAGES.captions.invalid(3, WEBVTT_PROBLEMS.chapterTitle));
    const folderNamedVtt = await app.inject({
      method: 'MKCOL',
      url: '/dav/FWU-T1/untertitel/ordner.vtt',
      headers: cookieHeaders(producer),
    });
    expect(folderNamedVtt.statusCode).toBe(201);
    const ontoFolder = await davPut('ordner.vtt', captions);
    expect(ontoFolder.statusCode).toBe(405);
    expect(message(ontoFolder)).toBe(MESSAGES.files.davStatus[405]);
    expect((await davPut('fr.vtt', captions)).statusCode).toBe(201);
    expect((await davPut('fr.vtt', captions)).statusCode).toBe(204);
    const t1 = storage.folder(await mediumId('FWU-T1'));
    expect(await readFile(path.join(t1, 'untertitel/fr.vtt'), 'utf8')).toBe(captions);
    expect((await link('FWU-T1')).tracks.map((track) => track.language)).toEqual([
      'de',
      'en',
      'fr',
      'de',
    ]);
    expect((await producer.delete('/api/v1/producer/media/FWU-T1/captions/fr')).statusCode).toBe(
      200,
    );
    const removed = await producer.delete('/api/v1/producer/media/FWU-T1/captions/en');
    expect(removed.statusCode).toBe(200);
    expect((await link('FWU-T1')).tracks).toHaveLength(2);
  });

  it('without ffmpeg serves originals and says that processing is unavailable', async () => {
    const plain = await buildApp({
      db: database.db,
      files: { dataDir },
      media: { ffmpeg: undefined, runJobs: false },
    });
    try {
      const client = await demoClient(plain, 'Produzent');
      const answer = await plain.inject({
        method: 'PUT',
        url: '/dav/FWU-N1/film.mp4',
        headers: cookieHeaders(client),
        payload: await readFile(FILM_720),
      });
      expect(answer.statusCode).toBe(201);
      const list = await client.get('/api/v1/producer/media/FWU-N1/jobs');
      const jobs = list.json<JobList>();
      expect(jobs.processing).toBe(false);
      expect(jobs.jobs.filter((job) => job.kind.startsWith('media.'))).toEqual([]);
      const links = await client.get('/api/v1/media/link/FWU-N1');
      expect(links.json<MediaLink>()).toMatchObject({ stream: null });
      expect(links.json<MediaLink>().direct).toMatch(/\/film\.mp4$/);
    } finally {
      await plain.close();
    }
  });
});

afterAll(async () => {
  await rm(sampleDir, { recursive: true, force: true });
});
