import { isFileNameTooLong, isValidFileName } from '@medienkatalog/domain';

/** Table rows per page (spec 9). */
export const FILES_PAGE_SIZE = 15;
/**
 * MUI pagination shows first and last page, the current one with one neighbour on each side and
 * two ellipses: 2 * boundary + 2 * siblings + 3 = 7 page buttons (spec 9).
 */
export const PAGINATION_BOUNDARY_COUNT = 1;
export const PAGINATION_SIBLING_COUNT = 1;
export const paginationSlots = (boundaries: number, siblings: number) =>
  2 * boundaries + 2 * siblings + 3;
/** Uploads running at once (spec 9). */
export const FILE_UPLOAD_CONCURRENCY = 20;
export const FOLDER_UPLOAD_CONCURRENCY = 10;
/** Above this many uploads the dialog is 'Bulk Upload' and shows a counter (spec 2.7, 9). */
export const BULK_UPLOAD_THRESHOLD = 10;
/** Failures named in the upload failure message; the rest are '...'. */
export const MAX_NAMED_FAILURES = 5;

export const isBulkUpload = (count: number) => count > BULK_UPLOAD_THRESHOLD;

interface Sortable {
  name: string;
  type: 'file' | 'directory';
}

const collator = new Intl.Collator('de');

/** Folders first, then files; each by name in German order (spec 2.7). */
export function sortFileItems<T extends Sortable>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.type === b.type ? collator.compare(a.name, b.name) : a.type === 'directory' ? -1 : 1,
  );
}

export const pageCount = (total: number, pageSize = FILES_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The page (1-based) kept within 1..pageCount, for when a delete empties the last page. */
export const clampPage = (page: number, total: number, pageSize = FILES_PAGE_SIZE) =>
  Math.min(Math.max(1, page), pageCount(total, pageSize));

export function pageItems<T>(items: readonly T[], page: number, pageSize = FILES_PAGE_SIZE): T[] {
  const start = (clampPage(page, items.length, pageSize) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** '/a/b' + 'c' = '/a/b/c'; the root is '/'. */
export function joinPath(folder: string, name: string): string {
  const base = folder.replace(/\/+$/, '');
  return `${base}/${name.replace(/^\/+/, '')}`;
}

/** '/a/b/c' to '/a/b'; '/a' and '/' to '/'. */
export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash <= 0 ? '/' : trimmed.slice(0, slash);
}

/** The path segments after the root, each with the path that opens it. */
export function breadcrumbs(path: string): { name: string; path: string }[] {
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments.map((name, index) => ({
    name,
    path: `/${segments.slice(0, index + 1).join('/')}`,
  }));
}

/** The dirlist's FnIndex is relative ('ordner/index.html'); listing paths start with '/'. */
export const isIndexFile = (fullPath: string, fnIndex: string | null | undefined) =>
  !!fnIndex && fullPath.replace(/^\/+/, '') === fnIndex.replace(/^\/+/, '');

/** The name of the index file, for its chip: the last segment of FnIndex. */
export const indexFileName = (fnIndex: string) => fnIndex.split('/').filter(Boolean).pop() ?? '';

export type NameError = 'required' | 'tooLong' | 'invalid';

/**
 * Folder and rename names: required, at most MAX_FILE_NAME_BYTES, and none of < > : " / \ | ? *
 * (spec 5).
 */
export function nameError(name: string): NameError | null {
  if (name.trim() === '') {
    return 'required';
  }
  if (isFileNameTooLong(name)) {
    return 'tooLong';
  }
  return isValidFileName(name) ? null : 'invalid';
}

interface Selected {
  name: string;
  size: number;
}

/**
 * File upload: files without a name or with size 0 are refused, all of them named at once
 * (spec 5); `unnamed` stands for a missing name. Empty when every file is fine.
 */
export function invalidUploadNames(files: readonly Selected[], unnamed: string): string[] {
  return files.filter((file) => !file.name || file.size === 0).map((file) => file.name || unnamed);
}

export interface FolderUploadFile<T> {
  file: T;
  /** 'Ordner/unter/datei.txt' as the browser gives it. */
  relativePath: string;
}

export interface FolderUploadPlan<T> {
  /** The chosen folder's name (first path segment). */
  name: string;
  /** Every folder to create, parents before children: 'Ordner', 'Ordner/unter', ... */
  folders: string[];
  files: FolderUploadFile<T>[];
}

/**
 * Folder upload (spec 5): drops zero-size entries; null when none remain. The folders come from
 * the files' relative paths, so the tree is made before the files go up.
 */
export function planFolderUpload<T extends { size: number }>(
  entries: readonly FolderUploadFile<T>[],
): FolderUploadPlan<T> | null {
  const files = entries.filter((entry) => entry.file.size > 0);
  const first = files[0];
  if (!first) {
    return null;
  }
  const folders = new Set<string>();
  for (const { relativePath } of files) {
    const segments = relativePath.split('/').filter(Boolean).slice(0, -1);
    segments.forEach((_segment, index) => folders.add(segments.slice(0, index + 1).join('/')));
  }
  const name = first.relativePath.split('/').find(Boolean) ?? '';
  return {
    name,
    folders: [...folders].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b)),
    files,
  };
}

const depth = (path: string) => path.split('/').length;

/** The folders grouped by depth, so each level is made after its parents. */
export function foldersByLevel(folders: readonly string[]): string[][] {
  const levels: string[][] = [];
  for (const folder of folders) {
    const level = depth(folder) - 1;
    (levels[level] ??= []).push(folder);
  }
  return levels.filter((level) => level.length > 0);
}

/** A folder that exists already is fine in a folder upload (spec 8). */
export function isAlreadyExists(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { status, message } = error as { status?: unknown; message?: unknown };
  return (
    status === 405 || status === 409 || (typeof message === 'string' && message.includes('exists'))
  );
}

export interface UploadResult {
  file: string;
  success: boolean;
  error?: string;
}

/** '{file}: {error}; {file}: {error}; ...' of the failed uploads (spec 8). */
export function failureDetails(
  results: readonly UploadResult[],
  max: number = MAX_NAMED_FAILURES,
): string {
  const failed = results.filter((result) => !result.success);
  const named = failed.slice(0, max).map((result) => `${result.file}: ${result.error ?? ''}`);
  return failed.length > max ? `${named.join('; ')}; ...` : named.join('; ');
}

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** '05.03.24, 14:07' (spec 9: day, month, two-digit year, hour, minute); '-' without a time. */
export function formatModified(iso: string): string {
  const date = new Date(iso);
  return iso === '' || Number.isNaN(date.getTime()) ? '-' : dateFormat.format(date);
}
