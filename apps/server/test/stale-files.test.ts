import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { COVER_SIZES } from '@medienkatalog/domain';
import { freePort } from './support/free-port.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStorage } from '../src/modules/files/file-storage.ts';
import {
  removeStaleFiles,
  STALE_AFTER_MS,
  temporaryPathFor,
} from '../src/modules/files/stale-files.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const mainModule = path.resolve(import.meta.dirname, '../src/main.ts');
const producer = DEMO_ACCOUNTS.find((account) => account.label.startsWith('Produzent'));
const MiB = 1024 * 1024;

async function plant(file: string, ageMs: number): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
  const time = new Date(Date.now() - ageMs);
  await utimes(file, time, time);
  return file;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function namesIn(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => []);
}

describe('temporary files left behind', () => {
  it('removes those unchanged for an hour, or all of them, and nothing else', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-stale-'));
    const storage = new FileStorage(dataDir);
    // Nothing there yet: no folder, no error.
    expect(await removeStaleFiles(storage)).toEqual([]);

    const hours = (count: number) => count * 60 * 60_000;
    const size = COVER_SIZES[0];
    const oldUpload = await plant(
      path.join(storage.uploadsRoot, `${randomBytes(4).toString('hex')}.part`),
      hours(2),
    );
    const runningUpload = await plant(path.join(storage.uploadsRoot, 'laufend.part'), 1_000);
    const oldZipBuild = await plant(temporaryPathFor(storage.zipFile(5)), hours(3));
    const runningZipBuild = await plant(temporaryPathFor(storage.zipFile(6)), 60_000);
    const oldRender = await plant(temporaryPathFor(storage.coverFile(5, size)), hours(2));
    const kept = [
      await plant(storage.zipFile(5), hours(48)),
      await plant(storage.coverFile(5, size), hours(48)),
      await plant(path.join(storage.filesRoot, '5', 'alt.part'), hours(48)),
      await plant(path.join(storage.filesRoot, '5', `.x.zip.${'a'.repeat(12)}.tmp`), hours(48)),
    ];

    const unchangedSince = new Date(Date.now() - STALE_AFTER_MS);
    expect((await removeStaleFiles(storage, unchangedSince)).sort()).toEqual(
      [oldUpload, oldZipBuild, oldRender].sort(),
    );
    for (const file of [runningUpload, runningZipBuild, ...kept]) {
      expect(await exists(file), file).toBe(true);
    }
    // At the start of the only process using DATA_DIR, every one is left over.
    expect((await removeStaleFiles(storage)).sort()).toEqual(
      [runningUpload, runningZipBuild].sort(),
    );
    for (const file of kept) {
      expect(await exists(file), file).toBe(true);
    }
    await rm(dataDir, { recursive: true, force: true });
  });
});

interface RunningServer {
  child: ChildProcess;
  origin: string;
  exited: Promise<number | null>;
}

