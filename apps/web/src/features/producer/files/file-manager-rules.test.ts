import { describe, expect, it } from 'vitest';
import {
  breadcrumbs,
  clampPage,
  failureDetails,
  FILE_UPLOAD_CONCURRENCY,
  FILES_PAGE_SIZE,
  foldersByLevel,
  FOLDER_UPLOAD_CONCURRENCY,
  formatModified,
  indexFileName,
  invalidUploadNames,
  isAlreadyExists,
  isBulkUpload,
  isIndexFile,
  joinPath,
  nameError,
  pageCount,
  pageItems,
  PAGINATION_BOUNDARY_COUNT,
  PAGINATION_SIBLING_COUNT,
  paginationSlots,
  parentPath,
  planFolderUpload,
  sortFileItems,
} from './file-manager-rules.ts';

const entry = (name: string, type: 'file' | 'directory' = 'file') => ({ name, type });

describe('file manager rules', () => {
  it('has the constants of spec 9', () => {
    expect(FILES_PAGE_SIZE).toBe(15);
    expect(FILE_UPLOAD_CONCURRENCY).toBe(20);
    expect(FOLDER_UPLOAD_CONCURRENCY).toBe(10);
    expect(paginationSlots(PAGINATION_BOUNDARY_COUNT, PAGINATION_SIBLING_COUNT)).toBe(7);
    expect(isBulkUpload(10)).toBe(false);
    expect(isBulkUpload(11)).toBe(true);
  });

  it('sorts folders before files, each by name in German order', () => {
    const sorted = sortFileItems([
      entry('zebra.txt'),
      entry('Übung', 'directory'),
      entry('apfel.txt'),
      entry('Äpfel.pdf'),
      entry('bilder', 'directory'),
      entry('Ordner', 'directory'),
    ]);
    expect(sorted.map((item) => item.name)).toEqual([
      'bilder',
      'Ordner',
      'Übung',
      'Äpfel.pdf',
      'apfel.txt',
      'zebra.txt',
    ]);
  });

  it('pages 15 entries at a time and keeps the page within the pages', () => {
    const items = Array.from({ length: 31 }, (_unused, index) => index);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(15)).toBe(1);
    expect(pageCount(16)).toBe(2);
    expect(pageCount(31)).toBe(3);
    expect(pageItems(items, 1)).toEqual(items.slice(0, 15));
    expect(pageItems(items, 3)).toEqual([30]);
    // A delete emptied the last page: the one before shows.
    expect(clampPage(3, 30)).toBe(2);
    expect(clampPage(0, 30)).toBe(1);
    expect(pageItems(items.slice(0, 30), 3)).toEqual(items.slice(15, 30));
  });

  it('joins paths, finds the parent and the breadcrumb segments', () => {
    expect(joinPath('/', 'a.pdf')).toBe('/a.pdf');
    expect(joinPath('/ordner/', 'unter/a.pdf')).toBe('/ordner/unter/a.pdf');
    expect(parentPath('/ordner/unter/a.pdf')).toBe('/ordner/unter');
    expect(parentPath('/a.pdf')).toBe('/');
    expect(parentPath('/')).toBe('/');
    expect(breadcrumbs('/')).toEqual([]);
    expect(breadcrumbs('/ordner/unter')).toEqual([
      { name: 'ordner', path: '/ordner' },
      { name: 'unter', path: '/ordner/unter' },
    ]);
  });

  it('knows the index file by its relative path', () => {
    expect(isIndexFile('/index.html', 'index.html')).toBe(true);
    expect(isIndexFile('/web/index.html', 'web/index.html')).toBe(true);
    expect(isIndexFile('/web/index.html', 'index.html')).toBe(false);
    expect(isIndexFile('/index.html', null)).toBe(false);
    expect(indexFileName('web/start.html')).toBe('start.html');
  });

  it('requires a name without < > : " / \\ | ? *', () => {
    expect(nameError('')).toBe('required');
    expect(nameError('   ')).toBe('required');
    expect(nameError('Neuer Ordner')).toBeNull();
    for (const character of ['<', '>', ':', '"', '/', '\\', '|', '?', '*']) {
      expect(nameError(`a${character}b`)).toBe('invalid');
    }
  });

  it('refuses names longer than the storage takes (243 bytes)', () => {
    expect(nameError('a'.repeat(243))).toBeNull();
    expect(nameError('a'.repeat(244))).toBe('tooLong');
    expect(nameError('ü'.repeat(122))).toBe('tooLong');
  });

  it('names every file without a name or content, the unnamed ones as given', () => {
    expect(
      invalidUploadNames(
        [
          { name: 'gut.pdf', size: 10 },
          { name: 'leer.txt', size: 0 },
          { name: '', size: 5 },
        ],
        'Unbenannt',
      ),
    ).toEqual(['leer.txt', 'Unbenannt']);
    expect(invalidUploadNames([{ name: 'gut.pdf', size: 1 }], 'Unbenannt')).toEqual([]);
  });

  it('plans a folder upload: empty entries dropped, parent folders before children', () => {
    const file = (size: number) => ({ size });
    const plan = planFolderUpload([
      { file: file(3), relativePath: 'Kurs/kapitel1/b.txt' },
      { file: file(0), relativePath: 'Kurs/leer.txt' },
      { file: file(4), relativePath: 'Kurs/a.txt' },
      { file: file(5), relativePath: 'Kurs/kapitel1/bilder/c.png' },
      { file: file(0), relativePath: 'Kurs/nur-leer/d.txt' },
    ]);
    expect(plan?.name).toBe('Kurs');
    expect(plan?.folders).toEqual(['Kurs', 'Kurs/kapitel1', 'Kurs/kapitel1/bilder']);
    expect(plan?.files.map((entry) => entry.relativePath)).toEqual([
      'Kurs/kapitel1/b.txt',
      'Kurs/a.txt',
      'Kurs/kapitel1/bilder/c.png',
    ]);
    expect(planFolderUpload([{ file: file(0), relativePath: 'Kurs/leer.txt' }])).toBeNull();
    expect(planFolderUpload([])).toBeNull();
    expect(foldersByLevel(['a', 'a/b', 'c', 'a/b/d'])).toEqual([['a', 'c'], ['a/b'], ['a/b/d']]);
  });

  it('tolerates a folder that exists already (405, 409 or a message saying so)', () => {
    expect(isAlreadyExists({ status: 405, message: 'Invalid response: 405' })).toBe(true);
    expect(isAlreadyExists({ status: 409, message: '' })).toBe(true);
    expect(isAlreadyExists(new Error('Folder already exists'))).toBe(true);
    expect(isAlreadyExists({ status: 403, message: 'Invalid response: 403 Forbidden' })).toBe(
      false,
    );
    expect(isAlreadyExists(null)).toBe(false);
  });

  it('lists the failures as "{file}: {error}; ..." and cuts after five', () => {
    const results = [
      { file: 'a.pdf', success: true },
      { file: 'b.pdf', success: false, error: 'HTTP 507' },
      { file: 'c.pdf', success: false, error: 'HTTP 413' },
    ];
    expect(failureDetails(results)).toBe('b.pdf: HTTP 507; c.pdf: HTTP 413');
    const many = Array.from({ length: 7 }, (_unused, index) => ({
      file: `${String(index)}.txt`,
      success: false,
      error: 'x',
    }));
    expect(failureDetails(many)).toBe('0.txt: x; 1.txt: x; 2.txt: x; 3.txt: x; 4.txt: x; ...');
  });

  it('shows times in German: day, month, two-digit year, hour, minute', () => {
    const time = new Date(2024, 2, 5, 14, 7).toISOString();
    expect(formatModified(time)).toBe('05.03.24, 14:07');
    expect(formatModified('')).toBe('-');
    expect(formatModified('kein Datum')).toBe('-');
  });
});
