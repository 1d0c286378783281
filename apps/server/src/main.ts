import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEFAULT_ANSWER_CACHE } from './modules/catalogue/answer-cache.ts';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository.ts';
import { finishInterruptedLoad } from './modules/catalogue/media-import.ts';
import { maintainPopularTier } from './modules/catalogue/popular-tier.ts';
import { openDatabase } from './db/client.ts';
import { FileStorage } from './modules/files/file-storage.ts';
import { startStaleFileCleanup } from './modules/files/stale-files.ts';
import { fileMailer, smtpMailer } from './modules/mail/mailer.ts';
import { findFfmpeg } from './modules/media/ffmpeg.ts';
import { demoAccountList, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoLicences } from './seed/demo-licences.ts';
import { generateDemoMedia } from './seed/demo-media/demo-media.ts';
import { seedDemoData } from './seed/seed.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
await database.migrate();
await finishInterruptedLoad(database.db);
if (config.seedDemo) {
  const added = await seedDemoData(database.db);
  if (added > 0) {
    console.log(`Demo-Katalog angelegt: ${added} Medien.`);
  }
}
const ffmpeg = await findFfmpeg(config.ffmpegPath);
if (!ffmpeg) {
  console.log(
    'ffmpeg nicht gefunden: Videos und Audio werden als Original ausgeliefert, ' +
      'die Verarbeitung (Dauer, Vorschaubild, Streaming-Fassungen) ist nicht verfügbar.',
  );
}
if (config.seedDemo && config.demoFiles) {
  const made = await generateDemoMedia({
    db: database.db,
    storage: new FileStorage(config.dataDir),
    ffmpeg,
  });
  if (made.media > 0) {
    console.log(
      `Demo-Dateien angelegt: ${String(made.media)} Medien, davon ${String(made.videos)} Filme ` +
        `(${(made.milliseconds / 1000).toFixed(1)} s).`,
    );
  }
}
// Demo accounts have published passwords: only when asked for (config refuses it in production).
if (config.demoAccounts) {
  await seedDemoAccounts(database.db);
  await seedDemoLicences(database.db);
}
const mailFolder = path.join(config.dataDir, 'mail');

// The vocabulary of the typing-error correction follows the catalogue: built at start when
// missing, rebuilt every ten minutes when the catalogue changed.
const catalogueRepository = new CatalogueRepository(database.db);
let vocabularyVersion = await catalogueRepository.catalogueVersion();
if (!(await catalogueRepository.hasSearchWords())) {
  await catalogueRepository.refreshSearchWords();
}
const refreshVocabulary = async () => {
  const version = await catalogueRepository.catalogueVersion();
  if (version !== vocabularyVersion) {
    await catalogueRepository.refreshSearchWords();
    vocabularyVersion = version;
  }
};

const app = await buildApp({
  db: database.db,
  webDist: config.webDist,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  searchCache: { ...DEFAULT_ANSWER_CACHE, entries: config.searchCacheEntries },
  mailer: config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : fileMailer(
        mailFolder,
        (line) => {
          console.log(line);
        },
        config.mailFrom,
      ),
  auth: { publicUrl: config.publicUrl, sessionIdleMinutes: config.sessionIdleMinutes },
  files: {
    dataDir: config.dataDir,
    maxFileSize: config.maxFileSize,
    contentSecret: config.contentSecret,
  },
  media: { ffmpeg, jobs: { leaseSeconds: config.jobLeaseSeconds } },
});

// Temporary files of uploads, ZIP builds and cover renders that a killed process left behind.
// With PGlite no other process can use DATA_DIR, so at start every one is left over; with
// PostgreSQL several instances may share DATA_DIR: then only those unchanged for an hour.
await startStaleFileCleanup(new FileStorage(config.dataDir), {
  everythingAtStart: database.kind === 'pglite',
  log: app.log,
});

setInterval(() => {
  refreshVocabulary().catch((error: unknown) => {
    app.log.error({ err: error }, 'Search vocabulary could not be refreshed');
  });
}, 10 * 60_000).unref();

// The popular tier of the search follows the popularity of the media (popular-tier.ts).
const keepPopularTier = () => {
  maintainPopularTier(database.db).catch((error: unknown) => {
    app.log.error({ err: error }, 'Popular tier of the search could not be built');
  });
};
keepPopularTier();
setInterval(keepPopularTier, 60 * 60_000).unref();

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
const storage =
  database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
console.log(`Medienkatalog läuft auf http://${shownHost}:${config.port} (Datenbank: ${storage})`);
console.log(`API-Dokumentation: http://${shownHost}:${config.port}/api/docs`);
if (!config.smtpUrl) {
  console.log(`E-Mails werden als .eml-Dateien abgelegt in ${mailFolder}`);
}
if (config.demoAccounts) {
  console.log(`Demo-Zugänge (E-Mail-Adresse, Passwort):\n${demoAccountList()}`);
}
