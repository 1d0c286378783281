import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, ZipInfoSchema, type Dirlist, type ZipInfo } from '@medienkatalog/domain';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http-error.ts';
import type { MediumFacts } from '../auth/access.repository.ts';
import type { AccessPolicy, Actor } from '../auth/policies.ts';
import { JobError, type JobRunner } from '../jobs/job-runner.ts';
import { DAV_ROOT } from './dav-paths.ts';
import type { FileStorage } from './file-storage.ts';
import { someFiles } from './file-walk.ts';
import type { DirlistRow, FilesRepository } from './files.repository.ts';
import { buildZip } from './zip-builder.ts';

/** The queue's kind of ZIP builds. */
export const ZIP_JOB = 'zip.build';

/** How long POST .../dirlist/zip waits for its build before answering 503 (Retry-After). */
const ZIP_WAIT_MS = 120_000;

export function toDirlist(row: DirlistRow | undefined): Dirlist {
  return {
    FnIndex: row?.fn_index ?? null,
    FnZip: row?.fn_zip ?? null,
    FnSize: row?.fn_size ?? null,
    FnZiphash: row?.fn_ziphash ?? null,
  };
}

/**
 * A path inside the medium's folder as stored and signed: resolved and confined by the storage
 * (400 for what leaves the folder), then relative to it, '/'-separated; '' for the folder.
 */
export async function insidePath(
  storage: FileStorage,
  mediumId: number,
  requested: string,
): Promise<{ absolute: string; relative: string }> {
  const absolute = await storage.resolve(mediumId, requested);
  const relative = path.relative(storage.folder(mediumId), absolute).split(path.sep).join('/');
  return { absolute, relative };
}

/**
 * The producer's file calls (producer spec 7.2): dirlist, index file, ZIP and single-file
 * download, and the WebDAV storage's address. Every call first asks the access policy whether
 * the actor may manage the medium (404 when it does not exist or is another pool's).
 */
export class FilesService {
  constructor(
    private readonly storage: FileStorage,
    private readonly repository: FilesRepository,
    private readonly policy: AccessPolicy,
    private readonly jobs: JobRunner,
  ) {
    jobs.register({
      [ZIP_JOB]: {
        lane: 'quick',
        handler: async (job) => {
          const identifier = job.payload.identifier;
          if (job.media_id === null || typeof identifier !== 'string') {
            return undefined;
          }
          try {
            return { ...(await this.packZip({ id: job.media_id, identifier })) };
          } catch (error) {
            throw error instanceof HttpError ? new JobError(error.message, false) : error;
          }
        },
      },
    });
  }

  /** The medium, if the actor may manage it (its producer): 401, 403 or 404 otherwise. */
  async ownMedium(actor: Actor, identifier: string): Promise<MediumFacts> {
    return this.policy.medium(actor, 'manage', identifier);
  }

  /** The address of the medium's WebDAV storage. */
  async storageUrl(actor: Actor, identifier: string): Promise<string> {
    const medium = await this.ownMedium(actor, identifier);
    return `${DAV_ROOT}/${encodeURIComponent(medium.identifier)}/`;
  }

  async dirlist(actor: Actor, identifier: string): Promise<Dirlist> {
    const medium = await this.ownMedium(actor, identifier);
    return toDirlist(await this.repository.dirlist(medium.id));
  }

  /** Sets the index file: a path inside the folder naming an existing file, else 400. */
  async setIndex(actor: Actor, identifier: string, fnIndex: string): Promise<Dirlist> {
    const medium = await this.ownMedium(actor, identifier);
    const { absolute, relative } = await insidePath(this.storage, medium.id, fnIndex);
    if (relative === '') {
      throw new HttpError(400, MESSAGES.files.indexInvalid);
    }
    const stats = await stat(absolute).catch(() => undefined);
    if (!stats?.isFile()) {
      throw new HttpError(400, MESSAGES.files.indexNotFound(relative));
    }
    await this.repository.setIndex(medium.id, relative);
    return toDirlist(await this.repository.dirlist(medium.id));
  }

  /**
   * Builds the ZIP of all the medium's files and stores its name, size and hash: a job on the
   * queue (so a build cut off by a restart is done again), awaited up to ZIP_WAIT_MS. Builds of
   * one process run one after another. Without any file there is nothing to pack: an older
   * ZIP is removed and the answer is 409; a build still running after the wait answers 503.
   */
  async buildZip(actor: Actor, identifier: string): Promise<ZipInfo> {
    const medium = await this.ownMedium(actor, identifier);
    const job = await this.jobs.enqueue({
      kind: ZIP_JOB,
      mediumId: medium.id,
      payload: { identifier: medium.identifier },
    });
    const ended = await this.jobs.waitFor(job.id, ZIP_WAIT_MS);
    if (ended?.state === 'done' && ended.result) {
      return ZipInfoSchema.parse(ended.result);
    }
    if (ended?.state === 'failed') {
      throw new HttpError(
        ended.error === MESSAGES.files.noFiles ? 409 : 500,
        ended.error ?? MESSAGES.jobs.failed,
      );
    }
    throw new HttpError(503, MESSAGES.jobs.zipPending, { 'Retry-After': '5' });
  }

  private async packZip(medium: Pick<MediumFacts, 'id' | 'identifier'>): Promise<ZipInfo> {
    const folder = this.storage.folder(medium.id);
    const target = this.storage.zipFile(medium.id);
    if ((await someFiles(folder, 1)).length === 0) {
      await rm(target, { force: true });
      await this.repository.clearZip(medium.id);
      throw new HttpError(409, MESSAGES.files.noFiles);
    }
    const built = await buildZip(folder, target);
    const info: ZipInfo = {
      fn_zip: `${medium.identifier}.zip`,
      fn_size: built.size,
      fn_ziphash: built.sha256,
    };
    await this.repository.setZip(medium.id, info);
    return info;
  }

  /** The absolute path of one of the medium's files for the download call. */
  async downloadPath(
    actor: Actor,
    identifier: string,
    relativePath: string,
  ): Promise<{ absolute: string; name: string }> {
    const medium = await this.ownMedium(actor, identifier);
    const { absolute, relative } = await insidePath(this.storage, medium.id, relativePath);
    return { absolute, name: path.posix.basename(relative) };
  }
}

/** ProducerService's onDeleted: removes the files and ZIPs of deleted media (failures logged). */
export function removeFilesOfDeleted(storage: FileStorage, log: FastifyBaseLogger) {
  return async (mediumIds: readonly number[]): Promise<void> => {
    for (const mediumId of mediumIds) {
      await storage.remove(mediumId).catch((error: unknown) => {
        log.error({ err: error, mediumId }, 'Files of a deleted medium could not be removed');
      });
    }
  };
}
