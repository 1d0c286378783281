import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { DEFAULT_MAX_FILE_SIZE, MESSAGES, withFieldLabel } from '@medienkatalog/domain';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import { registerStorefront } from './modules/storefront/storefront.routes.ts';
import { HttpError } from './http-error.ts';
import {
  answerClientError,
  answerFrameworkError,
  clientErrorMessage,
  registerInputGuard,
} from './input-guard.ts';
import { AccessRepository } from './modules/auth/access.repository.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService, type AuthSettings } from './modules/auth/auth.service.ts';
import { AccessPolicy } from './modules/auth/policies.ts';
import { RateLimiter } from './modules/auth/rate-limiter.ts';
import { registerSessions } from './modules/auth/session.ts';
import { DEFAULT_ANSWER_CACHE, type AnswerCacheOptions } from './modules/catalogue/answer-cache.ts';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import {
  CatalogueService,
  DEFAULT_SEARCH_TUNING,
  type SearchTuning,
} from './modules/catalogue/catalogue.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { davRoutes } from './modules/files/dav.routes.ts';
import { FileStorage } from './modules/files/file-storage.ts';
import { FilesRepository } from './modules/files/files.repository.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { FilesService, removeFilesOfDeleted } from './modules/files/files.service.ts';
import { imageRoutes } from './modules/images/images.routes.ts';
import { ImageService } from './modules/images/images.service.ts';
import {
  DEFAULT_RUNNER_SETTINGS,
  JobRunner,
  type JobRunnerSettings,
} from './modules/jobs/job-runner.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { JobsRepository } from './modules/jobs/jobs.repository.ts';
import { captionRoutes } from './modules/media/captions.routes.ts';
import type { Ffmpeg } from './modules/media/ffmpeg.ts';
import { MediaPipeline } from './modules/media/media-jobs.ts';
import { CodesRepository } from './modules/licences/codes.repository.ts';
import { CodesService } from './modules/licences/codes.service.ts';
import { licenceRoutes } from './modules/licences/licences.routes.ts';
import { LicencesRepository } from './modules/licences/licences.repository.ts';
import { MediaCentreService } from './modules/licences/media-centre.service.ts';
import { MediaUsesRepository } from './modules/licences/media-uses.repository.ts';
import { MediathekenRepository } from './modules/licences/mediatheken.repository.ts';
import { MediathekenService } from './modules/licences/mediatheken.service.ts';
import { SharesService } from './modules/licences/shares.service.ts';
import { UsageRepository } from './modules/licences/usage.repository.ts';
import { LibraryRepository } from './modules/library/library.repository.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { LibraryService } from './modules/library/library.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { PreviewRepository } from './modules/preview/preview.repository.ts';
import { previewRoutes } from './modules/preview/preview.routes.ts';
import { PreviewService } from './modules/preview/preview.service.ts';
import { ProducerRepository } from './modules/producer/producer.repository.ts';
import { producerRoutes } from './modules/producer/producer.routes.ts';
import { ProducerService } from './modules/producer/producer.service.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import type { TrustProxy } from './trust-proxy.ts';

// Validation messages that our schemas do not word themselves come in German too.
z.config(z.locales.de());

declare module 'fastify' {
  interface FastifyInstance {
    /** Waits for the account work that runs after its answers (mails, new accounts). */
    accountWorkSettled(): Promise<void>;
  }
}

