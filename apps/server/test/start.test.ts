import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './support/free-port.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'medienkatalog-start-'));
const producer = DEMO_ACCOUNTS.find((account) => account.email.startsWith('produzent@'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the real start script (main.ts) on PGlite in `dataDir`, with its defaults otherwise. */
function start(env: Record<string, string>): Started {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    WEB_DIST: '',
    LOG_LEVEL: 'warn',
    // The demo catalogue without its generated films and covers: this is about the start.
    DEMO_FILES: 'false',
  };
  // The embedded database always (this is about the start, not the database), and none of the
  // shell's settings for the demo accounts.
  delete childEnv.DATABASE_URL;
  delete childEnv.DEMO_ACCOUNTS;
  delete childEnv.NODE_ENV;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function untilListening(started: Started): Promise<void> {
  for (let attempt = 0; attempt < 1800; attempt += 1) {
    if (started.output().includes('Medienkatalog läuft auf')) {
      return;
    }
    if (started.child.exitCode !== null) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${started.output()}`);
}

async function stop(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  await started.exited;
}

/** Logs in as the demo producer over real HTTP, with the CSRF double submit; answers the status. */
async function producerLogin(port: number): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const features = await fetch(`${base}/api/v1/utils/features`);
  const csrf = /mk_csrf=([^;]+)/.exec(features.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `mk_csrf=${csrf}`,
      'x-csrf-token': csrf,
    },
    body: JSON.stringify({ email: producer?.email, password: producer?.password }),
  });
  return login.status;
}

describe('start (main.ts)', () => {
  it('refuses to start with DEMO_ACCOUNTS=true and NODE_ENV=production', async () => {
    const started = start({ DEMO_ACCOUNTS: 'true', NODE_ENV: 'production' });
    expect(await started.exited).not.toBe(0);
    expect(started.output()).toContain(
      'DEMO_ACCOUNTS: Die Demo-Zugänge haben veröffentlichte Passwörter und sind mit ' +
        'NODE_ENV=production nicht erlaubt.',
    );
    expect(started.output()).not.toContain('Medienkatalog läuft auf');
  });

  it('creates and prints the demo accounts only when DEMO_ACCOUNTS=true', async () => {
    const port = await freePort();
    const plain = start({ PORT: String(port) });
    try {
      await untilListening(plain);
      expect(await producerLogin(port)).toBe(401);
      expect(plain.output()).not.toContain('Demo-Zugänge');
      expect(plain.output()).not.toContain(producer?.password);
    } finally {
      await stop(plain);
    }

    const demo = start({ PORT: String(port), DEMO_ACCOUNTS: 'true' });
    try {
      await untilListening(demo);
      expect(await producerLogin(port)).toBe(200);
      expect(demo.output()).toContain('Demo-Zugänge (E-Mail-Adresse, Passwort):');
      expect(demo.output()).toContain(`${producer?.email}  ${producer?.password}`);
    } finally {
      await stop(demo);
    }
  });
});
