import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_LIST_KEY } from '../api/media-list.ts';
import { USER_INFO_KEY } from '../api/user.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { Shell } from './shell.tsx';
import { theme } from './theme.ts';

const teacher = {
  email: 'anna@schule.example',
  vorname: 'Anna',
  name: 'Lehmann',
  role: 'L',
  school_admin: '',
  district_admin: '',
  klassenID: '',
  schulname: '',
  show_jitsi: false,
  type: '',
  context: '',
};

/** A page showing a list, which a logout fetches again. */
function ListPage() {
  const list = useQuery({
    queryKey: [MEDIA_LIST_KEY, '/api/v1/user/wishlist'],
    queryFn: async (): Promise<unknown> => (await fetch('/api/v1/user/wishlist')).json(),
  });
  return <p>Merkliste {list.isFetching ? 'lädt' : 'geladen'}</p>;
}

function renderShell(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(USER_INFO_KEY, teacher);
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <p>Startseite</p> },
          { path: '/wishlist', element: <ListPage /> },
          { path: '/profile', element: <p>Profilseite</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Shell: the user menu (its entries load when it is first opened)', () => {
  it('leads to the profile', async () => {
    stubFetch(() => jsonResponse({}));
    const router = renderShell('/');
    await userEvent.click(screen.getByRole('button', { name: 'Benutzermenü von Anna Lehmann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Profil' }));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('logs out and leads to the marketplace, where the login link shows', async () => {
    const calls: string[] = [];
    // The lists fetched again after the logout answer late, as over a network: the menu's
    // entries are gone by then, the way to the marketplace must not be.
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (init.method === undefined || init.method === 'GET') {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return jsonResponse({});
    });
    const router = renderShell('/wishlist');
    await userEvent.click(screen.getByRole('button', { name: 'Benutzermenü von Anna Lehmann' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeVisible();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(calls).toContain('POST /api/v1/auth/logout');
  });
});
