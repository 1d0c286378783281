import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isTeaserPath, MESSAGES, playerKindOf, TEASER_FILES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../files/file-storage.ts';
import type { ImageService } from '../images/images.service.ts';
import { JobError, type JobKind, type JobRunner } from '../jobs/job-runner.ts';
import type { JobRow } from '../jobs/jobs.repository.ts';
import { probe, runProgram, type Ffmpeg } from './ffmpeg.ts';
import { buildRenditions } from './renditions.ts';

/** The kinds of jobs of the media pipeline (names as stored). */
export const MEDIA_JOB_KINDS = {
  probe: 'media.probe',
  poster: 'media.poster',
  renditions: 'media.renditions',
  cover: 'cover.render',
} as const;

export interface MediaJobDependencies {
  db: Database;
  storage: FileStorage;
  images: ImageService;
  /** undefined: no ffmpeg, the media jobs are not offered. */
  ffmpeg: Ffmpeg | undefined;
}

/** The poster frame is taken this far into the film (or at a tenth of a shorter one). */
const POSTER_SECONDS = 3;

const pathOf = (job: JobRow) => {
  const value = job.payload.path;
  if (typeof value !== 'string' || job.media_id === null) {
    throw new JobError(MESSAGES.jobs.failed, false);
  }
  return { mediumId: job.media_id, relative: value };
};

/** The file a job names, if it still exists (it may have been deleted or renamed since). */
async function sourceFile(storage: FileStorage, job: JobRow) {
  const { mediumId, relative } = pathOf(job);
  const absolute = await storage.resolve(mediumId, relative);
  const found = await stat(absolute).catch(() => undefined);
  return found?.isFile() ? { mediumId, relative, absolute } : undefined;
}

const needFfmpeg = (ffmpeg: Ffmpeg | undefined): Ffmpeg => {
  if (!ffmpeg) {
    throw new JobError(MESSAGES.jobs.noFfmpeg, false);
  }
  return ffmpeg;
};

/** The handlers of the media pipeline's jobs, by kind. */
function mediaJobKinds(
  deps: MediaJobDependencies,
  enqueueCover: (mediumId: number) => Promise<void>,
): Record<string, JobKind> {
  const { db, storage, images, ffmpeg } = deps;
  return {
    [MEDIA_JOB_KINDS.probe]: {
      lane: 'quick',
      handler: async (job) => {
        const source = await sourceFile(storage, job);
        if (!source) {
          return { skipped: 'missing' };
        }
        const probed = await probe(needFfmpeg(ffmpeg), source.absolute);
        const minutes = Math.max(1, Math.round(probed.duration / 60));
        // Only an empty length is filled: what the producer wrote stays. Like every write of
        // a medium it moves fn_aenderung, so an editor open on the old record is told (409)
        // instead of writing the empty length back over the probed one.
        await db.execute(
          sql`UPDATE media SET fn_laenge = ${String(minutes)},
                fn_aenderung = date_trunc('milliseconds', clock_timestamp())
              WHERE id = ${source.mediumId} AND btrim(coalesce(fn_laenge, '')) = ''`,
        );
        return { duration: probed.duration, minutes };
      },
    },
    [MEDIA_JOB_KINDS.poster]: {
      lane: 'quick',
      handler: async (job, context) => {
        const source = await sourceFile(storage, job);
        if (!source) {
          return { skipped: 'missing' };
        }
        const folder = storage.folder(source.mediumId);
        for (const name of TEASER_FILES) {
          if (await stat(path.join(folder, name)).catch(() => undefined)) {
            return { skipped: 'teaser' };
          }
        }
        const tools = needFfmpeg(ffmpeg);
        const probed = await probe(tools, source.absolute);
        if (!probed.video) {
          return { skipped: 'no video' };
        }
        const at = probed.duration > POSTER_SECONDS * 2 ? POSTER_SECONDS : probed.duration / 10;
        const target = await storage.resolve(source.mediumId, 'thumbs/main.jpg');
        const partial = `${target}.${randomBytes(4).toString('hex')}.partial.jpg`;
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await runProgram(
            tools.ffmpeg,
            [
              '-hide_banner',
              '-v',
              'error',
              '-y',
              '-ss',
              at.toFixed(2),
              '-i',
              source.absolute,
              '-frames:v',
              '1',
              '-vf',
              "scale='min(1280,iw)':-2",
              '-q:v',
              '3',
              '-update',
              '1',
              partial,
            ],
            { signal: context.signal },
          );
          await rename(partial, target);
        } catch (error) {
          await rm(partial, { force: true });
          throw error;
        }
        await enqueueCover(source.mediumId);
        return { teaser: 'thumbs/main.jpg', at };
      },
    },
    [MEDIA_JOB_KINDS.renditions]: {
      lane: 'media',
      handler: async (job, context) => {
        const source = await sourceFile(storage, job);
        if (!source) {
          return { skipped: 'missing' };
        }
        const tools = needFfmpeg(ffmpeg);
        const probed = await probe(tools, source.absolute);
        if (!probed.video) {
          throw new JobError(MESSAGES.jobs.notVideo, false);
        }
        const duration = probed.duration;
        const built = await buildRenditions(
          tools,
          storage,
          source.mediumId,
          source.relative,
          source.absolute,
          probed,
          {
            signal: context.signal,
            onProgress: (seconds) => {
              if (duration > 0) {
                context.progress(seconds / duration);
              }
            },
          },
        );
        return built;
      },
    },
    [MEDIA_JOB_KINDS.cover]: {
      lane: 'quick',
      handler: async (job) => {
        if (job.media_id === null) {
          return { rendered: 0 };
        }
        return { rendered: await images.prerender(job.media_id) };
      },
    },
  };
}

/**
 * The media pipeline on the job queue: registers its handlers and turns uploads into jobs.
 * A video gets its duration, a poster frame (when it has no teaser) and HLS renditions; an
 * audio file its duration; a new teaser its eight cover sizes. Without ffmpeg only the covers.
 */
export class MediaPipeline {
  constructor(
    private readonly runner: JobRunner,
    private readonly deps: MediaJobDependencies,
  ) {
    runner.register(mediaJobKinds(deps, (mediumId) => this.renderCovers(mediumId)));
  }

  get processing(): boolean {
    return this.deps.ffmpeg !== undefined;
  }

  /** A file of the medium was written (WebDAV PUT, MOVE or COPY): the jobs it needs. */
  async stored(mediumId: number, relativePath: string): Promise<void> {
    const relative = relativePath.replace(/^\/+/, '');
    if (isTeaserPath(relative)) {
      if ((TEASER_FILES as readonly string[]).includes(relative)) {
        await this.renderCovers(mediumId);
      }
      return;
    }
    const kind = playerKindOf(relative);
    if (!this.processing || (kind !== 'video' && kind !== 'audio')) {
      return;
    }
    const job = (name: string) => ({
      kind: name,
      mediumId,
      payload: { path: relative },
      dedupeKey: `${name}:${String(mediumId)}:${relative}`,
    });
    await this.runner.enqueue(job(MEDIA_JOB_KINDS.probe));
    if (kind === 'video') {
      await this.runner.enqueue(job(MEDIA_JOB_KINDS.poster));
      await this.runner.enqueue(job(MEDIA_JOB_KINDS.renditions));
    }
  }

  async renderCovers(mediumId: number): Promise<void> {
    await this.runner.enqueue({
      kind: MEDIA_JOB_KINDS.cover,
      mediumId,
      dedupeKey: `${MEDIA_JOB_KINDS.cover}:${String(mediumId)}`,
    });
  }
}
