import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MZ_LICENCES_KEY } from '../../api/mz-licences.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { MzLicencesPage } from './mz-licences-page.tsx';
import { licence, passedOn } from './test-licences.ts';

const lernfilm = licence({
  id: 1,
  scope: {
    kind: 'pool',
    label: 'Alle Medien von Lernfilm Studio Nord',
    identifier: null,
    pool: 'lernfilm',
    producer: 'Lernfilm Studio Nord',
  },
  rights: 'download',
  valid_until: '2027-11-23',
});
const expiring = licence({ id: 2, valid_until: '2026-12-05', uses: 50, remaining: 37 });
const expired = licence({ id: 3, valid_until: '2026-11-22' });
const LICENCES = [
  lernfilm,
  expiring,
  expired,
  passedOn(lernfilm, 10, 'Gesamtschule Am Stadtpark', '100234'),
];

function renderPage() {
  return renderInApp(<MzLicencesPage />, {
    prepare: (client) => {
      client.setQueryData(MZ_LICENCES_KEY, LICENCES);
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  // 23 November 2026, in the afternoon: licence 2 ends on 5 December, in 12 days.
  vi.useFakeTimers({ now: new Date(2026, 10, 23, 15, 0), toFake: ['Date'] });
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MzLicencesPage', () => {
  it('marks a licence running out within 30 days in words, first, and an expired one', () => {
    renderPage();
    const cards = within(screen.getByRole('list', { name: 'Lizenzen' }))
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-label'));
    expect(cards).toEqual(['Film 2', 'Alle Medien von Lernfilm Studio Nord', 'Film 3']);
    expect(card('Film 2')).toHaveTextContent('Läuft in 12 Tagen ab');
    expect(card('Film 2')).toHaveTextContent('37 von 50 übrig');
    expect(card('Film 2')).toHaveTextContent('01.01.2026 – 05.12.2026');
    expect(card('Alle Medien von Lernfilm Studio Nord')).not.toHaveTextContent(/Läuft|Abgelaufen/);
    expect(card('Alle Medien von Lernfilm Studio Nord')).toHaveTextContent(
      'Streamen und Herunterladen',
    );
    expect(card('Film 3')).toHaveTextContent('Abgelaufen');
    // An expired licence cannot be passed on.
    expect(
      within(card('Film 3')).queryByRole('button', { name: /an Schulen weitergeben/ }),
    ).toBeNull();
    expect(screen.getByText(/3 Lizenzen · 1 läuft in den nächsten 30 Tagen ab/)).toBeVisible();
  });

  it.each([
    [new Date(2026, 11, 4, 9, 0), 'Läuft morgen ab'],
    [new Date(2026, 11, 5, 23, 30), 'Läuft heute ab'],
  ])('on %s says "%s" instead of a count of days', (now, text) => {
    vi.setSystemTime(now);
    renderPage();
    expect(card('Film 2')).toHaveTextContent(text);
  });

  it('shows the schools a licence was passed on to and filters by producer and text', async () => {
    renderPage();
    expect(card('Alle Medien von Lernfilm Studio Nord')).toHaveTextContent(
      'Gesamtschule Am Stadtpark · Schulnummer 100234',
    );
    expect(card('Film 2')).toHaveTextContent('Noch an keine Schule weitergegeben.');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Anbieter' }),
      'Lernfilm Studio Nord',
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Anbieter' }), '');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Lizenzen durchsuchen' }), '100234');
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Alle Medien von Lernfilm Studio Nord',
    ]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Lizenzen durchsuchen' }), 'x');
    expect(screen.getByText('Keine Lizenz passt zu diesen Filtern.')).toBeVisible();
  });

  it('withdraws a licence passed on after asking, and says so', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderPage();
    await userEvent.click(
      screen.getByRole('button', { name: 'Lizenz von Gesamtschule Am Stadtpark zurücknehmen' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Lizenz zurücknehmen?' });
    expect(dialog).toHaveTextContent(
      '„Alle Medien von Lernfilm Studio Nord“ gilt dann nicht mehr für Gesamtschule Am Stadtpark',
    );
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zurücknehmen' }));
    expect(
      await screen.findByText('Die Lizenz von Gesamtschule Am Stadtpark wurde zurückgenommen.'),
    ).toBeVisible();
    expect(calls[0]).toEqual({ method: 'DELETE', url: '/api/v1/mz/licences/10', body: undefined });
    // The list is asked for again.
    await waitFor(() => {
      expect(calls.some((call) => call.url === '/api/v1/mz/licences')).toBe(true);
    });
  });
});
