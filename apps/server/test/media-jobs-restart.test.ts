import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobList, MediaLink } from '@medienkatalog/domain';
import { freePort } from './support/free-port.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { findFfmpeg } from '../src/modules/media/ffmpeg.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
const producer = DEMO_ACCOUNTS.find((account) => account.email.startsWith('produzent@'));
const basic = `Basic ${Buffer.from(`${producer?.email ?? ''}:${producer?.password ?? ''}`).toString('base64')}`;
const SECRET = 'restart-test-secret-that-is-long-enough-0123456789';

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** The real start script as its own process, until it says it listens. */
async function startServer(env: Record<string, string | undefined>): Promise<Server> {
  // Unset (undefined) entries leave the shell's value out.
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const until = Date.now() + 60_000;
  while (!output.includes('läuft auf')) {
    if (Date.now() > until || child.exitCode !== null) {
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited, output: () => output };
}

/** A signed-in browser-like client over fetch (cookies and the CSRF header). */
async function signIn(base: string) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    }
  };
  const headers = () => ({
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': cookies.get('mk_csrf') ?? '',
  });
  keep(await fetch(`${base}/api/v1/utils/features`));
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: producer?.email, password: producer?.password }),
  });
  expect(login.status).toBe(200);
  keep(login);
  return (url: string) => fetch(`${base}${url}`, { headers: headers() });
}

describe.each(databaseKinds)('a job survives the server being killed (%s)', (kind) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let server: Server | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('builds the renditions after a SIGKILL mid-job and a restart', async () => {
    const ffmpeg = await findFfmpeg();
    expect(ffmpeg, 'ffmpeg must be installed').toBeDefined();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mk-restart-'));
    // A 40-second 720p film: its renditions take long enough to be cut off.
    const film = path.join(dataDir, 'quelle.mp4');
    execFileSync(ffmpeg?.ffmpeg ?? 'ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=40'],
      ...['-f', 'lavfi', '-i', 'sine=f=330:d=40', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-c:a', 'aac', '-shortest', film],
    ]);
    const records = [mediumRecord({ pool: 'fwu', fn_prodname: 'FWU', fn_nr: 'R1' })];
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      database = await createTestDatabase('postgres');
      await importMedia(database.db, records);
      await seedDemoAccounts(database.db);
      databaseUrl = database.url;
    } else {
      const embedded = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await embedded.migrate();
      await importMedia(embedded.db, records);
      await seedDemoAccounts(embedded.db);
      await embedded.close();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${String(port)}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      SEED_DEMO: 'false',
      DEMO_ACCOUNTS: undefined,
      NODE_ENV: undefined,
      LOG_LEVEL: 'warn',
      CONTENT_SECRET: SECRET,
      JOB_LEASE_SECONDS: '2',
      DATABASE_URL: databaseUrl,
    };
    server = await startServer(env);
    const put = await fetch(`${base}/dav/FWU-R1/film.mp4`, {
      method: 'PUT',
      headers: { authorization: basic },
      body: await readFile(film),
    });
    expect(put.status).toBe(201);

    let get = await signIn(base);
    const renditions = async () => {
      const answer = await get('/api/v1/producer/media/FWU-R1/jobs');
      expect(answer.status).toBe(200);
      return ((await answer.json()) as JobList).jobs.find((job) => job.kind === 'media.renditions');
    };
    // Killed once the renditions are under way.
    let until = Date.now() + 120_000;
    let seen = await renditions();
    while (!(seen?.state === 'running' && seen.progress > 0.05) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await renditions();
    }
    expect(seen).toMatchObject({ state: 'running', attempts: 1 });
    expect(seen?.progress).toBeLessThan(1);
    server.child.kill('SIGKILL');
    await server.exited;
    // Its half-built folder is left behind, nothing is served from it.
    const left = await readdir(path.join(dataDir, 'renditions')).catch(() => [] as string[]);
    expect(left.length).toBeGreaterThan(0);

    server = await startServer(env);
    get = await signIn(base);
    until = Date.now() + 180_000;
    seen = await renditions();
    while (seen?.state !== 'done' && seen?.state !== 'failed' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await renditions();
    }
    // Taken again after its lease ran out, as the second attempt.
    expect(seen).toMatchObject({ state: 'done', attempts: 2, progress: 1, error: null });
    const link = (await (await get('/api/v1/media/link/FWU-R1')).json()) as MediaLink;
    expect(link.stream).toMatch(/master\.m3u8$/);
    const master = await fetch(`${base}${link.stream ?? ''}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('720p/index.m3u8');
    const folders = await readdir(path.join(dataDir, 'renditions', '1'));
    expect(folders.filter((name) => name.includes('.building-'))).toEqual([]);
  }, 400_000);
});
