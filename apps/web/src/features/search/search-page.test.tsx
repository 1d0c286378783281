import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { item } from '../../test/items.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { SearchPage } from './search-page.tsx';

/** Answers the search with one medium and the given headers, the filters with nothing. */
function answer(headers: Record<string, string>) {
  return stubFetch((call) =>
    call.url.includes('/distinct')
      ? new Response('{"approximate":false}', { headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify([item()]), {
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1', ...headers },
        }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchPage: how the words were searched', () => {
  it('names the corrected query it searched and offers the words as typed', async () => {
    answer({ 'X-Search-Corrected': encodeURIComponent('Photosynthese Film') });
    renderInApp(<SearchPage />, { path: '/search?q=Fotosynthese%20Film' });
    expect(
      await screen.findByRole('heading', { name: 'Ergebnisse für „Photosynthese Film“', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Stattdessen suchen nach', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '„Fotosynthese Film“' })).toHaveAttribute(
      'href',
      '/search?q=Fotosynthese+Film&exact=1',
    );
  });

  it("offers a correction of a query that found something ('Meinten Sie')", async () => {
    answer({ 'X-Search-Suggestion': encodeURIComponent('Photosynthese Botanik') });
    renderInApp(<SearchPage />, { path: '/search?q=Photosynthese%20Bot' });
    expect(await screen.findByRole('link', { name: '„Photosynthese Botanik“' })).toHaveAttribute(
      'href',
      '/search?q=Photosynthese+Botanik',
    );
    expect(screen.getByText('Meinten Sie', { exact: false })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Ergebnisse für „Photosynthese Bot“', level: 1 }),
    ).toBeInTheDocument();
  });

  it('says when the results match only some of the words', async () => {
    answer({ 'X-Search-Partial': 'true' });
    renderInApp(<SearchPage />, { path: '/search?q=Klimawandel%20Energie' });
    expect(
      await screen.findByText('Keine Treffer mit allen Wörtern – Ergebnisse mit einzelnen Wörtern'),
    ).toBeInTheDocument();
  });
});
