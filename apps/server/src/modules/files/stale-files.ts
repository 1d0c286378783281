import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { COVER_SIZES } from '@medienkatalog/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './file-storage.ts';

/**
 * Temporary files of uploads ('{uuid}.part' in DATA_DIR/uploads), ZIP builds and cover renders
 * ('.{name}.{hex}.tmp' beside the file they become) outlive a killed process. This is where
 * they are named and where the ones left behind are removed.
 */

/** Unchanged this long, a temporary file is left behind (a running upload writes all the time). */
export const STALE_AFTER_MS = 60 * 60_000;
/** How often the running server looks for them. */
export const SWEEP_EVERY_MS = 10 * 60_000;

const TEMPORARY_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;
const UPLOAD_NAME = /\.part$/;

/** A fresh temporary file beside `target`, to be renamed onto it when complete. */
export function temporaryPathFor(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
}

async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return [];
    }
    throw error;
  }
}

/**
 * Removes the temporary files not changed since `unchangedSince` (all of them without it);
 * answers their paths.
 */
export async function removeStaleFiles(
  storage: FileStorage,
  unchangedSince?: Date,
): Promise<string[]> {
  const places = [
    { folder: storage.uploadsRoot, pattern: UPLOAD_NAME },
    { folder: storage.zipRoot, pattern: TEMPORARY_NAME },
    ...COVER_SIZES.map((size) => ({
      folder: path.join(storage.coversRoot, size),
      pattern: TEMPORARY_NAME,
    })),
  ];
  const removed: string[] = [];
  for (const { folder, pattern } of places) {
    for (const name of await namesIn(folder)) {
      if (!pattern.test(name)) {
        continue;
      }
      const file = path.join(folder, name);
      if (unchangedSince) {
        const changed = await stat(file).then(
          (info) => info.mtime,
          () => undefined,
        );
        if (changed === undefined || changed >= unchangedSince) {
          continue;
        }
      }
      await rm(file, { force: true });
      removed.push(file);
    }
  }
  return removed;
}

/**
 * Removes the temporary files left behind now (`everythingAtStart`: all of them, as nothing
 * runs yet; otherwise those unchanged for STALE_AFTER_MS, as another process sharing DATA_DIR
 * may be writing the others) and then every SWEEP_EVERY_MS those unchanged for STALE_AFTER_MS.
 */
export async function startStaleFileCleanup(
  storage: FileStorage,
  { everythingAtStart, log }: { everythingAtStart: boolean; log: FastifyBaseLogger },
): Promise<void> {
  const sweep = async (unchangedSince?: Date) => {
    try {
      const removed = await removeStaleFiles(storage, unchangedSince);
      if (removed.length > 0) {
        log.info({ files: removed }, 'Removed temporary files left behind');
      }
    } catch (error) {
      log.error({ err: error }, 'Temporary files could not be cleaned up');
    }
  };
  const staleSince = () => new Date(Date.now() - STALE_AFTER_MS);
  await sweep(everythingAtStart ? undefined : staleSince());
  setInterval(() => void sweep(staleSince()), SWEEP_EVERY_MS).unref();
}
