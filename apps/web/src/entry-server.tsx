/**
 * The server's render of the storefront (`/`, `/search`, a medium's page) for visitors: the same
 * routes, pages and first answers as the app, rendered to HTML so that the first covers paint
 * before the app's code has arrived. The app then takes the page over (`app/start.tsx`). Built with
 * `vite build --ssr` into `dist-ssr/`; the server's storefront module calls it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WindowLike } from 'dompurify';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/http.ts';
import { MEDIUM_KEY } from './api/medium.ts';
import { USER_INFO_KEY } from './api/user.ts';
import { routes } from './app/router.tsx';
import { theme } from './app/theme.ts';
import {
  createAppQueryClient,
  SERVER_STATE_ID,
  serverStateText,
} from './app/server-rendered-state.ts';
import { i18next } from './i18n/i18n.ts';
import { setSanitizerWindow } from './lib/sanitize.ts';
import { ServerPageTitle } from './lib/use-page-title.ts';

export interface StorefrontRenderer {
  /** The page at `url` (path and query), or where a redirect leads. */
  render(url: string): Promise<StorefrontPage | { redirect: string }>;
}

export interface StorefrontPage {
  status: number;
  title: string;
  /** Style elements for the head: the page's critical CSS. */
  styles: string;
  /** The markup inside `#root`. */
  html: string;
  /** What the app takes over (its query cache, the router's state): a JSON data block. */
  stateBlock: string;
}

export interface StorefrontOptions {
  /** Answers an API call (path and query) as it would a visitor's, in-process. */
  api: (path: string, init: RequestInit) => Promise<Response>;
  /** A DOM window for sanitising titles (jsdom's). */
  window: WindowLike;
  /** The origin the request URLs are resolved against. */
  origin: string;
}

/** Resolves once no query of the cache is fetching (the routes' loaders do not wait). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() === 0) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/** 404 for the page of a medium that is not there (its answer is null). */
const statusOf = (queryClient: QueryClient) =>
  queryClient.getQueriesData({ queryKey: [MEDIUM_KEY] }).some(([, medium]) => medium === null)
    ? 404
    : 200;

/** A failed answer: the app's own page asks again, rather than showing the failure at once. */
function throwIfFailed(queryClient: QueryClient) {
  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.error !== null });
  if (failed.length > 0) {
    throw new Error(`Failed answers: ${failed.map((query) => query.queryHash).join(', ')}`);
  }
}

/** React's mark of a part it could not render on the server (its code was still loading). */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * Renders again while lazily loaded parts (the subject icons) were still loading: their code is
 * bundled with this entry and there in a moment, and then stays loaded for every later page.
 */
async function renderLoaded(render: () => string): Promise<string> {
  let html = render();
  for (let attempt = 0; html.includes(CLIENT_RENDERED) && attempt < 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    html = render();
  }
  return html;
}

export function createStorefrontRenderer(options: StorefrontOptions): StorefrontRenderer {
  setApiTransport(options.api);
  setSanitizerWindow(options.window);
  return {
    async render(url) {
      const queryClient = createAppQueryClient();
      // A failed answer fails the render at once (the server then sends the app's own page).
      queryClient.setDefaultOptions({
        queries: { ...queryClient.getDefaultOptions().queries, retry: false },
      });
      // The server renders for visitors only: nobody is signed in.
      queryClient.setQueryData(USER_INFO_KEY, null);
      const appRoutes = routes(queryClient);
      const handler = createStaticHandler(appRoutes);
      const context = await handler.query(new Request(new URL(url, options.origin)));
      if (context instanceof Response) {
        return { redirect: context.headers.get('Location') ?? '/' };
      }
      await settled(queryClient);
      throwIfFailed(queryClient);
      const router = createStaticRouter(handler.dataRoutes, context);
      let title = i18next.t('app.title');
      const recordTitle = (pageTitle: string) => {
        title = pageTitle;
      };
      const cache = createCache({ key: 'css' });
      const emotion = createEmotionServer(cache);
      const html = await renderLoaded(() =>
        renderToString(
          <StrictMode>
            <CacheProvider value={cache}>
              <ThemeProvider theme={theme}>
                <CssBaseline />
                <QueryClientProvider client={queryClient}>
                  <ServerPageTitle value={recordTitle}>
                    <StaticRouterProvider router={router} context={context} hydrate={false} />
                  </ServerPageTitle>
                </QueryClientProvider>
              </ThemeProvider>
            </CacheProvider>
          </StrictMode>,
        ),
      );
      return {
        status: context.statusCode === 200 ? statusOf(queryClient) : context.statusCode,
        title,
        styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
        html,
        stateBlock: `<script type="application/json" id="${SERVER_STATE_ID}">${serverStateText({
          queries: dehydrate(queryClient),
          router: {
            loaderData: context.loaderData,
            actionData: context.actionData,
            errors: context.errors,
          },
        })}</script>`,
      };
    },
  };
}
