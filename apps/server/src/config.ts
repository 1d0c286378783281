import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAX_FILE_SIZE } from '@medienkatalog/domain';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

/**
 * Twice the cores of this machine, at least four: PostgreSQL's own rule for the connections that
 * keep a server busy (its cores twice, plus its disks). More connections than that make its
 * processes take turns on the cores instead of finishing: on two cores, 16 searches in flight
 * answered 67 requests a second through 20 connections and 103-124 through 2-4 (bench:search,
 * a million media; the HTTP p95 of facets 541 → 288-320 ms). A parallel import takes up to
 * four of them (media-import.ts), leaving the others to the requests.
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * os.availableParallelism());
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; without it the embedded PGlite in DATA_DIR/db is used. */
  DATABASE_URL: z.url().optional(),
  /** Folder for the embedded database, files and mails. */
  DATA_DIR: z.string().default('./data'),
  /**
   * Connections of the PostgreSQL pool (ignored for PGlite); by default twice this machine's
   * cores, at least four (defaultPoolSize).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultPoolSize),
  /** Folder with the built web app; empty to serve the API only. */
  WEB_DIST: z.string().optional(),
  /** Seed the demo catalogue into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Generate the demo media's files and covers on the first start (false: the catalogue only). */
  DEMO_FILES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * Create the demo accounts, whose passwords the README publishes. Only the quick start asks
   * for them; refused together with NODE_ENV=production.
   */
  DEMO_ACCOUNTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Search and facet answers kept in memory until the catalogue changes; 0 turns it off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
  /** Address of the app as users reach it, for the links in mails. */
  PUBLIC_URL: z.url().optional(),
  /** SMTP server for mails (smtp://user:password@host:587); without it mails go to DATA_DIR/mail. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Medienkatalog <no-reply@medienkatalog.invalid>'),
  /** A session ends after this many minutes without a request. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(43_200).default(480),
  /** Largest file a producer may upload, in bytes (default 4 GiB); larger ones answer 413. */
  FILES_MAX_SIZE: z.coerce.number().int().min(1).default(DEFAULT_MAX_FILE_SIZE),
  /**
   * Secret that signs the play and download links (/content/...). Without it a random one is
   * made at each start, so links die with a restart; several instances need the same secret.
   */
  CONTENT_SECRET: z.string().min(32).optional(),
  /** Which proxies' X-Forwarded-For/-Proto/-Host to believe: false, true, a hop count or a list. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((raw, context) => {
      const trustProxy = parseTrustProxy(raw);
      if (trustProxy === undefined) {
        context.addIssue({
          code: 'custom',
          message:
            'Erwartet false, true, eine Anzahl von Proxys oder eine durch Kommas getrennte Liste ' +
            'von Adressen und CIDR-Bereichen (z. B. 10.0.0.0/8,192.168.1.5).',
        });
        return z.NEVER;
      }
      return trustProxy;
    }),
  /** The ffmpeg program (ffprobe is taken from the same folder); default: ffmpeg on the PATH. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Seconds a running job is held without a sign of life before another runner takes it over. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

/** The demo accounts' passwords are published: never in production. */
const CheckedEnvSchema = EnvSchema.refine(
  (values) => !(values.DEMO_ACCOUNTS && values.NODE_ENV === 'production'),
  {
    path: ['DEMO_ACCOUNTS'],
    message:
      'Die Demo-Zugänge haben veröffentlichte Passwörter und sind mit NODE_ENV=production nicht erlaubt.',
  },
);

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  webDist: string | undefined;
  seedDemo: boolean;
  demoFiles: boolean;
  demoAccounts: boolean;
  searchCacheEntries: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleMinutes: number;
  maxFileSize: number;
  contentSecret: string;
  trustProxy: TrustProxy;
  ffmpegPath: string | undefined;
  jobLeaseSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    // npm runs workspace scripts inside the workspace; relative paths mean the caller's folder.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), values.DATA_DIR),
    webDist: values.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist'),
    seedDemo: values.SEED_DEMO,
    demoFiles: values.DEMO_FILES,
    demoAccounts: values.DEMO_ACCOUNTS,
    searchCacheEntries: values.SEARCH_CACHE_ENTRIES,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${String(values.PORT)}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    maxFileSize: values.FILES_MAX_SIZE,
    contentSecret: values.CONTENT_SECRET ?? randomBytes(32).toString('hex'),
    trustProxy: values.TRUST_PROXY,
    ffmpegPath: values.FFMPEG_PATH,
    jobLeaseSeconds: values.JOB_LEASE_SECONDS,
    logLevel: values.LOG_LEVEL,
  };
}
