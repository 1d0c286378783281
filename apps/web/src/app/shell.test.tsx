import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_LIST_KEY } from '../api/media-list.ts';
import { USER_INFO_KEY } from '../api/user.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { shownAt } from '../test/shown-at.ts';
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

describe('Shell: the header, one first render for every width (CSS lays it out)', () => {
  const PHONE = 390;
  const DESKTOP = 1366;
  const LINKS = ['Marktplatz', 'Kategorien', 'Merkliste', 'Im Trend'];

  /** The navigation landmarks a window `width` px wide shows. */
  function shownNavigation(width: number) {
    const navs = screen
      .getAllByRole('navigation', { name: 'Hauptnavigation' })
      .filter((nav) => shownAt(nav, width));
    const [nav] = navs;
    expect(navs).toHaveLength(1);
    if (!nav) {
      throw new Error('no navigation shown');
    }
    return nav;
  }

  it('puts the links into the row of the title and the search on a wide screen', () => {
    stubFetch(() => jsonResponse({}));
    renderShell('/');
    const nav = shownNavigation(DESKTOP);
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(LINKS);
    const row = nav.closest('.MuiToolbar-root');
    expect(row).toContainElement(screen.getByRole('link', { name: 'Medienkatalog' }));
    expect(row).toContainElement(screen.getByRole('combobox', { name: 'Medien suchen' }));
    expect(shownAt(screen.getByRole('combobox', { name: 'Medien suchen' }), DESKTOP)).toBe(true);
    expect(shownAt(screen.getByRole('button', { name: 'Suche öffnen' }), DESKTOP)).toBe(false);
  });

  it('puts the links into a row of their own on a phone, with the search as an icon', () => {
    stubFetch(() => jsonResponse({}));
    renderShell('/');
    const nav = shownNavigation(PHONE);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(LINKS);
    expect(nav).not.toContainElement(screen.getByRole('link', { name: 'Medienkatalog' }));
    expect(nav).not.toBe(shownNavigation(DESKTOP));
    expect(shownAt(screen.getByRole('button', { name: 'Suche öffnen' }), PHONE)).toBe(true);
    expect(shownAt(screen.getByRole('combobox', { name: 'Medien suchen' }), PHONE)).toBe(false);
  });

  it('renders the same header whatever the window says of its width', () => {
    stubFetch(() => jsonResponse({}));
    const header = (phone: boolean) => {
      // Every media query answers as on a phone, or as on a wide screen.
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: phone === query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }));
      renderShell('/');
      const html = screen.getByRole('banner').outerHTML;
      cleanup();
      return html;
    };
    expect(header(true)).toBe(header(false));
  });
});
