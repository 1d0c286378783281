import {
  contentTypeOf,
  fileExtension,
  formatFileSize,
  type Dirlist,
  type ZipInfo,
} from '@medienkatalog/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { FileStat, WebDAVClient } from 'webdav';
import { apiFetch, ApiError, apiJson, csrfHeaders } from './http.ts';

/** One entry of a folder listing (spec 3.3). */
export interface FileItem {
  name: string;
  /** The folder holding the entry, from the storage root: '/' or '/unterordner'. */
  path: string;
  /** The entry itself, from the storage root: '/unterordner/datei.pdf'. */
  fullPath: string;
  type: 'file' | 'directory';
  size: number;
  /** ISO time, '' when the storage tells none. */
  lastModified: string;
  mimeType: string;
  extension: string;
  /** '1.50 MB'; '-' for folders. */
  formattedSize: string;
}

export type { Dirlist, ZipInfo };

export const MEDIA_FILES_KEY = 'media-files';

const encoded = (identifier: string) => encodeURIComponent(identifier);
const dirlistPath = (identifier: string) => `/api/v1/producer/media/${encoded(identifier)}/dirlist`;

/** A path inside the medium's storage without its leading slash: 'unterordner/datei.pdf'. */
export const relativePath = (path: string) => path.replace(/^\/+/, '');

/** GET .../mediafiles/download/{identifier}?path=...: the file as an attachment (row download). */
export const fileDownloadUrl = (identifier: string, path: string) =>
  `/api/v1/producer/mediafiles/download/${encoded(identifier)}?path=${encodeURIComponent(relativePath(path))}`;

/** An error of the file storage: 'Failed to list files: ...', with the storage's status. */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** Wraps a storage failure as 'Failed to {action}: {msg}' (spec 8); aborts pass through as is. */
export function storageError(action: string, error: unknown): Error {
  if (error instanceof DOMException && error.name === 'AbortError') {
    return error;
  }
  return new StorageError(`Failed to ${action}: ${errorMessage(error)}`, statusOf(error));
}

/** Maps a WebDAV entry to a listing item (spec 3.3). */
export function toFileItem(stat: FileStat): FileItem {
  const fullPath = `/${relativePath(stat.filename)}`;
  const folder = fullPath.slice(0, fullPath.lastIndexOf('/')) || '/';
  const isFolder = stat.type === 'directory';
  const modified = new Date(stat.lastmod);
  return {
    name: stat.basename,
    path: folder,
    fullPath,
    type: stat.type,
    size: isFolder ? 0 : stat.size,
    lastModified: Number.isNaN(modified.getTime()) ? '' : modified.toISOString(),
    mimeType: isFolder ? '' : (stat.mime ?? contentTypeOf(stat.basename)),
    extension: isFolder ? '' : fileExtension(stat.basename),
    formattedSize: isFolder ? '-' : formatFileSize(stat.size),
  };
}

/** GET /api/v1/producer/mediafiles/webdav/{identifier}: the storage url, absolute, with a slash. */
export async function fetchStorageUrl(identifier: string): Promise<string> {
  try {
    const { url } = await apiJson<{ url: string }>(
      `/api/v1/producer/mediafiles/webdav/${encoded(identifier)}`,
    );
    const absolute = new URL(url, window.location.origin).href;
    return absolute.endsWith('/') ? absolute : `${absolute}/`;
  } catch (error) {
    throw new Error(`Failed to get WebDAV URL: ${errorMessage(error)}`);
  }
}

