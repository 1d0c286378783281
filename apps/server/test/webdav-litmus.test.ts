import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const run = promisify(execFile);

/** One line of litmus' summary per suite. */
export interface LitmusSuite {
  name: string;
  run: number;
  passed: number;
  failed: number;
}

/** "<- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%" per suite. */
export function parseLitmusSummaries(output: string): Map<string, LitmusSuite> {
  const suites = new Map<string, LitmusSuite>();
  const pattern = /<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g;
  for (const match of output.matchAll(pattern)) {
    const [, name = '', total = '0', passed = '0', failed = '0'] = match;
    suites.set(name, { name, run: Number(total), passed: Number(passed), failed: Number(failed) });
  }
  return suites;
}

async function litmusInstalled(): Promise<boolean> {
  try {
    await run('sh', ['-c', 'command -v litmus']);
    return true;
  } catch {
    return false;
  }
}

const producer = DEMO_ACCOUNTS.find((account) => account.context === 'admin/fwu');

// litmus (Debian's WebDAV compliance suite) against our mount, over a real socket.
describe('WebDAV storage under litmus', () => {
  let database: TestDatabase;
  let app: App;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await importMedia(database.db, [mediumRecord({ pool: 'fwu', fn_nr: 'LITMUS1' })]);
    await seedDemoAccounts(database.db);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'medienkatalog-litmus-'));
    app = await buildApp({ db: database.db, files: { dataDir } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    base = `http://127.0.0.1:${String(port)}/dav/FWU-LITMUS1/`;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('passes every suite completely (basic, copymove, props, locks, http)', async () => {
    if (!(await litmusInstalled())) {
      throw new Error(
        'litmus is not installed: run `apt-get install -y litmus` (the CI script .ci/run does).',
      );
    }
    if (!producer) {
      throw new Error('No demo producer');
    }
    let output: string;
    try {
      const result = await run('litmus', ['-k', base, producer.email, producer.password], {
        timeout: 120_000,
        // litmus writes child.log and debug.log into its working folder.
        cwd: dataDir,
        env: { ...process.env, LANG: 'C', LC_ALL: 'C' },
      });
      output = result.stdout + result.stderr;
    } catch (error) {
      // litmus exits non-zero when a test fails; its output still tells which.
      const failed = error as { stdout?: string; stderr?: string };
      output = (failed.stdout ?? '') + (failed.stderr ?? '');
    }
    const suites = parseLitmusSummaries(output);
    const figures = [...suites.values()]
      .map((suite) => `${suite.name} ${String(suite.passed)}/${String(suite.run)}`)
      .join(', ');
    console.info(`litmus: ${figures}`);
    // basic, copymove and props as the issue asks; locks and http pass completely too.
    for (const name of ['basic', 'copymove', 'props', 'locks', 'http']) {
      const suite = suites.get(name);
      expect(suite, `${name} did not run:\n${output}`).toBeDefined();
      expect(suite?.failed, `${name} failed:\n${output}`).toBe(0);
      expect(suite?.run).toBeGreaterThan(0);
    }
    // The server survived all of it.
    expect((await app.inject({ method: 'GET', url: '/api/v1/utils/features' })).statusCode).toBe(
      200,
    );
  });
});
