import type { MediaLink, UserInfo } from '@medienkatalog/domain';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_INFO_KEY } from '../api/user.ts';
import { item } from '../test/items.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { renderInApp } from '../test/render.tsx';
import { MediaCard } from './media-card.tsx';
import { MediaPlayback } from './media-playback.tsx';

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

    const dialog = await screen.findByRole('dialog', {
      name: 'Zugang zu „Die Photosynthese“ erhalten',
    });
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

describe('the player of the medium page and the preview', () => {
  const content = '/content/FWU-4611234/play.1.0.abc/';
  const link = (overrides: Partial<MediaLink> = {}): MediaLink => ({
    direct: `${content}Die%20Photosynthese.mp4`,
    download: `${content}Die%20Photosynthese.mp4`,
    frame: '/content/FWU-4611234/frame.1.0.abc/Die%20Photosynthese.mp4',
    stream: null,
    tracks: [
      { kind: 'captions', language: 'de', label: 'Deutsch', url: `${content}untertitel/de.vtt` },
    ],
    ...overrides,
  });
  const renderPlayback = (medium = item({ access: 'licence', download: true })) =>
    renderInApp(<MediaPlayback medium={medium} title="Die Photosynthese" />, signedIn);
  const play = () =>
    userEvent.click(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' }));

  it('plays a film in the player with its poster, captions and the original until a stream exists', async () => {
    const calls = stubFetch(() => jsonResponse(link()));
    renderPlayback();
    await play();
    const dialog = await screen.findByRole('dialog', { name: 'Die Photosynthese' });
    const player = within(dialog).getByRole('region', { name: 'Medienplayer: Die Photosynthese' });
    const video = player.querySelector('video');
    expect(video).toHaveAttribute('src', `${content}Die%20Photosynthese.mp4`);
    expect(video).toHaveAttribute('poster', '/covers/1024x576/FWU-4611234.jpg');
    expect(within(player).getByRole('button', { name: /^Untertitel/ })).toBeVisible();
    expect(await screen.findByText('Medium wird abgespielt')).toBeVisible();
    expect(calls[0]?.url).toBe('/api/v1/media/link/FWU-4611234?purpose=play');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('shows a PDF in the viewer and an HTML app in the sandboxed frame of the link', async () => {
    stubFetch(() => jsonResponse(link({ direct: `${content}arbeitsblatt.pdf`, tracks: [] })));
    const { unmount } = renderPlayback();
    await play();
    const pdf = await screen.findByTitle('Dokument: Die Photosynthese');
    expect(pdf).toHaveAttribute('src', `${content}arbeitsblatt.pdf`);
    unmount();

    stubFetch(() =>
      jsonResponse(
        link({
          direct: `${content}index.html`,
          frame: '/content/FWU-4611234/frame.1.0.abc/index.html',
          tracks: [],
        }),
      ),
    );
    renderPlayback();
    await play();
    const app = await screen.findByTitle('Interaktiver Inhalt: Die Photosynthese');
    expect(app).toHaveAttribute('src', '/content/FWU-4611234/frame.1.0.abc/index.html');
  });

  it('says so when nothing plays, without an empty player', async () => {
    stubFetch(() => jsonResponse(link({ direct: null, stream: null })));
    renderPlayback();
    await play();
    expect(await screen.findByText('Kein Abspiel-Link verfügbar')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads the original and says which file', async () => {
    const calls = stubFetch(() => jsonResponse(link()));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderPlayback();
    await userEvent.click(screen.getByRole('button', { name: 'Herunterladen: Die Photosynthese' }));
    expect(await screen.findByText('Download gestartet: Die Photosynthese.mp4')).toBeVisible();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/media/link/FWU-4611234?purpose=download',
    ]);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe(`${content}Die%20Photosynthese.mp4`);
    expect(clicked[0]?.download).toBe('Die Photosynthese.mp4');
  });

  it('offers no download where the licence grants streaming only', () => {
    renderPlayback(item({ access: 'licence', download: false }));
    expect(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Herunterladen/ })).toBeNull();
  });
});