/** The WebDAV operations on one medium's files (spec 7.2); every failure is a wrapped error. */
export interface FileStorage {
  /** Depth 1: the entries of one folder. */
  list(path: string): Promise<FileItem[]>;
  /**
   * PUT with the content type by extension; false when `overwrite: false` met an existing file.
   * `kind: 'image'` (the teaser) names a failure 'Failed to upload image: ...' (spec 8).
   */
  put(
    path: string,
    file: Blob,
    options?: { overwrite?: boolean; signal?: AbortSignal; kind?: 'file' | 'image' },
  ): Promise<boolean>;
  remove(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  stat(path: string): Promise<FileItem>;
  move(from: string, to: string, options?: { overwrite?: boolean }): Promise<void>;
  copy(from: string, to: string, options?: { overwrite?: boolean }): Promise<void>;
  exists(path: string): Promise<boolean>;
}

const encodePath = (path: string) =>
  relativePath(path).split('/').map(encodeURIComponent).join('/');

function createFileStorage(identifier: string): FileStorage {
  let connection: Promise<{ base: string; client: WebDAVClient }> | null = null;
  const connect = () => {
    if (!connection) {
      // The client library is loaded with the first file operation, not with the app.
      const attempt = Promise.all([fetchStorageUrl(identifier), import('webdav')]).then(
        ([base, webdav]) => ({ base, client: webdav.createClient(base) }),
      );
      // A failed connection is asked again next time.
      attempt.catch(() => {
        if (connection === attempt) {
          connection = null;
        }
      });
      connection = attempt;
    }
    return connection;
  };
  /** Runs one operation, wrapping its failure (the url fetch's included) for `action`. */
  const run = async <T>(
    action: string,
    operation: (client: WebDAVClient, base: string) => Promise<T>,
  ): Promise<T> => {
    try {
      const { base, client } = await connect();
      return await operation(client, base);
    } catch (error) {
      throw storageError(action, error);
    }
  };
  // The CSRF token is read at call time: the cookie may be renewed while the panel is open.
  const writeOptions = async () => ({ headers: await csrfHeaders() });

  return {
    list: (path) =>
      run('list files', async (client) =>
        (await client.getDirectoryContents(path || '/')).map(toFileItem),
      ),
    // The webdav client turns a Blob body into JSON ('{}') and reports no upload progress, so a
    // file goes by fetch: the browser streams it from disk and sets its length itself.
    put: (path, file, { overwrite = true, signal, kind = 'file' } = {}) =>
      run(`upload ${kind}`, async (_client, base) => {
        if (!(file instanceof Blob)) {
          throw new Error('Invalid file object');
        }
        if (file.size === 0) {
          throw new Error('Cannot upload empty file');
        }
        const response = await fetch(`${base}${encodePath(path)}`, {
          method: 'PUT',
          credentials: 'same-origin',
          headers: {
            ...(await csrfHeaders()),
            'Content-Type': contentTypeOf(path),
            ...(overwrite ? {} : { 'If-None-Match': '*' }),
          },
          body: file,
          ...(signal ? { signal } : {}),
        });
        if (response.status === 412 && !overwrite) {
          return false;
        }
        if (!response.ok) {
          throw new StorageError(`HTTP ${String(response.status)}`, response.status);
        }
        return true;
      }),
    remove: (path) =>
      run('delete file', async (client) => {
        await client.deleteFile(path, await writeOptions());
      }),
    mkdir: (path) =>
      run('create directory', async (client) => {
        await client.createDirectory(path, await writeOptions());
      }),
    stat: (path) =>
      run('get file information', async (client) =>
        toFileItem((await client.stat(path)) as FileStat),
      ),
    move: (from, to, { overwrite = true } = {}) =>
      run('move file', async (client) => {
        await client.moveFile(from, to, { ...(await writeOptions()), overwrite });
      }),
    copy: (from, to, { overwrite = true } = {}) =>
      run('copy file', async (client) => {
        await client.copyFile(from, to, { ...(await writeOptions()), overwrite });
      }),
    exists: (path) => run('get file information', (client) => client.exists(path)),
  };
}

const storages = new Map<string, FileStorage>();

/** The storage of one medium; one client per media id for the page's life (spec 7.2). */
export function fileStorage(identifier: string): FileStorage {
  let storage = storages.get(identifier);
  if (!storage) {
    storage = createFileStorage(identifier);
    storages.set(identifier, storage);
  }
  return storage;
}

/** The entries of one folder of the medium's files. */
export const filesQueryOptions = (identifier: string, path: string) =>
  queryOptions({
    queryKey: [MEDIA_FILES_KEY, identifier, 'list', path],
    queryFn: () => fileStorage(identifier).list(path),
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useFileList = (identifier: string, path: string) =>
  useQuery({ ...filesQueryOptions(identifier, path), enabled: identifier !== '' });

/** GET .../dirlist: null when the medium has none yet (404). */
export async function fetchDirlist(identifier: string): Promise<Dirlist | null> {
  try {
    return await apiJson<Dirlist>(dirlistPath(identifier));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return null;
    }
    throw error;
  }
}

export const dirlistQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: [MEDIA_FILES_KEY, identifier, 'dirlist'],
    queryFn: () => fetchDirlist(identifier),
    refetchOnWindowFocus: false,
  });

export const useDirlist = (identifier: string) =>
  useQuery({ ...dirlistQueryOptions(identifier), enabled: identifier !== '' });

/**
 * Reloads every listing and the dirlist of the medium (after uploads, renames, deletes). A first
 * listing still under way answers from before the change (invalidating would only wait for
 * it): it is cancelled and asked again.
 */
export async function invalidateMediaFiles(client: QueryClient, identifier: string) {
  const queryKey = [MEDIA_FILES_KEY, identifier];
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}

/** PUT .../dirlist/index with fn_index: the index file's path from the storage root. */
export async function setIndexFile(identifier: string, fnIndex: string): Promise<void> {
  await apiFetch(`${dirlistPath(identifier)}/index`, {
    method: 'PUT',
    body: { fn_index: fnIndex },
  });
}

export function useSetIndexFile(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fnIndex: string) => setIndexFile(identifier, fnIndex),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: dirlistQueryOptions(identifier).queryKey }),
  });
}

/** POST .../dirlist/zip: (re)builds the ZIP of the medium and answers its name, size and hash. */
export const refreshZip = (identifier: string) =>
  apiJson<ZipInfo>(`${dirlistPath(identifier)}/zip`, { method: 'POST' });

export function useRefreshZip(identifier: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => refreshZip(identifier),
    onSuccess: (zip) => {
      client.setQueryData(dirlistQueryOptions(identifier).queryKey, (dirlist) => ({
        FnIndex: dirlist?.FnIndex ?? null,
        FnZip: zip.fn_zip,
        FnSize: zip.fn_size,
        FnZiphash: zip.fn_ziphash,
      }));
    },
  });
}

/**
 * GET /api/v1/producer/media/{id}/files/link: a signed address that shows one file as users see
 * it ('Im Browser öffnen'): web pages and SVGs run sandboxed on it, never in the app's origin.
 */
export async function fetchFileLink(identifier: string, path: string): Promise<string> {
  const response = await fetch(
    `/api/v1/producer/media/${encodeURIComponent(identifier)}/files/link?path=${encodeURIComponent(path)}`,
    { credentials: 'same-origin', headers: { Accept: 'application/json' } },
  );
  if (!response.ok) {
    throw new Error(`HTTP ${String(response.status)}`);
  }
  return ((await response.json()) as { url: string }).url;
}
