import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mediaListQueryOptions, type MediaPage } from '../api/media-list.ts';
import { item } from '../test/items.ts';
import { renderInApp } from '../test/render.tsx';
import { MediaRow } from './media-row.tsx';

const LIST = '/api/v1/media/catalogue/search';

const page = (size: number): MediaPage => ({
  items: Array.from({ length: size }, (_, index) =>
    item({ identifier: `T-${String(index)}`, fn_titel: `Medium ${String(index)}` }),
  ),
  total: size,
  approximate: false,
});

function renderRow(size: number) {
  return renderInApp(<MediaRow eager title="Neueste Medien" listUrl={LIST} moreHref="/search" />, {
    prepare: (client) => {
      client.setQueryData(mediaListQueryOptions(LIST).queryKey, {
        pages: [page(size)],
        pageParams: [0],
      });
    },
  });
}

describe('MediaRow', () => {
  it('shows up to twelve cards under its heading, with a link to all of them', () => {
    renderRow(24);
    const shelf = screen.getByRole('region', { name: 'Neueste Medien' });
    expect(within(shelf).getAllByRole('article')).toHaveLength(12);
    expect(
      within(shelf).getByRole('link', { name: 'Alle anzeigen: Neueste Medien' }),
    ).toHaveAttribute('href', '/search');
  });

  it('is left out when the list is empty', () => {
    renderRow(0);
    expect(screen.queryByRole('region', { name: 'Neueste Medien' })).toBeNull();
  });
});
