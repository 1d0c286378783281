import type { Stats } from 'node:fs';
import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';
import { isTeaserPath } from '@medienkatalog/domain';
import { isStorageMetadata } from './file-storage.ts';

/** One entry of a medium's folder; `path` is relative, with '/' between segments. */
export interface WalkEntry {
  path: string;
  absolute: string;
  kind: 'file' | 'directory';
  stats: Stats;
}

/**
 * Every file and folder below `root`, depth first in name order, one directory handle open at
 * a time. Symbolic links are skipped (they may point anywhere); so is anything that is neither
 * a file nor a folder, and the WebDAV server's metadata files. A missing root yields nothing.
 */
export async function* walkFolder(root: string, prefix = ''): AsyncGenerator<WalkEntry> {
  let names: string[];
  try {
    names = [];
    for await (const entry of await opendir(root)) {
      names.push(entry.name);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') {
      return;
    }
    throw error;
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names.filter((entry) => !isStorageMetadata(entry))) {
    const absolute = path.join(root, name);
    const relative = prefix === '' ? name : `${prefix}/${name}`;
    const stats = await lstat(absolute);
    if (stats.isFile()) {
      yield { path: relative, absolute, kind: 'file', stats };
    } else if (stats.isDirectory()) {
      yield { path: relative, absolute, kind: 'directory', stats };
      yield* walkFolder(absolute, relative);
    }
  }
}

/**
 * What users get of a medium's folder (its ZIP, its play and download links): every entry but
 * the teaser's folder, which holds the producer's cover image.
 */
export async function* walkContent(root: string): AsyncGenerator<WalkEntry> {
  for await (const entry of walkFolder(root)) {
    if (!isTeaserPath(entry.path)) {
      yield entry;
    }
  }
}

/**
 * The content's files, up to `limit` of them (to tell "none", "exactly one" and "several"),
 * without those `skip` names.
 */
export async function someFiles(
  root: string,
  limit: number,
  skip: (relativePath: string) => boolean = () => false,
): Promise<WalkEntry[]> {
  const found: WalkEntry[] = [];
  for await (const entry of walkContent(root)) {
    if (entry.kind === 'file' && !skip(entry.path)) {
      found.push(entry);
      if (found.length >= limit) {
        break;
      }
    }
  }
  return found;
}
