import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { COVER_SIZES, MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { renderCover } from '../src/modules/images/cover-renderer.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

// Counts the renders (concurrent requests for one cover must share one).
vi.mock('../src/modules/images/cover-renderer.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules/images/cover-renderer.ts')>();
  return { ...original, renderCover: vi.fn(original.renderCover) };
});

const PUBLIC_URL = 'https://katalog.example.org';

const fwu = (fnNr: string, status: 'draft' | 'published' | 'archived' = 'published') =>
  mediumRecord({ pool: 'fwu', fn_prodname: 'FWU', fn_nr: fnNr, fn_status: status });
const fixtures = [
  fwu('C1'), // teaser, the sizes and the cache
  fwu('C2'), // teaser, replaced during the tests
  fwu('C3'), // teaser, concurrent requests
  fwu('N1'), // no teaser
  fwu('B1'), // a broken teaser
  fwu('H1'), // a teaser claiming 400 megapixels
  fwu('D1', 'draft'), // a draft with a teaser
  fwu('A1', 'archived'), // archived, with a teaser
  mediumRecord({ pool: 'lernfilm', fn_prodname: 'Lernfilm', fn_nr: 'X1' }), // another pool's
];

type Answer = Awaited<ReturnType<App['inject']>>;

async function teaserPng(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      // A darker band, so a wrong crop would show.
      {
        input: {
          create: { width: Math.round(width / 4), height, channels: 3, background: '#000' },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** The colour in the middle of a JPEG answer. */
async function centreColour(body: Buffer): Promise<number[]> {
  const image = sharp(body);
  const { width, height } = await image.metadata();
  const { data } = await image
    .extract({ left: Math.floor(width / 2), top: Math.floor(height / 2), width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A small PNG whose header claims width x height (decoders refuse it before reading pixels). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // IHDR: length (4) + 'IHDR' (4) after the 8-byte signature; width and height follow.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(databaseKinds)('cover service and image proxy (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  const ids = new Map<string, number>();
  /** The app's log lines at warn and above. */
  const warnings: string[] = [];
  /** The FWU producer (owns the fwu media) and a teacher, signed in once. */
  let producer: SessionClient;
  let teacher: SessionClient;

  const teaserFolder = (identifier: string) =>
    path.join(dataDir, 'files', String(ids.get(identifier)), 'thumbs');
  const cacheFile = (size: string, identifier: string) =>
    path.join(dataDir, 'covers', size, `${String(ids.get(identifier))}.jpg`);
  const writeTeaser = async (identifier: string, name: string, content: Buffer) => {
    await mkdir(teaserFolder(identifier), { recursive: true });
    const file = path.join(teaserFolder(identifier), name);
    await writeFile(file, content);
    return file;
  };
  const anonymous = () => new SessionClient(app);
  const message = (answer: Answer) => answer.json<{ message: string }>().message;
  const size = async (answer: Answer) => {
    const { width, height, format } = await sharp(answer.rawPayload).metadata();
    return `${format}:${String(width)}x${String(height)}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-images-'));
    app = await buildApp({
      db: database.db,
      files: { dataDir },
      logger: { level: 'warn', stream: { write: (line: string) => warnings.push(line) } },
      auth: { publicUrl: PUBLIC_URL },
    });
    const rows = await queryRows<{ id: number; identifier: string }>(
      database.db,
      sql`SELECT id, identifier FROM media`,
    );
    for (const row of rows) {
      ids.set(row.identifier, row.id);
    }
    // FWU-C1: the recommended 1200x630 with photo-like detail (noise), for honest timings.
    await writeTeaser(
      'FWU-C1',
      'main.png',
      await sharp({
        create: {
          width: 1200,
          height: 630,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .blur(1.2)
        .png()
        .toBuffer(),
    );
    const teaser = await teaserPng(1200, 630, '#3a7bd5');
    for (const identifier of ['FWU-C2', 'FWU-C3', 'FWU-D1', 'FWU-A1', 'LERNFILM-X1']) {
      await writeTeaser(identifier, 'main.png', teaser);
    }
    await writeTeaser('FWU-B1', 'main.webp', Buffer.from('not an image at all'));
    await writeTeaser('FWU-H1', 'main.png', await pngClaiming(20_000, 20_000));
    producer = await demoClient(app, 'Produzent');
    teacher = await demoClient(app, 'Lehrkraft');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('covers', () => {
    it('renders each of the eight sizes exactly, caches it, and measures cold and warm', async () => {
      const timings: string[] = [];
      for (const coverSize of COVER_SIZES) {
        const url = `/covers/${coverSize}/FWU-C1.jpg`;
        let started = performance.now();
        const cold = await app.inject(url);
        const coldMs = performance.now() - started;
        expect(cold.statusCode, coverSize).toBe(200);
        expect(cold.headers['content-type']).toBe('image/jpeg');
        expect(cold.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
        expect(cold.headers.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
        expect(cold.headers['last-modified']).toBeDefined();
        expect(await size(cold)).toBe(`jpeg:${coverSize}`);
        const cached = await stat(cacheFile(coverSize, 'FWU-C1'));
        expect(cached.size).toBe(cold.rawPayload.length);

        started = performance.now();
        const warm = await app.inject(url);
        const warmMs = performance.now() - started;
        expect(warm.statusCode).toBe(200);
        expect(warm.rawPayload.equals(cold.rawPayload)).toBe(true);
        expect(warm.headers.etag).toBe(cold.headers.etag);
        expect(warm.headers['content-length']).toBe(String(cold.rawPayload.length));
        // Served from the cache file: the same file, not written again.
        const again = await stat(cacheFile(coverSize, 'FWU-C1'));
        expect([again.ino, again.mtimeMs, again.ctimeMs]).toEqual([
          cached.ino,
          cached.mtimeMs,
          cached.ctimeMs,
        ]);
        timings.push(
          `${coverSize.padEnd(9)} cold ${coldMs.toFixed(1).padStart(6)} ms  warm ${warmMs
            .toFixed(1)
            .padStart(5)} ms  ${String(cold.rawPayload.length).padStart(6)} bytes`,
        );
      }
      console.info(
        `Cover timings (${kind}, 1200x630 PNG teaser with detail):\n${timings.join('\n')}`,
      );
    });

    it('takes the identifier in any case and no other sizes or names', async () => {
      const lower = await app.inject('/covers/400x226/fwu-c1.jpg');
      expect(lower.statusCode).toBe(200);
      expect(await size(lower)).toBe('jpeg:400x226');
      for (const url of [
        '/covers/100x100/FWU-C1.jpg',
        '/covers/400X226/FWU-C1.jpg',
        '/covers/226x400/FWU-C1.jpg',
        '/covers/0400x226/FWU-C1.jpg',
      ]) {
        const answer = await app.inject(url);
        expect(answer.statusCode, url).toBe(404);
        expect(message(answer)).toBe(MESSAGES.images.sizeUnknown(COVER_SIZES));
      }
      for (const url of [
        '/covers/400x226/FWU-C1.png',
        '/covers/400x226/FWU-C1',
        '/covers/400x226/',
      ]) {
        expect((await app.inject(url)).statusCode, url).toBe(404);
      }
    });

    it('answers 304 to a matching If-None-Match or a current If-Modified-Since', async () => {
      const first = await app.inject('/covers/222x125/FWU-C1.jpg');
      const etag = String(first.headers.etag);
      const notModified = await app.inject({
        url: '/covers/222x125/FWU-C1.jpg',
        headers: { 'if-none-match': `"other", ${etag}` },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
      const weak = await app.inject({
        url: '/covers/222x125/FWU-C1.jpg',
        headers: { 'if-none-match': `W/${etag}` },
      });
      expect(weak.statusCode).toBe(304);
      const stale = await app.inject({
        url: '/covers/222x125/FWU-C1.jpg',
        headers: { 'if-none-match': '"something-else"' },
      });
      expect(stale.statusCode).toBe(200);
      const since = await app.inject({
        url: '/covers/222x125/FWU-C1.jpg',
        headers: { 'if-modified-since': String(first.headers['last-modified']) },
      });
      expect(since.statusCode).toBe(304);
      const before = await app.inject({
        url: '/covers/222x125/FWU-C1.jpg',
        headers: { 'if-modified-since': new Date(0).toUTCString() },
      });
      expect(before.statusCode).toBe(200);
      const head = await app.inject({ method: 'HEAD', url: '/covers/222x125/FWU-C1.jpg' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/jpeg');
      expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
      expect(head.rawPayload.length).toBe(0);
    });

    it('allows long caching with the t= parameter', async () => {
      const answer = await app.inject('/covers/400x226/FWU-C1.jpg?t=1700000000000');
      expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('renders again when the teaser changes, newer or older, and when main.webp appears', async () => {
      const url = '/covers/400x226/FWU-C2.jpg';
      const blue = await app.inject(url);
      expect(await centreColour(blue.rawPayload)).toEqual([
        expect.closeTo(0x3a, -1),
        expect.closeTo(0x7b, -1),
        expect.closeTo(0xd5, -1),
      ]);
      const before = await stat(cacheFile('400x226', 'FWU-C2'));

      const teaser = await writeTeaser('FWU-C2', 'main.png', await teaserPng(1200, 630, '#d53a3a'));
      const later = new Date(Date.now() + 10_000);
      await utimes(teaser, later, later);
      const red = await app.inject(url);
      expect((await centreColour(red.rawPayload))[0]).toBeGreaterThan(0xc0);
      expect(red.headers.etag).not.toBe(blue.headers.etag);
      const after = await stat(cacheFile('400x226', 'FWU-C2'));
      expect(after.ino).not.toBe(before.ino);
      expect(after.mtimeMs).toBeCloseTo(later.getTime(), -1);

      // A teaser put back with an older time (a copy keeping its date) counts as changed too.
      await writeTeaser('FWU-C2', 'main.png', await teaserPng(1200, 630, '#3ad53a'));
      const earlier = new Date('2020-01-01T00:00:00Z');
      await utimes(teaser, earlier, earlier);
      const green = await app.inject(url);
      expect((await centreColour(green.rawPayload))[1]).toBeGreaterThan(0xc0);
      expect(green.headers['last-modified']).toBe(earlier.toUTCString());

      // main.webp comes first.
      await writeTeaser(
        'FWU-C2',
        'main.webp',
        await sharp({ create: { width: 800, height: 450, channels: 3, background: '#ffffff' } })
          .webp()
          .toBuffer(),
      );
      const white = await app.inject(url);
      expect(await centreColour(white.rawPayload)).toEqual([255, 255, 255]);
    });

    it('renders again for nocache=1 from the owning producer only', async () => {
      const url = '/covers/160x220/FWU-C1.jpg';
      await app.inject(url);
      const first = await stat(cacheFile('160x220', 'FWU-C1'));
      for (const client of [anonymous(), teacher]) {
        const ignored = await client.get(`${url}?nocache=1`);
        expect(ignored.statusCode).toBe(200);
        expect(ignored.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
        expect((await stat(cacheFile('160x220', 'FWU-C1'))).ino).toBe(first.ino);
      }
      const rendered = await producer.get(`${url}?nocache=1`);
      expect(rendered.statusCode).toBe(200);
      expect(rendered.headers['cache-control']).toBe('no-store');
      expect(await size(rendered)).toBe('jpeg:160x220');
      expect((await stat(cacheFile('160x220', 'FWU-C1'))).ino).not.toBe(first.ino);
      // Another pool's medium: its producer is not this one.
      await app.inject('/covers/160x220/LERNFILM-X1.jpg');
      const foreign = await stat(cacheFile('160x220', 'LERNFILM-X1'));
      await producer.get('/covers/160x220/LERNFILM-X1.jpg?nocache=1');
      expect((await stat(cacheFile('160x220', 'LERNFILM-X1'))).ino).toBe(foreign.ino);
    });

    it('renders concurrent requests for one uncached cover once', async () => {
      const calls = vi.mocked(renderCover).mock.calls.length;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => app.inject('/covers/1024x576/FWU-C3.jpg')),
      );
      expect(vi.mocked(renderCover).mock.calls.length - calls).toBe(1);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
      }
      // No temporary file is left behind.
      expect(await readdir(path.join(dataDir, 'covers', '1024x576'))).not.toContainEqual(
        expect.stringMatching(/\.tmp$/),
      );
    });

    it('answers the placeholder for unknown media, no teaser, broken and oversized teasers', async () => {
      const placeholder = await app.inject('/covers/555x312/FWU-NOPE.jpg');
      expect(placeholder.statusCode).toBe(200);
      expect(placeholder.headers['content-type']).toBe('image/jpeg');
      expect(placeholder.headers['cache-control']).toBe('public, max-age=60');
      expect(await size(placeholder)).toBe('jpeg:555x312');
      for (const identifier of ['FWU-N1', 'FWU-B1', 'FWU-H1']) {
        const answer = await app.inject(`/covers/555x312/${identifier}.jpg`);
        expect(answer.statusCode, identifier).toBe(200);
        expect(answer.rawPayload.equals(placeholder.rawPayload), identifier).toBe(true);
      }
      for (const coverSize of COVER_SIZES) {
        expect(await size(await app.inject(`/covers/${coverSize}/FWU-N1.jpg`))).toBe(
          `jpeg:${coverSize}`,
        );
      }
      const revalidated = await app.inject({
        url: '/covers/555x312/FWU-N1.jpg',
        headers: { 'if-none-match': String(placeholder.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      // Broken and oversized teasers are logged for the producer's support.
      const logged = (identifier: string) =>
        warnings.some(
          (line) => line.includes(identifier) && line.includes('Teaser could not be rendered'),
        );
      expect(logged('FWU-B1') && logged('FWU-H1')).toBe(true);
    });

    it('shows the teaser of a draft or archived medium to its producer only', async () => {
      const unknown = await app.inject('/covers/400x226/FWU-NOPE.jpg');
      for (const identifier of ['FWU-D1', 'FWU-A1']) {
        const url = `/covers/400x226/${identifier}.jpg`;
        for (const client of [anonymous(), teacher]) {
          const hidden = await client.get(url);
          expect(hidden.statusCode).toBe(200);
          // Exactly the answer for a medium that does not exist.
          expect(hidden.rawPayload.equals(unknown.rawPayload)).toBe(true);
          expect(hidden.headers.etag).toBe(unknown.headers.etag);
        }
        const own = await producer.get(url);
        expect(own.statusCode).toBe(200);
        expect(own.rawPayload.equals(unknown.rawPayload)).toBe(false);
        expect(own.headers['cache-control']).toBe('private, no-cache');
        expect(await size(own)).toBe('jpeg:400x226');
      }
      // The cache file of the draft is never answered to others.
      const again = await anonymous().get('/covers/400x226/FWU-D1.jpg');
      expect(again.rawPayload.equals(unknown.rawPayload)).toBe(true);
    });
  });

  describe('image proxy', () => {
    const PROXY = '/api/v1/utils/image-proxy?url=';
    const proxied = (client: SessionClient, address: string) =>
      client.get(`${PROXY}${encodeURIComponent(address)}`);

    it('needs a signed-in user', async () => {
      for (const address of ['/covers/400x226/FWU-C1.jpg', 'http://169.254.169.254/']) {
        const answer = await proxied(anonymous(), address);
        expect(answer.statusCode).toBe(401);
        expect(message(answer)).toBe(MESSAGES.loginRequired);
      }
    });

    it('renders our covers in-process, relative or under our own origins', async () => {
      for (const [address, expected] of [
        ['/covers/400x226/FWU-C1.jpg', '400x226'],
        ['/covers/400x226/fwu-c1.jpg?t=123', '400x226'],
        [`${PUBLIC_URL}/covers/555x312/FWU-C1.jpg`, '555x312'],
        [`${PUBLIC_URL}:443/covers/48x27/FWU-C1.jpg`, '48x27'],
        // The request's own host (app.inject sends Host: localhost:80).
        ['http://localhost/covers/260x70/FWU-C1.jpg', '260x70'],
        ['http://localhost:80/covers/260x70/FWU-C1.jpg#top', '260x70'],
      ] as const) {
        const answer = await proxied(producer, address);
        expect(answer.statusCode, address).toBe(200);
        expect(answer.headers['content-type']).toBe('image/jpeg');
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(await size(answer)).toBe(`jpeg:${expected}`);
      }
      // Any signed-in user may use it for what the cover service shows them.
      expect((await proxied(teacher, '/covers/400x226/FWU-C1.jpg')).statusCode).toBe(200);
      expect((await proxied(teacher, '/covers/400x226/FWU-D1.jpg')).statusCode).toBe(404);
    });

    it('regenerates with nocache=1 for the owner and answers 404 without a teaser', async () => {
      await app.inject('/covers/576x794/FWU-C1.jpg');
      const before = await stat(cacheFile('576x794', 'FWU-C1'));
      await proxied(teacher, `${PUBLIC_URL}/covers/576x794/FWU-C1.jpg?nocache=1`);
      expect((await stat(cacheFile('576x794', 'FWU-C1'))).ino).toBe(before.ino);
      const answer = await proxied(producer, `${PUBLIC_URL}/covers/576x794/FWU-C1.jpg?nocache=1`);
      expect(answer.statusCode).toBe(200);
      expect(await size(answer)).toBe('jpeg:576x794');
      expect((await stat(cacheFile('576x794', 'FWU-C1'))).ino).not.toBe(before.ino);
      // The draft's cover for its producer.
      expect((await proxied(producer, '/covers/400x226/FWU-D1.jpg?nocache=1')).statusCode).toBe(
        200,
      );
      for (const address of ['/covers/400x226/FWU-N1.jpg', '/covers/400x226/FWU-NOPE.jpg']) {
        const missing = await proxied(producer, address);
        expect(missing.statusCode, address).toBe(404);
        expect(message(missing)).toBe(MESSAGES.images.noTeaser);
      }
    });

    const cover = '/covers/400x226/FWU-C1.jpg';
    const refused = [
      // Other hosts and look-alikes
      `http://evil.example${cover}`,
      `https://katalog.example.org.evil.example${cover}`,
      `https://evil-katalog.example.org${cover}`,
      `http://katalog.example.org${cover}`, // our host, but not our scheme
      `https://katalog.example.org:8443${cover}`, // nor our port
      `http://localhost:8080${cover}`,
      `HTTP://EVIL.EXAMPLE${cover}`,
      // Other schemes
      'file:///etc/passwd',
      `file://${cover}`,
      `ftp://katalog.example.org${cover}`,
      'gopher://localhost:70/_GET%20/',
      'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
      'javascript:alert(1)',
      `ws://localhost${cover}`,
      // Private, loopback and link-local addresses, also spelt as numbers
      `http://127.0.0.1${cover}`,
      'http://169.254.169.254/latest/meta-data/',
      `http://169.254.169.254${cover}`,
      `http://[::1]${cover}`,
      `http://[::ffff:127.0.0.1]${cover}`,
      `http://[fe80::1]${cover}`,
      `http://10.0.0.1${cover}`,
      `http://192.168.1.1${cover}`,
      `http://172.16.0.1${cover}`,
      `http://0.0.0.0${cover}`,
      `http://2130706433${cover}`,
      `http://0x7f000001${cover}`,
      `http://0177.0.0.1${cover}`,
      `http://127.1${cover}`,
      `http://0x7f.1${cover}`,
      // User info and other parser tricks
      `http://localhost@evil.example${cover}`,
      `https://katalog.example.org@evil.example${cover}`,
      `https://katalog.example.org:443@evil.example${cover}`,
      `https://user:secret@katalog.example.org${cover}`,
      `https://@katalog.example.org${cover}`,
      `https://evil.example#@katalog.example.org${cover}`,
      `https://evil.example?@katalog.example.org${cover}`,
      `https://evil.example\\@katalog.example.org${cover}`,
      `https:\\\\evil.example${cover}`,
      `//evil.example${cover}`,
      `/\\evil.example${cover}`,
      `\\\\evil.example${cover}`,
      `https://evil.example%2f@katalog.example.org${cover}`,
      ` ${cover}`,
      `${cover}\n`,
      `/covers/400x226/FWU-C1.jpg\t`,
      `http://local\thost${cover}`,
      // Other paths on our own host
      '/api/v1/producer/media',
      `${PUBLIC_URL}/api/v1/user/info`,
      'http://localhost/api/v1/auth/logout',
      '/covers/../api/v1/producer/media',
      '/covers/%2e%2e/api/v1/producer/media',
      '/covers/400x226/..%2F..%2Fapi%2Fv1.jpg',
      '/covers/400x226/%46WU-C1.jpg',
      '/covers/400x226/FWU-C1.png',
      '/covers/400x226/FWU-C1.jpg/',
      '/covers/100x100/FWU-C1.jpg',
      '/covers/400x226/.jpg',
      '/dav/FWU-C1/thumbs/main.png',
      '/content/FWU-C1/thumbs/main.png',
      'covers/400x226/FWU-C1.jpg',
      './covers/400x226/FWU-C1.jpg',
      '',
      'x'.repeat(3000),
    ];

    it.each(refused.map((address) => [JSON.stringify(address).slice(0, 90), address]))(
      'refuses %s',
      async (_label, address) => {
        const answer = await proxied(producer, address);
        expect(answer.statusCode).toBe(400);
        expect(message(answer)).toBe(MESSAGES.images.proxyUrl);
      },
    );

    it('refuses a call without url', async () => {
      const answer = await producer.get('/api/v1/utils/image-proxy');
      expect(answer.statusCode).toBe(400);
      expect(message(answer)).toBe(MESSAGES.images.proxyUrl);
    });
  });
});
