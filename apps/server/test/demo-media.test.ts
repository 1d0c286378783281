import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkWebVtt, type NewMediumRecord } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { afterMediaImport, importMedia } from '../src/modules/catalogue/media-import.ts';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import { FilesRepository } from '../src/modules/files/files.repository.ts';
import { findFfmpeg, probe, type Ffmpeg } from '../src/modules/media/ffmpeg.ts';
import { demoCatalogue } from '../src/seed/demo-catalogue.ts';
import { generateDemoMedia } from '../src/seed/demo-media/demo-media.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const catalogue = demoCatalogue();
const identifierOf = (record: NewMediumRecord) => `${record.pool}-${record.fn_nr}`.toUpperCase();
/** The first topic's five media (a film first) and the first medium of every other type. */
const firstTopic = catalogue.slice(0, 5);
const firstOfEachType = [
  ...new Map(catalogue.map((record) => [record.fn_typ, record] as const).reverse()).values(),
];
const chosen = [
  ...new Map([...firstTopic, ...firstOfEachType].map((r) => [identifierOf(r), r])).values(),
];
const ofType = (type: string) => {
  const record = chosen.find((candidate) => candidate.fn_typ === type);
  if (!record) {
    throw new Error(`no demo medium of type ${type}`);
  }
  return identifierOf(record);
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(databaseKinds)('demo media on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let storage: FileStorage;
  let app: App;
  let ffmpeg: Ffmpeg | undefined;
  const ids = new Map<string, number>();
  const folderOf = (identifier: string) => storage.folder(ids.get(identifier) ?? 0);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, chosen);
    await afterMediaImport(database.db);
    const rows = await queryRows<{ id: number; identifier: string }>(
      database.db,
      sql`SELECT id, identifier FROM media`,
    );
    for (const row of rows) {
      ids.set(row.identifier, row.id);
    }
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-demo-media-'));
    storage = new FileStorage(dataDir);
    ffmpeg = await findFfmpeg();
    app = await buildApp({ db: database.db, files: { dataDir } });
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const lengthOf = async (identifier: string) => {
    const [row] = await queryRows<{ fn_laenge: string | null }>(
      database.db,
      sql`SELECT fn_laenge FROM media WHERE identifier = ${identifier}`,
    );
    return row?.fn_laenge;
  };
  const catalogueLength = (identifier: string) =>
    chosen.find((record) => identifierOf(record) === identifier)?.fn_laenge;

  it('without ffmpeg gives films a designed cover and everything else its files', async () => {
    const result = await generateDemoMedia({ db: database.db, storage, ffmpeg: undefined });
    expect(result).toMatchObject({ media: chosen.length, videos: 0 });
    // The audio lasts 5 s, and its length says so; a film not made keeps the catalogue's.
    expect(await lengthOf(ofType('29'))).toBe('1');
    expect(await lengthOf(ofType('49'))).toBe(catalogueLength(ofType('49')));
    expect(Number(catalogueLength(ofType('49')))).toBeGreaterThan(1);
    const film = folderOf(ofType('49'));
    await expect(stat(path.join(film, 'film.mp4'))).rejects.toThrow();
    const cover = await sharp(path.join(film, 'thumbs/main.jpg')).metadata();
    expect([cover.width, cover.height]).toEqual([1280, 720]);
    await expect(stat(path.join(folderOf(ofType('79')), 'dokument.pdf'))).resolves.toBeTruthy();
    // A later start without ffmpeg does nothing again.
    expect(await generateDemoMedia({ db: database.db, storage, ffmpeg: undefined })).toMatchObject({
      media: 0,
    });
  });

  it('with ffmpeg afterwards makes only the missing films, with poster frames', async () => {
    expect(ffmpeg, 'ffmpeg must be installed (README)').toBeDefined();
    const designed = await readFile(path.join(folderOf(ofType('49')), 'thumbs/main.jpg'));
    const result = await generateDemoMedia({ db: database.db, storage, ffmpeg });
    const videoTypes = new Set(['49', '46', 'UC_CLIP']);
    expect(result.videos).toBe(chosen.filter((record) => videoTypes.has(record.fn_typ)).length);
    const film = path.join(folderOf(ofType('49')), 'film.mp4');
    const probed = await probe(ffmpeg as Ffmpeg, film);
    expect(probed.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(probed.audio).toMatchObject({ codec: 'aac' });
    expect(probed.duration).toBeCloseTo(4, 0);
    // Its length is what the duration job would write for 4 s, not the catalogue's minutes.
    expect(await lengthOf(ofType('49'))).toBe('1');
    // The poster frame replaced the designed cover, at the design's full size.
    const poster = await readFile(path.join(folderOf(ofType('49')), 'thumbs/main.jpg'));
    expect(sha256(poster)).not.toBe(sha256(designed));
    expect(await sharp(poster).metadata()).toMatchObject({ width: 1280, height: 720 });
    // Films carry German captions and chapters the WebVTT check accepts.
    const tracks = path.join(folderOf(ofType('49')), 'untertitel');
    const captions = checkWebVtt(await readFile(path.join(tracks, 'de.vtt'), 'utf8'));
    expect(captions).toMatchObject({
      ok: true,
      cues: [
        { start: 0, end: 2 },
        { start: 2, end: 4 },
      ],
    });
    const chapters = checkWebVtt(await readFile(path.join(tracks, 'kapitel.vtt'), 'utf8'), {
      chapters: true,
    });
    expect(chapters.ok).toBe(true);
    // Nothing more on later starts.
    expect(await generateDemoMedia({ db: database.db, storage, ffmpeg })).toMatchObject({
      media: 0,
    });
  });

  it('writes PDFs whose first page carries the title and text', async () => {
    const identifier = ofType('79');
    const record = chosen.find((candidate) => identifierOf(candidate) === identifier);
    const pdf = await readFile(path.join(folderOf(identifier), 'dokument.pdf'));
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.toString('latin1')).toContain(`(${record?.fn_titel ?? '?'})`);
    expect(pdf.toString('latin1')).toContain('/Count 2');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('writes audio, image series, apps, interactive pages and packages', async () => {
    const wav = await readFile(path.join(folderOf(ofType('29')), 'hoerstueck.wav'));
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(100_000);
    const files = new FilesRepository(database.db);
    const images = ids.get(ofType('19')) ?? 0;
    expect((await files.dirlist(images))?.fn_index).toBe('bild-1.jpg');
    for (const name of ['bild-1.jpg', 'bild-2.jpg', 'bild-3.jpg']) {
      expect((await sharp(path.join(storage.folder(images), name)).metadata()).format).toBe('jpeg');
    }
    const app = await readFile(path.join(folderOf(ofType('58')), 'index.html'), 'utf8');
    expect(app).toContain('<script>');
    const interactive = await readFile(path.join(folderOf(ofType('UC_H5P')), 'index.html'), 'utf8');
    expect(interactive).toContain('Richtig oder falsch?');
  });

  it('packs a package with an index page and the topic film as a hard link', async () => {
    const packageIdentifier = identifierOf(firstTopic[1] as NewMediumRecord);
    expect(firstTopic[1]?.fn_typ).toBe('55');
    const folder = folderOf(packageIdentifier);
    const files = new FilesRepository(database.db);
    expect((await files.dirlist(ids.get(packageIdentifier) ?? 0))?.fn_index).toBe('index.html');
    const index = await readFile(path.join(folder, 'index.html'), 'utf8');
    for (const name of [
      'film.mp4',
      'arbeitsblatt.pdf',
      'lehrerhandreichung.pdf',
      'bilder/bild-1.jpg',
    ]) {
      expect(index).toContain(`href="${name}"`);
      await expect(stat(path.join(folder, name))).resolves.toBeTruthy();
    }
    const topicFilm = await stat(
      path.join(folderOf(identifierOf(firstTopic[0] as NewMediumRecord)), 'film.mp4'),
    );
    const packaged = await stat(path.join(folder, 'film.mp4'));
    expect(packaged.ino).toBe(topicFilm.ino);
  });

  it('packs image series and packages into the ZIP their download hands out, film included', async () => {
    const files = new FilesRepository(database.db);
    const zipNames = (identifier: string) => {
      const zip = storage.zipFile(ids.get(identifier) ?? 0);
      execFileSync('unzip', ['-tq', zip]);
      return execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
    };
    const packageIdentifier = identifierOf(firstTopic[1] as NewMediumRecord);
    const packageId = ids.get(packageIdentifier) ?? 0;
    expect(await files.dirlist(packageId)).toMatchObject({ fn_zip: `${packageIdentifier}.zip` });
    expect(zipNames(packageIdentifier)).toEqual(
      expect.arrayContaining(['index.html', 'film.mp4', 'arbeitsblatt.pdf', 'bilder/bild-1.jpg']),
    );
    expect(zipNames(ofType('19'))).toEqual(['bild-1.jpg', 'bild-2.jpg', 'bild-3.jpg']);

    // A catalogue generated before ZIPs were made gets them on the next start.
    await files.clearZip(packageId);
    await rm(storage.zipFile(packageId));
    const marker = path.join(storage.filesRoot, '.demo-media.json');
    await writeFile(marker, JSON.stringify({ version: 1, videos: true }));
    await generateDemoMedia({ db: database.db, storage, ffmpeg });
    expect(await files.dirlist(packageId)).toMatchObject({ fn_zip: `${packageIdentifier}.zip` });
    expect(zipNames(packageIdentifier)).toContain('film.mp4');
  });

  it('serves each medium its own cover, so neighbouring cards differ', async () => {
    const hashes: string[] = [];
    for (const record of firstTopic.filter((candidate) => candidate.fn_status === 'published')) {
      const answer = await app.inject({ url: `/covers/400x226/${identifierOf(record)}.jpg` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      hashes.push(sha256(answer.rawPayload));
    }
    const placeholder = await app.inject({ url: '/covers/400x226/UNBEKANNT-1.jpg' });
    expect(hashes).not.toContain(sha256(placeholder.rawPayload));
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
