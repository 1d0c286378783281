import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMediaLinks } from './media-link.ts';
import {
  fetchDirlist,
  fetchStorageUrl,
  fileDownloadUrl,
  fileStorage,
  invalidateMediaFiles,
  MEDIA_FILES_KEY,
  StorageError,
  storageError,
  toFileItem,
} from './media-files.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('media files api', () => {
  it('maps a WebDAV entry to a listing item (spec 3.3)', () => {
    expect(
      toFileItem({
        filename: '/kapitel/Film.MP4',
        basename: 'Film.MP4',
        lastmod: 'Tue, 05 Mar 2024 13:07:00 GMT',
        size: 1536,
        type: 'file',
        etag: null,
      }),
    ).toEqual({
      name: 'Film.MP4',
      path: '/kapitel',
      fullPath: '/kapitel/Film.MP4',
      type: 'file',
      size: 1536,
      lastModified: '2024-03-05T13:07:00.000Z',
      mimeType: 'video/mp4',
      extension: 'mp4',
      formattedSize: '1.50 KB',
    });
    const folder = toFileItem({
      filename: '/bilder',
      basename: 'bilder',
      lastmod: '',
      size: 0,
      type: 'directory',
      etag: null,
    });
    expect(folder).toMatchObject({ path: '/', fullPath: '/bilder', formattedSize: '-' });
    expect(folder.lastModified).toBe('');
  });

  it('wraps storage failures as "Failed to {action}: {msg}" with their status', () => {
    const error = storageError(
      'list files',
      Object.assign(new Error('Invalid response: 403 Forbidden'), { status: 403 }),
    );
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).toBe('Failed to list files: Invalid response: 403 Forbidden');
    expect(error).toMatchObject({ status: 403 });
    const abort = new DOMException('Aborted', 'AbortError');
    expect(storageError('upload file', abort)).toBe(abort);
  });

  it('asks for the storage url and makes it absolute with a slash', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (input: string) => {
      calls.push(input);
      return Promise.resolve(json({ url: '/dav/FWU-5501' }));
    });
    await expect(fetchStorageUrl('FWU-5501')).resolves.toBe(
      `${window.location.origin}/dav/FWU-5501/`,
    );
    expect(calls).toEqual(['/api/v1/producer/mediafiles/webdav/FWU-5501']);
    vi.stubGlobal('fetch', () => Promise.resolve(json({ message: 'Nein' }, 403)));
    await expect(fetchStorageUrl('FWU-5501')).rejects.toThrow('Failed to get WebDAV URL: Nein');
  });

  it('names a failed upload after what it uploads, with the HTTP status', async () => {
    const puts: string[] = [];
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(input);
        return Promise.resolve(new Response('', { status: 507 }));
      }
      return Promise.resolve(json({ url: '/dav/FWU-5502/' }));
    });
    const storage = fileStorage('FWU-5502');
    const image = new Blob(['webp'], { type: 'image/webp' });
    await expect(storage.put('thumbs/main.webp', image, { kind: 'image' })).rejects.toThrow(
      'Failed to upload image: HTTP 507',
    );
    await expect(storage.put('film.mp4', new Blob(['mp4']))).rejects.toMatchObject({
      message: 'Failed to upload file: HTTP 507',
      status: 507,
    });
    expect(puts).toEqual([
      `${window.location.origin}/dav/FWU-5502/thumbs/main.webp`,
      `${window.location.origin}/dav/FWU-5502/film.mp4`,
    ]);
  });

  it('answers null for a dirlist the server does not have', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ message: 'Nicht gefunden' }, 404)));
    await expect(fetchDirlist('FWU-1')).resolves.toBeNull();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(json({ FnIndex: 'index.html', FnZip: null, FnSize: null, FnZiphash: null })),
    );
    await expect(fetchDirlist('FWU-1')).resolves.toMatchObject({ FnIndex: 'index.html' });
  });

  it('fails a link call with "HTTP {status}"', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('kaputt', { status: 502 })));
    await expect(fetchMediaLinks('FWU-1')).rejects.toThrow('HTTP 502');
  });

  it('builds the producer download url with the path from the storage root', () => {
    expect(fileDownloadUrl('FWU-1', '/kapitel 1/ä.pdf')).toBe(
      '/api/v1/producer/mediafiles/download/FWU-1?path=kapitel%201%2F%C3%A4.pdf',
    );
  });
});

describe('invalidateMediaFiles', () => {
  it('asks again for a first listing that was still under way when the files changed', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = [MEDIA_FILES_KEY, 'FWU-1', 'list', '/'];
    const answers: ((names: string[]) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () =>
        new Promise<string[]>((resolve) => {
          answers.push(resolve);
        }),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => {
      expect(answers).toHaveLength(1);
    });
    // An upload finishes while the first listing (from before it) is still under way.
    const reloaded = invalidateMediaFiles(client, 'FWU-1');
    answers[0]?.([]);
    await vi.waitFor(() => {
      expect(answers).toHaveLength(2);
    });
    answers[1]?.(['film.mp4']);
    await reloaded;
    expect(client.getQueryData(key)).toEqual(['film.mp4']);
    unsubscribe();
  });
});