/** `node --import tsx src/main.ts` (one process, so SIGKILL hits the server itself) on PGlite. */
async function startServer(dataDir: string, port: number): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    // The catalogue and accounts, not the demo films: this is about the start, not the media.
    DEMO_FILES: 'false',
    DEMO_ACCOUNTS: 'true',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', mainModule], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The server did not start within 300 s:\n${output}`));
    }, 300_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Medienkatalog läuft auf')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server ended (${String(code)}) before it started:\n${output}`));
    });
  });
  return { child, origin: `http://127.0.0.1:${String(port)}`, exited };
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) {
      throw new Error(`Waited ${String(ms / 1000)} s in vain for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A browser-like session of the demo producer on the child server (cookies and CSRF). */
async function producerSession(origin: string) {
  const jar = new Map<string, string>();
  const keepCookies = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      jar.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    return response;
  };
  const headers = () => ({
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': jar.get('mk_csrf') ?? '',
  });
  keepCookies(await fetch(`${origin}/api/v1/utils/features`));
  const login = keepCookies(
    await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: producer?.email, password: producer?.password }),
    }),
  );
  expect(login.status).toBe(200);
  return {
    get: (url: string) => fetch(`${origin}${url}`, { headers: headers() }),
    post: (url: string) => fetch(`${origin}${url}`, { method: 'POST', headers: headers() }),
  };
}

describe('a server killed mid-upload and mid-ZIP (child process, PGlite)', () => {
  let server: RunningServer | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves its .part and ZIP temp files, and the next start removes them', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-killed-'));
    const storage = new FileStorage(dataDir);
    const port = await freePort();
    server = await startServer(dataDir, port);
    const { origin } = server;
    const basic = `Basic ${Buffer.from(`${producer?.email ?? ''}:${producer?.password ?? ''}`).toString('base64')}`;
    const session = await producerSession(origin);
    const media = (await (await session.get('/api/v1/producer/media')).json()) as {
      identifier: string;
    }[];
    const identifier = media[0]?.identifier ?? '';
    expect(identifier).toMatch(/^FWU-/);
    const dav = `/dav/${encodeURIComponent(identifier)}`;

    // A file for the ZIP, incompressible so that deflating it takes a while.
    const block = randomBytes(MiB);
    const film = await fetch(`${origin}${dav}/Film.bin`, {
      method: 'PUT',
      headers: { authorization: basic },
      body: Buffer.concat(Array.from({ length: 96 }, () => block)),
    });
    expect(film.status).toBe(201);

    // The large upload: 1 GiB announced, sent a MiB at a time until the server dies.
    const upload = http.request(`${origin}${dav}/Abgebrochen.bin`, {
      method: 'PUT',
      headers: { authorization: basic, 'content-length': String(1024 * MiB) },
    });
    const uploadEnded = new Promise<void>((resolve) => {
      upload.once('close', resolve);
    });
    upload.on('error', () => undefined);
    void (async () => {
      // Until the dead server's connection destroys the request.
      while (!upload.destroyed) {
        if (!upload.write(block)) {
          await new Promise((resolve) => {
            upload.once('drain', resolve);
            upload.once('close', resolve);
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const partFiles = async () =>
      (await namesIn(storage.uploadsRoot)).filter((name) => name.endsWith('.part'));
    await waitFor('a .part file of 8 MiB', async () => {
      const [part] = await partFiles();
      return (
        part !== undefined && (await stat(path.join(storage.uploadsRoot, part))).size > 8 * MiB
      );
    });

    // The ZIP build, killed while it writes its temporary file.
    const zipBuild = session.post(
      `/api/v1/producer/media/${encodeURIComponent(identifier)}/dirlist/zip`,
    );
    void zipBuild.catch(() => undefined);
    const zipTemporaries = async () =>
      (await namesIn(storage.zipRoot)).filter((name) => name.endsWith('.tmp'));
    await waitFor('the ZIP build to start', async () => (await zipTemporaries()).length > 0);

    server.child.kill('SIGKILL');
    expect(await server.exited).toBe(null);
    await uploadEnded;

    expect(await partFiles()).toHaveLength(1);
    expect(await zipTemporaries()).toHaveLength(1);
    expect(await namesIn(storage.zipRoot)).toEqual(await zipTemporaries());
    // A cover render cut off the same way, and a finished cover that must stay.
    const coverSize = COVER_SIZES[0];
    const render = await plant(temporaryPathFor(storage.coverFile(1, coverSize)), 0);
    const cover = await plant(storage.coverFile(1, coverSize), 0);

    server = await startServer(dataDir, port);
    expect(await partFiles()).toEqual([]);
    expect(await zipTemporaries()).toEqual([]);
    expect(await exists(render)).toBe(false);
    expect(await exists(cover)).toBe(true);
    // The upload never became a file; the complete one is still there.
    const head = (name: string) =>
      fetch(`${server?.origin ?? ''}${dav}/${name}`, {
        method: 'HEAD',
        headers: { authorization: basic },
      });
    expect((await head('Abgebrochen.bin')).status).toBe(404);
    expect((await head('Film.bin')).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);
});
