/**
 * Search benchmark: loads N synthetic media into the configured database (DATABASE_URL, or
 * PGlite in data/bench-N), starts the real server as a child process, sends a fixed query mix
 * with autocannon (16 connections) and prints p50/p95/p99 and requests per second per endpoint,
 * next to the same queries run serially in-process against the database (no HTTP).
 *
 * The load runs once with the server's answer cache (the way it serves repeated queries) and
 * once with the cache turned off (every request queries the database); `--cache on|off` picks one.
 *
 *   npm run bench:search -- --media 100000 [--seconds 15] [--connections 16] [--cache both|on|off]
 *                           [--load-only] [--signed-in]
 *
 * With --signed-in every search group runs a second time as a signed-in teacher whose school holds
 * some of the 100,000 licences (cards then carry what the user may play), and a link group asks
 * for the play addresses of licensed media: the figures and their ratio to the anonymous ones.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogueDistinctQuerySchema, CatalogueSearchQuerySchema } from '@medienkatalog/domain';
import pg from 'pg';
import { openDatabase, queryRows, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { CatalogueRepository } from '../../apps/server/src/modules/catalogue/catalogue.repository.ts';
import { CatalogueService } from '../../apps/server/src/modules/catalogue/catalogue.service.ts';
import {
  afterMediaImport,
  importMedia,
} from '../../apps/server/src/modules/catalogue/media-import.ts';
import { sql } from 'drizzle-orm';
import { loadRun, percentile, warmUp, type LoadFigures } from './load-run.ts';
import { queryMix, type QueryGroup } from './query-mix.ts';
import { BENCH_TEACHER, ensureLicences, licensedIdentifiers } from './licences-data.ts';
import { syntheticMedia } from './synthetic-media.ts';

const { values: args } = parseArgs({
  options: {
    media: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1' },
    port: { type: 'string', default: '8391' },
    'load-only': { type: 'boolean', default: false },
    cache: { type: 'string', default: 'both' },
    'signed-in': { type: 'boolean', default: false },
  },
});
const mediaCount = Number(args.media);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const seed = Number(args.seed);
const port = Number(args.port);
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** The database of this run: a database of its own on the server, or a PGlite folder. */
async function benchDatabase(): Promise<{ handle: DatabaseHandle; env: NodeJS.ProcessEnv }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = path.join(repositoryRoot, 'data', `bench-${mediaCount}`);
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    return { handle, env: { DATA_DIR: dataDir } };
  }
  const name = `mk_bench_${mediaCount}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) {
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return { handle, env: { DATABASE_URL: url.toString() } };
}

async function ensureLoaded(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await loadMedia(handle);
  await ensureLicences(handle.db);
}

async function loadMedia(handle: DatabaseHandle): Promise<void> {
  const [row] = await queryRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM media`,
  );
  if (row?.count === mediaCount) {
    console.log(`${mediaCount} media already loaded.`);
    return;
  }
  await handle.db.execute(sql`TRUNCATE media CASCADE`);
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(0);
  const loaded = await importMedia(handle.db, withProgress(syntheticMedia(mediaCount, seed)));
  console.log(`\nloaded ${loaded} media in ${elapsed()} s (COPY, indexes built after the load)`);
  await afterMediaImport(handle.db);
  console.log(`statistics and spelling vocabulary after ${elapsed()} s`);
}

/** Passes the records on, printing how many have gone into the load. */
function* withProgress<T>(records: Iterable<T>): Generator<T> {
  let count = 0;
  for (const record of records) {
    count += 1;
    if (count % 10_000 === 0) {
      process.stdout.write(`\rloading ${count}/${mediaCount}`);
    }
    yield record;
  }
}

/** Runs each path's query serially through the service, answering per-query times (ms). */
async function serialTimes(handle: DatabaseHandle, group: QueryGroup): Promise<number[]> {
  const service = new CatalogueService(new CatalogueRepository(handle.db), undefined, {
    entries: 0,
    versionCheckMs: 0,
  });
  const times: number[] = [];
  for (const round of [0, 1]) {
    for (const pathAndQuery of group.paths) {
      const url = new URL(pathAndQuery, 'http://bench');
      const query = Object.fromEntries(url.searchParams);
      const f = url.searchParams.getAll('f');
      const started = performance.now();
      if (group.endpoint === 'distinct') {
        await service.distinct(CatalogueDistinctQuerySchema.parse({ ...query, f }));
      } else if (group.endpoint === 'search') {
        await service.search(CatalogueSearchQuerySchema.parse(query));
      } else {
        await service.findMedium(url.pathname.split('/').pop() ?? '');
      }
      if (round === 1) {
        times.push(performance.now() - started);
      }
    }
  }
  return times.sort((a, b) => a - b);
}

