import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
// E2E_PORT lets several checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 8181);
// Every run starts with an empty database, so the demo catalogue is seeded fresh. (Removed by
// the server command: this file is also evaluated in the workers, while the server runs.)
const dataDir = path.join(repositoryRoot, 'data', 'e2e');
/** Where the server writes its mails as .eml files (no SMTP in the tests). */
export const mailFolder = path.join(dataDir, 'mail');

// The journeys run against a server of their own on a fresh embedded database, never against the
// shared one of DATABASE_URL (which CI sets for the integration tests): hence `env -u`.
export default defineConfig({
  testDir: 'tests',
  reporter: 'list',
  workers: 1,
  // Generous for a busy CI machine (the whole run measured up to four times slower than idle).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry: on a busy machine a journey has failed once in a run (a different one each time,
  // timing). A journey that passes only on its retry is listed as flaky in the summary line.
  retries: 1,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf '${dataDir}' && npm run build -w @medienkatalog/web && env -u DATABASE_URL npm run start -w @medienkatalog/server`,
    cwd: repositoryRoot,
    // The journeys sign in with the demo accounts.
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', DEMO_ACCOUNTS: 'true' },
    url: `http://127.0.0.1:${port}/api/v1/utils/features`,
    // The first start generates the demo films and covers.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
