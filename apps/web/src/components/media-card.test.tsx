import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { item } from '../test/items.ts';
import { renderInApp } from '../test/render.tsx';
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
    await userEvent.click(screen.getByRole('button', { name: 'Auf die Merkliste' }));
    const dialog = screen.getByRole('dialog', {
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
});
