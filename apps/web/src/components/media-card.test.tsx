import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { item } from '../test/items.ts';
import { renderInApp } from '../test/render.tsx';
import { USER_INFO_KEY } from '../api/user.ts';
import { MediaCard } from './media-card.tsx';

describe('MediaCard', () => {
  it('shows the title without unsafe markup, the metadata line and the short text', () => {
    renderInApp(
      <MediaCard
        medium={item({
          fn_titel: 'H<sub>2</sub>O <img src=x onerror="alert(1)">ist <b>Wasser</b>',
        })}
      />,
    );
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading.innerHTML).toBe('H<sub>2</sub>O ist <b>Wasser</b>');
    expect(screen.getByText('Online-Film • 2021, de')).toBeInTheDocument();
    expect(screen.getByText('Wie Pflanzen aus Licht Zucker machen.')).toBeInTheDocument();
  });

  it('falls back to the text, then to a note, when the short text is missing', () => {
    const { unmount } = renderInApp(<MediaCard medium={item({ fn_kurztext: '' })} />);
    expect(screen.getByText('Langer Text')).toBeInTheDocument();
    unmount();
    renderInApp(<MediaCard medium={item({ fn_kurztext: '', fn_text: '' })} />);
    expect(screen.getByText('Keine Beschreibung vorhanden.')).toBeInTheDocument();
  });

  it('shows a placeholder icon when the cover cannot be loaded', () => {
    renderInApp(<MediaCard medium={item()} />);
    fireEvent.error(screen.getByRole('img', { name: 'Die Photosynthese' }));
    expect(screen.getByRole('img', { name: 'Kein Vorschaubild' })).toBeInTheDocument();
  });

  it('asks an anonymous user to log in when starring, and returns there afterwards', async () => {
    const { router } = renderInApp(<MediaCard medium={item()} />, { path: '/search?q=Licht' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Auf die Merkliste: Die Photosynthese' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Für diese Funktion müssen Sie angemeldet sein.',
    });
    expect(dialog).toHaveTextContent(
      'Um fortzufahren, müssen Sie sich mit Ihrem bestehenden Benutzerkonto anmelden oder ein neues Benutzerkonto erstellen.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Jetzt Anmelden' }));
    expect(router.state.location.pathname).toBe('/login/');
    expect(router.state.location.search).toBe('?r=%2Fsearch%3Fq%3DLicht');
  });

  it('starts a producer search from the producer chip', async () => {
    const { router } = renderInApp(<MediaCard medium={item()} />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Alle Medien von FWU Institut für Film und Bild' }),
    );
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/search/?producer=FWU%20Institut%20f%C3%BCr%20Film%20und%20Bild',
    );
  });

  it('shows a clip only with its picture, and the first two people it is shared with', () => {
    renderInApp(
      <MediaCard
        medium={item({
          fn_typ: 'UC_CLIP',
          image: '/covers/400x226/CLIP.jpg',
          geteilt_mit: ['Anna', 'Ben', 'Carla', 'Dario'],
        })}
      />,
    );
    expect(screen.queryByText('Wie Pflanzen aus Licht Zucker machen.')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Die Photosynthese' })).not.toBeInTheDocument();
    const shared = screen.getByLabelText('Geteilt mit');
    expect(within(shared).getByTitle('Anna')).toBeInTheDocument();
    expect(within(shared).getByTitle('Ben')).toBeInTheDocument();
    expect(within(shared).queryByTitle('Carla')).not.toBeInTheDocument();
    expect(shared).toHaveTextContent('+2 weitere');
  });

  it('labels every action with the title; visitors get one way in: Anmelden', async () => {
    const { router } = renderInApp(<MediaCard medium={item()} onPreview={() => undefined} />, {
      path: '/search?q=Licht',
    });
    expect(screen.getByRole('button', { name: 'Vorschau: Die Photosynthese' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Abspielen: Die Photosynthese' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Herunterladen: Die Photosynthese' }),
    ).not.toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Anmelden zum Abspielen: Die Photosynthese' });
    expect(login).toHaveTextContent('Anmelden');
    await userEvent.click(login);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login/?r=%2Fsearch%3Fq%3DLicht',
    );
  });

  it('offers play and download where the licence allows them, else Zugang erhalten', () => {
    const teacher = {
      prepare: (client: QueryClient) => {
        client.setQueryData(USER_INFO_KEY, { vorname: 'Anna', name: 'Lehmann', role: 'L' });
      },
    };
    const { unmount } = renderInApp(
      <MediaCard medium={item({ access: 'licence', download: true, remaining: 3 })} />,
      teacher,
    );
    expect(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Herunterladen: Die Photosynthese' })).toBeVisible();
    unmount();
    const second = renderInApp(
      <MediaCard medium={item({ access: 'open', download: false })} />,
      teacher,
    );
    expect(screen.getByRole('button', { name: 'Abspielen: Die Photosynthese' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Herunterladen: Die Photosynthese' }),
    ).not.toBeInTheDocument();
    second.unmount();
    renderInApp(<MediaCard medium={item({ access: 'none' })} />, teacher);
    expect(screen.queryByRole('button', { name: /^Abspielen/ })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Zugang erhalten: Die Photosynthese' }),
    ).toBeVisible();
  });

  it('shows the type on the cover, and the length of films', () => {
    const { unmount } = renderInApp(<MediaCard medium={item({ fn_laenge: '17' })} />);
    const card = screen.getByRole('article');
    expect(within(card).getAllByText('Online-Film')[0]).toBeVisible();
    expect(within(card).getByText('17 Min.')).toBeVisible();
    expect(within(card).getByText('Länge: 17 Minuten')).toBeInTheDocument();
    unmount();
    renderInApp(<MediaCard medium={item({ fn_typ: '79', fn_laenge: '12' })} />);
    expect(screen.queryByText('12 Min.')).not.toBeInTheDocument();
  });
});
