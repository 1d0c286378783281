import {
  mkdir,
  open,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import { COVER_SIZES, TEASER_FILES, type CoverSize } from '@medienkatalog/domain';
import type { FastifyBaseLogger } from 'fastify';
import { permits, type AccessPolicy, type Actor } from '../auth/policies.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { temporaryPathFor } from '../files/stale-files.ts';
import { coverDimensions } from './cover-address.ts';
import { MAX_SOURCE_BYTES, renderCover, renderPlaceholder } from './cover-renderer.ts';

export interface CoverQuery {
  size: CoverSize;
  /** Upper-cased. */
  identifier: string;
  /** Render again although cached: honoured for the producer who owns the medium only. */
  nocache: boolean;
  /** Who asks; called only when the answer depends on it (drafts, nocache). */
  viewer: () => Promise<Actor>;
  log: FastifyBaseLogger;
}

/** A rendered cover: from the cache file (open, to be streamed) or freshly rendered. */
export interface Cover {
  kind: 'cover';
  body: { file: FileHandle } | { buffer: Buffer };
  bytes: number;
  /** The teaser's modification time (the cache file carries the same). */
  lastModified: Date;
  etag: string;
  /** Published: anyone may see it and caches may share it. */
  shared: boolean;
  /** nocache was honoured: the cover was rendered again. */
  rerendered: boolean;
}

/** The generated image of a medium without a visible teaser (unknown, hidden or broken too). */
export interface Placeholder {
  kind: 'placeholder';
  buffer: Buffer;
  etag: string;
}

interface Teaser {
  file: string;
  name: (typeof TEASER_FILES)[number];
  mtimeMs: number;
  bytes: number;
}

/**
 * The cover service: renders a medium's teaser at one of the cover sizes and keeps the result
 * in DATA_DIR/covers/{WxH}/{media id}.jpg. The cache file carries the teaser's modification
 * time and is used while the teaser's time still matches it, so a replaced teaser (also one
 * with an older time, or a main.webp that now hides main.png) is rendered again. Files are
 * named by the medium's database id like its folder: the identifier changes with the number
 * and may later name another medium.
 */
export class ImageService {
  private readonly renders = new Map<string, Promise<Buffer>>();
  private readonly placeholders = new Map<CoverSize, Promise<Buffer>>();

  constructor(
    private readonly storage: FileStorage,
    private readonly policy: AccessPolicy,
  ) {}

  async cover(query: CoverQuery): Promise<Cover | Placeholder> {
    const medium = await this.policy.visibleMedium(query.viewer, 'see', query.identifier);
    if (!medium) {
      // Unknown, or a draft of somebody else's: the same answer, so nobody learns it exists.
      return this.placeholder(query.size);
    }
    const published = medium.fn_status === 'published';
    const teaser = await this.findTeaser(medium.id);
    if (!teaser) {
      return this.placeholder(query.size);
    }
    if (teaser.bytes > MAX_SOURCE_BYTES) {
      query.log.warn({ medium: medium.identifier, bytes: teaser.bytes }, 'Teaser too large');
      return this.placeholder(query.size);
    }
    const rerender = query.nocache && permits(await query.viewer(), 'manage', medium);
    const cacheFile = this.storage.coverFile(medium.id, query.size);
    const lastModified = new Date(teaser.mtimeMs);
    if (!rerender) {
      const cached = await openCurrent(cacheFile, teaser.mtimeMs);
      if (cached) {
        return {
          kind: 'cover',
          body: { file: cached.file },
          bytes: cached.bytes,
          lastModified,
          etag: entityTag(teaser.mtimeMs, cached.bytes),
          shared: published,
          rerendered: false,
        };
      }
    }
    let buffer: Buffer;
    try {
      buffer = await this.render(medium.id, teaser, query.size, cacheFile);
    } catch (error) {
      query.log.warn(
        { err: error, medium: medium.identifier, teaser: teaser.name },
        'Teaser could not be rendered; answering the placeholder',
      );
      return this.placeholder(query.size);
    }
    return {
      kind: 'cover',
      body: { buffer },
      bytes: buffer.length,
      lastModified,
      etag: entityTag(teaser.mtimeMs, buffer.length),
      shared: published,
      rerendered: rerender,
    };
  }

  /** The placeholder at a size: drawn once per size, then kept in memory (eight at most). */
  async placeholder(size: CoverSize): Promise<Placeholder> {
    let pending = this.placeholders.get(size);
    if (!pending) {
      const { width, height } = coverDimensions(size);
      pending = renderPlaceholder(width, height);
      this.placeholders.set(size, pending);
      pending.catch(() => {
        this.placeholders.delete(size);
      });
    }
    return { kind: 'placeholder', buffer: await pending, etag: `"placeholder-${size}"` };
  }

  /**
   * Renders the teaser at every cover size whose cache file is missing or older (the queue's
   * cover job, after a teaser upload or a poster frame); answers how many it rendered. Requests
   * for a cover not yet rendered render it themselves.
   */
  async prerender(mediumId: number): Promise<number> {
    const teaser = await this.findTeaser(mediumId);
    if (!teaser || teaser.bytes > MAX_SOURCE_BYTES) {
      return 0;
    }
    let rendered = 0;
    for (const size of COVER_SIZES) {
      const cacheFile = this.storage.coverFile(mediumId, size);
      const cached = await openCurrent(cacheFile, teaser.mtimeMs);
      if (cached) {
        await cached.file.close();
        continue;
      }
      await this.render(mediumId, teaser, size, cacheFile);
      rendered += 1;
    }
    return rendered;
  }

  private async findTeaser(mediumId: number): Promise<Teaser | undefined> {
    const folder = this.storage.folder(mediumId);
    for (const name of TEASER_FILES) {
      const file = path.join(folder, name);
      try {
        const info = await stat(file);
        if (info.isFile()) {
          return { file, name, mtimeMs: info.mtimeMs, bytes: info.size };
        }
      } catch {
        // Not there: the next name.
      }
    }
    return undefined;
  }

  /**
   * Renders and writes the cache file (a temporary file renamed into place, so readers see the
   * old file or the new one, never half of one). Concurrent requests for the same cover of
   * the same teaser share one render; a render of a since replaced teaser is not joined.
   */
  private render(
    mediumId: number,
    teaser: Teaser,
    size: CoverSize,
    cacheFile: string,
  ): Promise<Buffer> {
    const key = `${cacheFile}|${teaser.name}|${String(teaser.mtimeMs)}`;
    const running = this.renders.get(key);
    if (running) {
      return running;
    }
    const work = (async () => {
      // The teaser must really lie inside the medium's folder (no link out of it).
      const source = await this.storage.resolve(mediumId, teaser.name);
      const { width, height } = coverDimensions(size);
      const buffer = await renderCover(source, width, height);
      await mkdir(path.dirname(cacheFile), { recursive: true });
      const temporary = temporaryPathFor(cacheFile);
      try {
        await writeFile(temporary, buffer);
        const time = new Date(teaser.mtimeMs);
        await utimes(temporary, time, time);
        await rename(temporary, cacheFile);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return buffer;
    })();
    this.renders.set(key, work);
    const forget = () => {
      this.renders.delete(key);
    };
    work.then(forget, forget);
    return work;
  }
}

/** The cache file, opened, when it was rendered from the teaser of this modification time. */
async function openCurrent(
  cacheFile: string,
  teaserMtimeMs: number,
): Promise<{ file: FileHandle; bytes: number } | undefined> {
  let file: FileHandle;
  try {
    file = await open(cacheFile, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = await file.stat();
    // Below a millisecond: file systems keep times at different precisions.
    if (Math.abs(info.mtimeMs - teaserMtimeMs) < 1 && info.size > 0) {
      return { file, bytes: info.size };
    }
  } catch {
    // Unreadable: rendered again below.
  }
  await file.close();
  return undefined;
}

const entityTag = (mtimeMs: number, bytes: number) =>
  `"${Math.trunc(mtimeMs).toString(36)}-${bytes.toString(36)}"`;
