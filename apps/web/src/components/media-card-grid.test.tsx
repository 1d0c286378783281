import type { InfiniteData } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MEDIA_LIST_KEY, type MediaPage } from '../api/media-list.ts';
import { USER_INFO_KEY } from '../api/user.ts';
import { item } from '../test/items.ts';
import { renderInApp } from '../test/render.tsx';
import { MediaCardGrid } from './media-card-grid.tsx';

const LIST = '/api/v1/media/catalogue/search?q=Wald';

function pages(...sizes: number[]): InfiniteData<MediaPage, number> {
  let next = 0;
  return {
    pages: sizes.map((size) => ({
      items: Array.from({ length: size }, () => {
        next += 1;
        return item({ identifier: `T-${String(next)}`, fn_titel: `Medium ${String(next)}` });
      }),
      total: 30,
      approximate: false,
    })),
    pageParams: sizes.map((_, index) => index),
  };
}

describe('MediaCardGrid', () => {
  it('shows the cards of every loaded page and offers more while the last page was full', () => {
    renderInApp(<MediaCardGrid listUrl={LIST} />, {
      prepare: (client) => {
        client.setQueryData([MEDIA_LIST_KEY, LIST], pages(24));
      },
    });
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Weitere Medien laden' })).toBeInTheDocument();
  });

  it('ends the list after a short page', () => {
    renderInApp(<MediaCardGrid listUrl={LIST} />, {
      prepare: (client) => {
        client.setQueryData([MEDIA_LIST_KEY, LIST], pages(24, 6));
      },
    });
    expect(screen.getAllByRole('article')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Weitere Medien laden' })).not.toBeInTheDocument();
  });

  it('shows the empty text of the list, by default the grid one', () => {
    const { unmount } = renderInApp(<MediaCardGrid listUrl={LIST} />, {
      prepare: (client) => {
        client.setQueryData([MEDIA_LIST_KEY, LIST], pages(0));
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Hier gibt es noch keine Medien.');
    unmount();
    renderInApp(<MediaCardGrid listUrl={LIST} emptyText="Keine Ergebnisse" />, {
      prepare: (client) => {
        client.setQueryData([MEDIA_LIST_KEY, LIST], pages(0));
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Keine Ergebnisse');
  });

  it('hides items the list no longer keeps, e.g. unstarred ones of the wishlist', () => {
    renderInApp(<MediaCardGrid listUrl={LIST} keep={(medium) => medium.identifier !== 'T-2'} />, {
      prepare: (client) => {
        client.setQueryData([MEDIA_LIST_KEY, LIST], pages(3));
      },
    });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Medium 2')).not.toBeInTheDocument();
  });

  it('shows four skeleton cards while the first page loads', () => {
    // An address nobody answers in jsdom: the first page stays pending while the test looks.
    const { container } = renderInApp(<MediaCardGrid listUrl="/nie-beantwortet" />);
    expect(container.querySelectorAll('li [aria-hidden="true"].MuiBox-root')).toHaveLength(4);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('stars at once and takes the star back when the server call fails', async () => {
    renderInApp(<MediaCardGrid listUrl={LIST} />, {
      prepare: (client) => {
        client.setQueryData([MEDIA_LIST_KEY, LIST], pages(1));
        client.setQueryData(USER_INFO_KEY, { vorname: 'Anna', name: 'Lehmann', role: 'L' });
      },
    });
    const card = screen.getByRole('article');
    const button = within(card).getByRole('button', {
      name: 'Auf die Merkliste: Medium 1',
    });
    const shown: (string | null)[] = [];
    new MutationObserver(() => {
      shown.push(button.getAttribute('aria-pressed'));
    }).observe(button, { attributes: true, attributeFilter: ['aria-pressed'] });
    // The server answers the star with an error after a moment.
    vi.stubGlobal('fetch', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response(JSON.stringify({ message: 'Fehler' }), { status: 500 });
    });
    await userEvent.click(button);
    await waitFor(() => {
      expect(shown).toEqual(['true', 'false']);
    });
    expect(within(card).getByRole('button', { name: 'Auf die Merkliste: Medium 1' })).toBe(button);
    vi.unstubAllGlobals();
  });
});
