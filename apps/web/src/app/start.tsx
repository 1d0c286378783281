import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { createRouter, routes } from './router.tsx';
import { createAppQueryClient, readServerRenderedState } from './server-rendered-state.ts';
import { theme } from './theme.ts';
import '../i18n/i18n.ts';

/** Loads the code of the routes a page shows, so that their first render is the server's. */
async function loadRoutesOf(appRoutes: RouteObject[]) {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') {
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }
    }),
  );
}

/** Renders the app, or takes over the page the server rendered. */
export async function start() {
  const root = document.getElementById('root');
  if (!root) {
    throw new Error('Element #root fehlt.');
  }
  const queryClient = createAppQueryClient();
  const appRoutes = routes(queryClient);
  const serverState = readServerRenderedState();
  if (serverState) {
    hydrate(queryClient, serverState.queries);
    await loadRoutesOf(appRoutes);
  }
  const app = (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createRouter(queryClient, appRoutes, serverState?.router)} />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
  // As a transition: React renders (or takes over the server's page) in slices between which
  // the browser stays responsive, instead of in one long task.
  startTransition(() => {
    if (serverState) {
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(app);
    }
  });
}
