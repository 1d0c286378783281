import { mkdir, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { COVER_SIZES, MESSAGES } from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';

/** Files nephele's file-system adapter keeps beside the files (locks, dead properties). */
const METADATA_SUFFIX = '.nephelemeta';

/** Whether a file or folder name is the WebDAV server's bookkeeping, never a file of the medium. */
export const isStorageMetadata = (name: string) => name.endsWith(METADATA_SUFFIX);

/**
 * Where the files of the media live: one folder per medium under DATA_DIR/files, named by the
 * medium's database id (not its identifier, which changes with its number). Every path a
 * request names is resolved here and must stay inside the medium's folder.
 */
export class FileStorage {
  readonly filesRoot: string;
  /** Uploads in progress ('{uuid}.part'), beside files/ so they move in with one rename. */
  readonly uploadsRoot: string;
  readonly zipRoot: string;
  readonly coversRoot: string;
  readonly renditionsRoot: string;

  constructor(dataDir: string) {
    this.filesRoot = path.join(dataDir, 'files');
    this.uploadsRoot = path.join(dataDir, 'uploads');
    this.zipRoot = path.join(dataDir, 'zips');
    this.coversRoot = path.join(dataDir, 'covers');
    this.renditionsRoot = path.join(dataDir, 'renditions');
  }

  folder(mediumId: number): string {
    return path.join(this.filesRoot, String(mediumId));
  }

  async ensureFolder(mediumId: number): Promise<string> {
    const folder = this.folder(mediumId);
    await mkdir(folder, { recursive: true });
    return folder;
  }

  /** Where the medium's built ZIP is kept (outside its folder, so it never contains itself). */
  zipFile(mediumId: number): string {
    return path.join(this.zipRoot, `${String(mediumId)}.zip`);
  }

  /** The rendered cover of a medium at one size (the cover service's cache). */
  coverFile(mediumId: number, size: string): string {
    return path.join(this.coversRoot, size, `${String(mediumId)}.jpg`);
  }

  /**
   * The absolute path of a path inside the medium's folder ('/a/b.pdf', 'a/b.pdf'; already
   * URL-decoded). Refuses with 400 what leaves the folder: '..' segments, absolute paths after
   * normalising, NUL bytes, and symbolic links whose target lies outside. The WebDAV server's
   * metadata files are not files of the medium: 404.
   */
  async resolve(mediumId: number, relativePath: string): Promise<string> {
    const segments = relativePath.split(/[\\/]/);
    if (relativePath.includes('\0') || segments.includes('..')) {
      throw new HttpError(400, MESSAGES.files.badPath);
    }
    if (segments.some(isStorageMetadata)) {
      throw new HttpError(404, MESSAGES.files.fileNotFound);
    }
    const folder = await this.ensureFolder(mediumId);
    const target = path.resolve(folder, `.${path.posix.normalize(`/${relativePath}`)}`);
    if (target !== folder && !target.startsWith(`${folder}${path.sep}`)) {
      throw new HttpError(400, MESSAGES.files.badPath);
    }
    // A link inside the folder may point elsewhere: the nearest existing ancestor must resolve
    // inside the folder's own real path.
    const realFolder = await realpath(folder);
    for (let existing = target; ; existing = path.dirname(existing)) {
      try {
        const real = await realpath(existing);
        if (real !== realFolder && !real.startsWith(`${realFolder}${path.sep}`)) {
          throw new HttpError(400, MESSAGES.files.badPath);
        }
        return target;
      } catch (error) {
        if (error instanceof HttpError || existing === folder) {
          throw error;
        }
      }
    }
  }

  /** The streaming renditions of a medium's files (outside its folder: derived, not content). */
  renditionsFolder(mediumId: number): string {
    return path.join(this.renditionsRoot, String(mediumId));
  }

  /** Removes a deleted medium's files, ZIP, renditions and rendered covers. */
  async remove(mediumId: number): Promise<void> {
    await rm(this.folder(mediumId), { recursive: true, force: true });
    await rm(this.renditionsFolder(mediumId), { recursive: true, force: true });
    await rm(this.zipFile(mediumId), { force: true });
    for (const size of COVER_SIZES) {
      await rm(this.coverFile(mediumId, size), { force: true });
    }
  }
}