export interface AppDependencies {
  db: Database;
  /** Folder with the built web app, served with an index.html fallback when present. */
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Proxies whose X-Forwarded-* headers set request.ip and request.protocol (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** Thresholds of the search (tests lower them to reach the paths for broad queries). */
  searchTuning?: SearchTuning;
  /** Cache of search and facet answers (see AnswerCache). */
  searchCache?: AnswerCacheOptions;
  /** Where account mails go (SMTP or files); without one, sending a mail fails. */
  mailer?: Mailer;
  auth?: Partial<AuthSettings>;
  files?: Partial<FilesSettings>;
  media?: MediaSettings;
}

/** The media pipeline and its job queue. */
export interface MediaSettings {
  /** ffmpeg and ffprobe (findFfmpeg); without them videos and audio are served unprocessed. */
  ffmpeg?: Ffmpeg | undefined;
  /** Lease, polling and backoff of the job runner (tests shorten them). */
  jobs?: Partial<Omit<JobRunnerSettings, 'failedMessage'>>;
  /** false: this instance takes no jobs (they wait for one that does). Default true. */
  runJobs?: boolean;
}

/** Where media files live and how they are served. */
export interface FilesSettings {
  /** DATA_DIR: files go to its files/ folder, built ZIPs to zips/. */
  dataDir: string;
  /** Largest upload in bytes. */
  maxFileSize: number;
  /** Signs the play and download links. */
  contentSecret: string;
}

/** Tests that do not name a folder get a fresh one each, so their media ids never meet. */
const defaultFilesSettings = (): FilesSettings => ({
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'medienkatalog-')),
  maxFileSize: DEFAULT_MAX_FILE_SIZE,
  contentSecret: randomBytes(32).toString('hex'),
});

const NO_MAILER: Mailer = {
  send: () => Promise.reject(new Error('No mailer configured')),
};

const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  publicUrl: 'http://localhost:8080',
  sessionIdleMinutes: 8 * 60,
};

