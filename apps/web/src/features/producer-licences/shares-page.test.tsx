import { MESSAGES } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCER_SHARES_KEY } from '../../api/producer-shares.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { SharesPage } from './shares-page.tsx';
import { licence, prepareProducer } from './test-data.ts';

const SHARES = [
  licence({
    id: 3,
    licensee: {
      kind: 'organisation',
      name: 'Kreismedienzentrum Nord',
      organisation_kind: 'media_centre',
      school_number: null,
    },
    scope: {
      kind: 'pool',
      label: 'Alle Medien von FWU',
      identifier: null,
      pool: 'fwu',
      producer: 'FWU',
    },
    valid_from: '2026-01-01',
    valid_until: '2099-12-31',
    rights: 'download',
    uses: 50,
    remaining: 37,
  }),
  licence({ id: 2, valid_from: '2025-01-01', valid_until: '2025-06-30' }),
  licence({ id: 1, revoked: true, scope: { ...licence().scope, label: 'Das <i>Herz</i>' } }),
];

function renderPage() {
  return renderInApp(<SharesPage />, {
    path: '/producer/shares',
    prepare: (client) => {
      prepareProducer(client);
      client.setQueryData([PRODUCER_SHARES_KEY], SHARES);
    },
  });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Erteilte Freigaben' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SharesPage', { timeout: 20_000 }, () => {
  it('lists the shares with licensee, what, validity, rights, uses and state', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Freigaben' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Freigaben' })).toHaveAttribute('aria-current', 'page');
    expect(
      rows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Kreismedienzentrum NordMedienzentrum',
        'Alle Medien von FWU',
        '01.01.2026 – 31.12.2099',
        'Streamen und Herunterladen',
        '37 von 50 übrig',
        'aktiv',
        'Zurückziehen',
      ],
      [
        'Gymnasium am MarktSchulnummer 100455',
        'Die ZelleFWU-101',
        '01.01.2025 – 30.06.2025',
        'Streamen',
        'unbegrenzt',
        'abgelaufen',
        '',
      ],
      [
        'Gymnasium am MarktSchulnummer 100455',
        'Das HerzFWU-101',
        'ab 01.01.2026',
        'Streamen',
        'unbegrenzt',
        'zurückgezogen',
        '',
      ],
    ]);
  });

  it('filters by any text of a row and says when nothing matches', async () => {
    renderPage();
    const filter = screen.getByRole('searchbox', { name: 'Freigaben filtern' });
    await userEvent.type(filter, '100455');
    await waitFor(() => {
      expect(rows()).toHaveLength(2);
    });
    expect(screen.getByText('2 Freigaben')).toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'zurückgezogen');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
    });
    await userEvent.type(filter, 'xyz');
    expect(
      await screen.findByText('Keine Freigabe passt zu „zurückgezogenxyz“.'),
    ).toBeInTheDocument();
  });

  it("withdraws a share after the confirmation and shows the server's refusal in it", async () => {
    let refuse = true;
    const calls = stubFetch(() =>
      refuse
        ? jsonResponse({ message: MESSAGES.licences.notFound }, 404)
        : new Response(null, { status: 204 }),
    );
    renderPage();
    await userEvent.click(
      screen.getByRole('button', {
        name: '„Alle Medien von FWU“ für Kreismedienzentrum Nord zurückziehen',
      }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Freigabe zurückziehen?' });
    expect(confirm).toHaveTextContent('an Schulen weitergegeben');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Zurückziehen' }));
    expect(await within(confirm).findByText(MESSAGES.licences.notFound)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Zurückziehen' }));
    expect(await screen.findByText('Die Freigabe wurde zurückgezogen.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/v1/producer/shares/3',
      '/api/v1/producer/shares/3',
    ]);
  });
});