async function startServer(env: NodeJS.ProcessEnv, cached: boolean) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repositoryRoot, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: '',
        SEARCH_CACHE_ENTRIES: cached ? '10000' : '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      const response = await fetch(`${base}/api/v1/utils/features`);
      if (response.ok) {
        // The next run may open the same PGlite folder only after this process has exited.
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const stop = async () => {
          child.kill('SIGTERM');
          await exited;
        };
        return { base, stop };
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const format = (ms: number) => ms.toFixed(1).padStart(7);

async function main() {
  const { handle, env } = await benchDatabase();
  await ensureLoaded(handle);
  if (args['load-only']) {
    await handle.close();
    return;
  }
  const groups = await queryMix(handle.db, mediaCount);
  const linkGroup: QueryGroup = {
    name: 'link (licensed media)',
    endpoint: 'search',
    paths: (await licensedIdentifiers(handle.db, 200)).map(
      (identifier) => `/api/v1/media/link/${identifier}`,
    ),
  };
  const serial = new Map<string, number[]>();
  for (const group of groups) {
    serial.set(group.name, await serialTimes(handle, group));
  }
  // PGlite allows one process at a time: the server opens the folder after we close it.
  await handle.close();

  const kind = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const modes = args.cache === 'both' ? [true, false] : [args.cache !== 'off'];
  for (const cached of modes) {
    const server = await startServer(env, cached);
    try {
      // Signed in, each search group runs right after its anonymous run, on the same warm
      // database: the ratio compares like with like.
      const headers = args['signed-in'] ? { cookie: await signIn(server.base) } : undefined;
      const figures = new Map<string, LoadFigures>();
      const signedIn = new Map<string, LoadFigures>();
      for (const group of groups) {
        figures.set(group.name, await measureGroup(server.base, group));
        if (headers && group.endpoint === 'search') {
          signedIn.set(group.name, await measureGroup(server.base, group, headers));
        }
      }
      console.log(
        `\n${kind}, ${mediaCount} media, ${connections} connections, ${seconds} s per group, ` +
          `${cached ? 'answer cache on (each query asked once before)' : 'answer cache off'} (times in ms)`,
      );
      printFigures(groups, figures, serial);
      if (headers) {
        signedIn.set(linkGroup.name, await measureGroup(server.base, linkGroup, headers));
        console.log(
          `\nthe same, signed in (cards carry access; link: ${linkGroup.paths.length} licensed media)`,
        );
        printSignedIn(
          groups.filter((group) => group.endpoint === 'search'),
          linkGroup,
          figures,
          signedIn,
        );
      }
    } finally {
      await server.stop();
    }
  }
}

/** Logs the bench teacher in; answers the cookie header of its session. */
async function signIn(base: string): Promise<string> {
  const first = await fetch(`${base}/api/v1/utils/features`);
  const csrf = /mk_csrf=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      cookie: `mk_csrf=${csrf}`,
    },
    body: JSON.stringify(BENCH_TEACHER),
  });
  if (!login.ok) {
    throw new Error(`bench login failed: ${String(login.status)}`);
  }
  const session = /mk_session=([^;]+)/.exec(login.headers.getSetCookie().join('; '))?.[1] ?? '';
  return `mk_session=${session}; mk_csrf=${csrf}`;
}

function printSignedIn(
  searches: QueryGroup[],
  linkGroup: QueryGroup,
  anonymous: Map<string, LoadFigures>,
  signedIn: Map<string, LoadFigures>,
) {
  console.log(
    'group                         |  HTTP p50     p95  anonymous p95   ratio  errors  (target ratio <= 1.10)',
  );
  for (const group of searches) {
    const mine = signedIn.get(group.name);
    const theirs = anonymous.get(group.name);
    if (!mine || !theirs) {
      continue;
    }
    console.log(
      `${group.name.padEnd(30)}| ${format(mine.p50)} ${format(mine.p95)} ${format(theirs.p95).padStart(14)} ${(mine.p95 / theirs.p95).toFixed(2).padStart(7)} ${String(mine.errors).padStart(7)}  ${mine.p95 <= theirs.p95 * 1.1 ? 'PASS' : 'FAIL'}`,
    );
  }
  const link = signedIn.get(linkGroup.name);
  if (link) {
    console.log(
      `${linkGroup.name.padEnd(30)}| ${format(link.p50)} ${format(link.p95)}  (target p95 <= 20 ms: ${link.p95 <= 20 ? 'PASS' : 'FAIL'})  errors ${String(link.errors)}`,
    );
  }
}

/** One group's load figures, after a warm-up with its queries. */
async function measureGroup(
  base: string,
  group: QueryGroup,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  await warmUp(base, group.paths, connections, headers);
  return loadRun(base, group.paths, { connections, seconds, headers });
}

function printFigures(
  groups: QueryGroup[],
  figures: Map<string, LoadFigures>,
  serial: Map<string, number[]>,
) {
  console.log(
    'group                         queries |  HTTP p50     p95     p99   req/s  errors | SQL p50     p95',
  );
  for (const group of groups) {
    const load = figures.get(group.name);
    const times = serial.get(group.name) ?? [];
    if (!load) {
      continue;
    }
    console.log(
      `${group.name.padEnd(30)}${String(group.paths.length).padStart(7)} | ${format(load.p50)} ${format(load.p95)} ${format(load.p99)} ${load.requestsPerSecond.toFixed(0).padStart(6)} ${String(load.errors).padStart(7)} | ${format(percentile(times, 0.5))} ${format(percentile(times, 0.95))}`,
    );
  }
  for (const endpoint of ['search', 'distinct'] as const) {
    const all = groups.filter((group) => group.endpoint === endpoint);
    const worst = Math.max(...all.map((group) => figures.get(group.name)?.p95 ?? Number.NaN));
    console.log(`${endpoint}: worst group p95 ${worst.toFixed(1)} ms`);
  }
}

await main();