export async function buildApp({
  db,
  webDist,
  logger = false,
  trustProxy = false,
  searchTuning = DEFAULT_SEARCH_TUNING,
  searchCache = DEFAULT_ANSWER_CACHE,
  mailer = NO_MAILER,
  auth: authSettings,
  files: filesOverrides,
  media: mediaSettings = {},
}: AppDependencies) {
  const app = Fastify({
    logger,
    trustProxy,
    routerOptions: { maxParamLength: 500 },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An answer may have typed itself before it failed (a file): errors are JSON.
    void reply.type('application/json; charset=utf-8').removeHeader('Content-Disposition');
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ error: error.name, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // Producer fields are named as the producer's screens name them ('Status: …').
      const message = first
        ? withFieldLabel(first.instancePath.split('/'), first.message ?? MESSAGES.badRequest)
        : MESSAGES.badRequest;
      return reply.code(400).send({ error: 'Bad Request', message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.name, message: clientErrorMessage(error) });
    }
    if (request.raw.socket.destroyed) {
      // The client went away mid-answer (a cancelled search while typing): nothing failed here.
      request.log.debug({ err: error }, 'Client closed the connection');
    } else {
      request.log.error(error);
    }
    return reply
      .code(500)
      .send({ error: 'Internal Server Error', message: MESSAGES.internalError });
  });
  registerInputGuard(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Medienkatalog API',
        description: 'Katalog und Marktplatz für Bildungsmedien. Fehlertexte sind deutsch.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(fastifyHelmet, {
    // The app loads nothing from other hosts; MUI's emotion styles are inline <style> elements.
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 4: about gzip's cost with smaller output; 11, the default, costs milliseconds per answer.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // No client of the API compresses what it sends; a broken compressed body made the plugin
    // drop the connection without an answer.
    globalDecompression: false,
  });
  await app.register(fastifyCookie);
  const rateLimiter = new RateLimiter(db);
  const auth = new AuthService(
    new AuthRepository(db),
    rateLimiter,
    mailer,
    { ...DEFAULT_AUTH_SETTINGS, ...authSettings },
    (error) => {
      app.log.error({ err: error }, 'Account work after the answer failed');
    },
  );
  registerSessions(app, auth);
  app.decorate('accountWorkSettled', () => auth.settled());

  const accessRepository = new AccessRepository(db);
  const catalogueRepository = new CatalogueRepository(db);
  const policy = new AccessPolicy(accessRepository);
  const catalogue = new CatalogueService(
    catalogueRepository,
    searchTuning,
    searchCache,
    (viewer, media, version) => policy.cardAccess(viewer, media, version),
  );
  await app.register(catalogueRoutes, { service: catalogue });
  await app.register(authRoutes, { auth });
  await app.register(userRoutes, { auth });
  await app.register(previewRoutes, {
    preview: new PreviewService(catalogue, new PreviewRepository(db)),
  });
  const filesSettings = { ...defaultFilesSettings(), ...filesOverrides };
  const storage = new FileStorage(filesSettings.dataDir);
  await app.register(producerRoutes, {
    producer: new ProducerService(
      new ProducerRepository(db),
      policy,
      removeFilesOfDeleted(storage, app.log),
    ),
  });
  await app.register(libraryRoutes, {
    library: new LibraryService(new LibraryRepository(db), policy, catalogue),
  });

  const licences = new LicencesRepository(db);
  const mediathekenRepository = new MediathekenRepository(db);
  await app.register(licenceRoutes, {
    shares: new SharesService(licences, mediathekenRepository, policy),
    mediaCentre: new MediaCentreService(licences, new UsageRepository(db), policy),
    mediatheken: new MediathekenService(mediathekenRepository, policy),
    codes: new CodesService(
      new CodesRepository(db),
      licences,
      mediathekenRepository,
      policy,
      rateLimiter,
    ),
  });

  const jobsRepository = new JobsRepository(db);
  const runner = new JobRunner(
    jobsRepository,
    {
      ...DEFAULT_RUNNER_SETTINGS,
      ...mediaSettings.jobs,
      failedMessage: MESSAGES.jobs.failed,
    },
    app.log,
  );
  const pipeline = new MediaPipeline(runner, {
    db,
    storage,
    images: new ImageService(storage, policy),
    ffmpeg: mediaSettings.ffmpeg,
  });
  if (mediaSettings.runJobs !== false) {
    app.addHook('onReady', () => {
      runner.start();
      return Promise.resolve();
    });
  }
  app.addHook('onClose', () => runner.stop());
  await app.register(captionRoutes, { storage, policy });
  await app.register(jobRoutes, {
    jobs: jobsRepository,
    policy,
    processing: pipeline.processing,
  });

  const filesRepository = new FilesRepository(db);
  const files = new FilesService(storage, filesRepository, policy, runner);
  await app.register(davRoutes, {
    storage,
    files,
    maxFileSize: filesSettings.maxFileSize,
    auth,
    onStored: (mediumId, relativePath) => pipeline.stored(mediumId, relativePath),
  });
  await app.register(fileRoutes, { files });
  await app.register(contentRoutes, {
    storage,
    files: filesRepository,
    policy,
    media: accessRepository,
    uses: new MediaUsesRepository(db),
    secret: filesSettings.contentSecret,
  });
  await app.register(imageRoutes, {
    storage,
    policy,
    auth,
    publicUrl: authSettings?.publicUrl ?? DEFAULT_AUTH_SETTINGS.publicUrl,
  });

  // The web app is served when it was built (npm start builds it; API tests run without).
  const webRoot = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // The storefront's pages, '/' among them, are the server's own (registerStorefront).
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies at the best quality (apps/web/build/precompress.ts).
      preCompressed: true,
      // Built files carry a content hash in their names: cached for good; the page itself is
      // asked for again each time, so a new version shows at once.
      setHeaders: (response, filePath) => {
        response.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  if (webRoot) {
    await registerStorefront(app, { webRoot });
  }
  app.setNotFoundHandler((request, reply) => {
    // Pages of the app (a browser asking for HTML) get the app; files and API calls a 404.
    const wantsPage = request.headers.accept?.includes('text/html') ?? false;
    const isApi = request.url.startsWith('/api/');
    if (webRoot && wantsPage && !isApi && request.method === 'GET') {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not Found', message: MESSAGES.notFound });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
