import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { USER_INFO_KEY } from '../api/user.ts';
import { theme } from '../app/theme.ts';
import { LoginPromptProvider } from '../components/login-prompt.tsx';

/**
 * Renders a component inside the app's providers at `path`, with a query cache prepared by
 * `prepare` (no network: the cache holds what a test is about). `/login/` renders a marker so
 * tests can see where a navigation went.
 */
export function renderInApp(
  ui: ReactNode,
  { path = '/', prepare }: { path?: string; prepare?: (client: QueryClient) => void } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(USER_INFO_KEY, null);
  prepare?.(client);
  const router = createMemoryRouter(
    [
      { path: '/login/', element: <p>Anmeldeseite</p> },
      { path: '*', element: <LoginPromptProvider>{ui}</LoginPromptProvider> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, client };
}
