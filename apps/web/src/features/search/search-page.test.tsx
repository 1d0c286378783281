import type { CatalogueItem } from '@medienkatalog/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPage } from './search-page.tsx';

function medium(overrides: Partial<CatalogueItem>): CatalogueItem {
  return {
    identifier: 'FWU-1',
    fn_titel: 'Die Photosynthese',
    fn_kurztext: 'Wie Pflanzen Energie gewinnen.',
    fn_text: '',
    fn_typ: '49',
    fn_prodjahr: '2019',
    fn_sprache: 'de',
    fn_prodname: 'FWU',
    fn_adressat: 'A(7-10)',
    fn_geb: '080',
    fn_schlag: 'Photosynthese',
    publisher: '',
    producer: 'fwu',
    starred: false,
    stars: 0,
    remaining: null,
    cover: '/covers/400x226/FWU-1.jpg',
    image: null,
    geteilt_mit: [],
    info: null,
    ...overrides,
  };
}

/** Answers the search call like the server: a JSON array and the total in a header. */
function answerWith(items: CatalogueItem[], total = items.length, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify(status === 200 ? items : { message: 'Fehler' }), {
        status,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('lists the newest media with their metadata line and the count', async () => {
    const fetchMock = answerWith(
      [
        medium({}),
        medium({
          identifier: 'FWU-2',
          fn_titel: 'App',
          fn_typ: '58',
          fn_kurztext: '',
          fn_text: 'Ersatztext',
        }),
      ],
      1234,
    );
    render(<SearchPage />);
    const list = await screen.findByRole('list', { name: 'Neueste Medien' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('1.234 Ergebnisse')).toBeInTheDocument();
    expect(screen.getByText('Online-Film • 2019, de')).toBeInTheDocument();
    expect(screen.getByText('Ersatztext')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/media/catalogue/search?p=0', expect.anything());
  });

  it('searches what the user types', async () => {
    const fetchMock = answerWith([medium({})]);
    render(<SearchPage />);
    await screen.findByText('1 Ergebnisse');
    await userEvent.type(screen.getByLabelText('Suche'), 'Pflanze');
    expect(await screen.findByRole('heading', { name: 'Ergebnisse für „Pflanze“' })).toBeVisible();
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/v1/media/catalogue/search?p=0&q=Pflanze',
      expect.anything(),
    );
  });

  it('says so when nothing is found', async () => {
    answerWith([]);
    render(<SearchPage />);
    expect(await screen.findByText('Keine Ergebnisse')).toBeInTheDocument();
  });

  it('shows the German error text when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerWith([], 0, 500);
    render(<SearchPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später nocheinmal.',
    );
  });
});
