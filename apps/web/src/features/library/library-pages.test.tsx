import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEDIA_LIST_KEY } from '../../api/media-list.ts';
import { USER_INFO_KEY } from '../../api/user.ts';
import { item } from '../../test/items.ts';
import { renderInApp } from '../../test/render.tsx';
import { ClassLibraryPage } from './library-pages.tsx';

const LIST = '/api/v1/user/classlibrary';
const page = { pages: [{ items: [item()], total: 1, approximate: false }], pageParams: [0] };

function renderFor(user: { role: string; type: string }) {
  return renderInApp(<ClassLibraryPage />, {
    prepare: (client) => {
      client.setQueryData(USER_INFO_KEY, {
        vorname: 'Mia',
        name: 'Muster',
        context: '',
        klassenID: '7b',
        ...user,
      });
      client.setQueryData([MEDIA_LIST_KEY, LIST], page);
    },
  });
}

describe('ClassLibraryPage', () => {
  it("addresses pupils with 'du'", () => {
    renderFor({ role: 'S', type: 'S' });
    expect(
      screen.getByText(
        'Hier findest du die Medien, die deine Lehrkräfte mit deiner Klasse geteilt haben.',
      ),
    ).toBeInTheDocument();
  });

  it("addresses teachers with 'Sie'", () => {
    renderFor({ role: 'L', type: 'S' });
    expect(
      screen.getByText('Hier finden Sie die Medien, die mit Ihrer Klasse geteilt wurden.'),
    ).toBeInTheDocument();
  });

  it('puts a heading between the page title and the cards (heading order 1, 2, 3)', () => {
    renderFor({ role: 'S', type: 'S' });
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 3]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Medien');
  });
});
