import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaListQueryOptions } from '../api/media-list.ts';
import { mediumQueryOptions } from '../api/medium.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { createRouter } from './router.tsx';

/** The router of the app at `path`, once its first route has loaded (code and loaders). */
async function startAt(path: string, answer: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch(answer);
  window.history.replaceState(null, '', path);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter(client);
  await new Promise<void>((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
  return { calls, client, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storefront routes: the first answer is asked for with the page code', () => {
  it('a search page asks for its first page of results once, into the cache the page reads', async () => {
    const { calls, client, router } = await startAt('/search?q=Wasser&geb=280', () =>
      jsonResponse([]),
    );
    const listUrl = '/api/v1/media/catalogue/search?q=Wasser&filter_fn_geb=280*';
    expect(calls.map((call) => call.url)).toEqual([`${listUrl}&p=0`]);
    await vi.waitFor(() => {
      expect(client.getQueryData(mediaListQueryOptions(listUrl).queryKey)?.pages).toHaveLength(1);
    });
    router.dispose();
  });

  it('a medium page asks for its medium; a failed answer stays in the cache for the page to show', async () => {
    const ok = await startAt('/marketplace/FWU-4600018', () =>
      jsonResponse({ identifier: 'FWU-4600018' }),
    );
    await vi.waitFor(() => {
      expect(ok.client.getQueryData(mediumQueryOptions('FWU-4600018').queryKey)).toEqual({
        identifier: 'FWU-4600018',
      });
    });
    expect(ok.router.state.errors).toBeNull();
    ok.router.dispose();

    const failed = await startAt('/media/FWU-4600018', () =>
      jsonResponse({ error: 'Internal', message: 'Fehler' }, 500),
    );
    await vi.waitFor(() => {
      expect(failed.client.getQueryState(mediumQueryOptions('FWU-4600018').queryKey)?.status).toBe(
        'error',
      );
    });
    expect(failed.router.state.errors).toBeNull();
    failed.router.dispose();
  });
});
