import type { UserInfo } from '@medienkatalog/domain';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_INFO_KEY } from '../api/user.ts';
import { item } from '../test/items.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { renderInApp } from '../test/render.tsx';
import { MediaCard } from './media-card.tsx';

const teacher: UserInfo = {
  email: 'lehrkraft@schule.invalid',
  vorname: 'Lena',
  name: 'Lehrer',
  role: 'L',
  school_admin: '',
  district_admin: '',
  klassenID: '',
  schulname: 'Gesamtschule Am Stadtpark',
  show_jitsi: false,
  type: '',
  context: '',
};
const signedIn = {
  prepare: (client: QueryClient) => {
    client.setQueryData(USER_INFO_KEY, teacher);
  },
};
const buttonNames = () =>
  screen
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the actions of a card', () => {
  it('offers visitors play and download, which ask them to log in', async () => {
    renderInApp(<MediaCard medium={item({ access: null })} />);
    expect(screen.getByRole('button', { name: 'Herunterladen: Die Photosynthese' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' }));
    expect(
      screen.getByRole('dialog', { name: 'Für diese Funktion müssen Sie angemeldet sein.' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Zugang erhalten/ })).toBeNull();
  });

  it('offers play only where the licence allows streaming only', () => {
    renderInApp(<MediaCard medium={item({ access: 'licence', download: false })} />, signedIn);
    expect(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Herunterladen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Zugang erhalten/ })).toBeNull();
  });

  it('offers play and download of own and open media', () => {
    for (const access of ['own', 'open'] as const) {
      const { unmount } = renderInApp(
        <MediaCard medium={item({ access, download: true })} />,
        signedIn,
      );
      expect(buttonNames()).toEqual(
        expect.arrayContaining([
          'Abspielen: Die Photosynthese',
          'Herunterladen: Die Photosynthese',
        ]),
      );
      unmount();
    }
  });

  it('offers only "Zugang erhalten" without access, which explains the ways and leads to /redeem', async () => {
    const { router } = renderInApp(<MediaCard medium={item({ access: 'none' })} />, {
      ...signedIn,
      path: '/search?producer=Naturfilm',
    });
    expect(screen.queryByRole('button', { name: /^Abspielen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Herunterladen/ })).toBeNull();
    const access = screen.getByRole('button', { name: 'Zugang erhalten: Die Photosynthese' });
    expect(access).toHaveTextContent('Zugang erhalten');
    await userEvent.click(access);

    const dialog = screen.getByRole('dialog', { name: 'Zugang zu „Die Photosynthese“ erhalten' });
    expect(dialog).toHaveAccessibleDescription('Für dieses Medium haben Sie noch keine Lizenz.');
    expect(dialog).toHaveTextContent(
      'Das Medienzentrum Ihrer Schule (Gesamtschule Am Stadtpark) kann Lizenzen',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Code einlösen' }));
    expect(router.state.location.pathname).toBe('/redeem');
    expect(router.state.location.search).toBe('?r=%2Fsearch%3Fproducer%3DNaturfilm');
  });

  it('plays through the link call with its purpose', async () => {
    const calls = stubFetch(() => jsonResponse({ direct: null, download: null, frame: null }));
    renderInApp(<MediaCard medium={item({ access: 'licence' })} />, signedIn);
    await userEvent.click(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' }));
    expect(await screen.findByText('Kein Abspiel-Link verfügbar')).toBeVisible();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/media/link/FWU-4611234?purpose=play']);
  });

  it("shows the server's refusal of a play in the access dialog", async () => {
    const refusal =
      'Die Nutzungen Ihrer Lizenz für dieses Medium sind aufgebraucht. Fragen Sie Ihr Medienzentrum.';
    stubFetch(() => jsonResponse({ error: 'Forbidden', message: refusal }, 403));
    renderInApp(<MediaCard medium={item({ access: 'licence', remaining: 1 })} />, signedIn);
    await userEvent.click(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Zugang zu „Die Photosynthese“ erhalten',
    });
    expect(dialog).toHaveAccessibleDescription(refusal);
    expect(within(dialog).getByRole('link', { name: 'Code einlösen' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

describe('the access badges of a card', () => {
  it('shows the uses left under a counted licence', () => {
    const { unmount } = renderInApp(
      <MediaCard medium={item({ access: 'licence', remaining: 3 })} />,
      signedIn,
    );
    expect(screen.getByText('Noch 3 Nutzungen')).toBeVisible();
    unmount();
    renderInApp(<MediaCard medium={item({ access: 'licence', remaining: 1 })} />, signedIn);
    expect(screen.getByText('Noch 1 Nutzung')).toBeVisible();
  });

  it('says so when no uses are left', () => {
    renderInApp(<MediaCard medium={item({ access: 'none', remaining: 0 })} />, signedIn);
    expect(screen.getByText('Keine Nutzungen mehr')).toBeVisible();
  });

  it('marks open media with their licence, and free ones as free', () => {
    const { unmount } = renderInApp(
      <MediaCard medium={item({ access: 'open', open_access: 'CC BY 4.0' })} />,
    );
    expect(screen.getByText('OER · CC BY 4.0')).toBeVisible();
    unmount();
    renderInApp(<MediaCard medium={item({ access: 'open', open_access: 'frei' })} />);
    expect(screen.getByText('Frei')).toBeVisible();
  });

  it('shows no badge for a licensed medium without counted uses', () => {
    renderInApp(<MediaCard medium={item({ access: 'licence' })} />, signedIn);
    expect(screen.queryByText(/Nutzung|OER|Frei/)).toBeNull();
  });
});
