import { createHash } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileExtension } from '@medienkatalog/domain';
import { ZipFile } from 'yazl';
import { walkContent } from './file-walk.ts';
import { temporaryPathFor } from './stale-files.ts';
import './yazl-native-crc32.ts';

export interface BuiltZip {
  /** Size in bytes. */
  size: number;
  /** SHA-256 of the ZIP's bytes, hex. */
  sha256: string;
  /** Files in it. */
  files: number;
}

/** Already compressed formats: stored as they are, deflating them only costs time. */
const STORED = new Set([
  'mp4', 'm4v', 'webm', 'mov', 'avi', 'mkv', 'ogv', 'mp3', 'm4a', 'aac', 'ogg', 'oga', 'flac',
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'zip', 'gz', '7z', 'rar', 'docx', 'xlsx', 'pptx',
  'odt', 'ods', 'odp', 'epub', 'woff', 'woff2', 'pdf',
]); // prettier-ignore

/**
 * Packs the medium's content below `folder` (every file and folder but the teaser's and symbolic
 * links) into a ZIP at `target`.
 * The bytes stream from the files through yazl into a temporary file beside the target while
 * they are counted and hashed; the finished file then replaces the target in one rename, so
 * readers see the old ZIP or the new one, never half of one. No file is held in memory.
 */
export async function buildZip(folder: string, target: string): Promise<BuiltZip> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = temporaryPathFor(target);
  const zip = new ZipFile();
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  // Errors of the entries (a file that vanished or changed size) arrive here: fail the build.
  zip.on('error', (error: Error) => {
    measure.destroy(error);
  });
  const written = pipeline(zip.outputStream, measure, createWriteStream(temporary));
  // Awaited below; a failure while files are still being added must not count as unhandled.
  void written.catch(() => undefined);
  let files = 0;
  try {
    const folders: string[] = [];
    for await (const entry of walkContent(folder)) {
      if (entry.kind === 'directory') {
        folders.push(entry.path);
        continue;
      }
      // An empty folder gets its own entry; others arise from their files' paths.
      flushEmptyFolders(zip, folders, entry.path);
      files += 1;
      const { absolute } = entry;
      const compress = !STORED.has(fileExtension(entry.path));
      zip.addReadStreamLazy(
        entry.path,
        { mtime: entry.stats.mtime, mode: entry.stats.mode, size: entry.stats.size, compress },
        (callback) => {
          // O_NOFOLLOW: a file swapped for a link since the walk is not followed.
          open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW).then(
            (handle) => {
              callback(null, handle.createReadStream());
            },
            (error: unknown) => {
              callback(error instanceof Error ? error : new Error(String(error)), null as never);
            },
          );
        },
      );
    }
    flushEmptyFolders(zip, folders, undefined);
    zip.end();
    await written;
    await rename(temporary, target);
    return { size, sha256: hash.digest('hex'), files };
  } catch (error) {
    measure.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Walked folders wait in `pending` until the next file shows whether they are empty: a folder
 * that is not an ancestor of that file (or of any later one, when `nextFile` is undefined) had
 * nothing in it.
 */
function flushEmptyFolders(zip: ZipFile, pending: string[], nextFile: string | undefined) {
  for (const folder of pending) {
    const holdsNext = nextFile?.startsWith(`${folder}/`) ?? false;
    const holdsLater = pending.some((other) => other.startsWith(`${folder}/`));
    if (!holdsNext && !holdsLater) {
      zip.addEmptyDirectory(folder);
    }
  }
  pending.length = 0;
}
