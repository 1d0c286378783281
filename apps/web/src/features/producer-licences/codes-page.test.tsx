import { MESSAGES } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCER_CODES_KEY } from '../../api/producer-codes.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { CodesPage } from './codes-page.tsx';
import { batch, prepareProducer } from './test-data.ts';

function renderPage() {
  return renderInApp(<CodesPage />, {
    path: '/producer/codes',
    prepare: (client) => {
      prepareProducer(client);
      client.setQueryData([PRODUCER_CODES_KEY], [batch()]);
    },
  });
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CodesPage', { timeout: 20_000 }, () => {
  it('shows each batch with its counts and expands it to its codes', async () => {
    renderPage();
    const table = screen.getByRole('table', { name: 'Code-Stapel' });
    const [header, row] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Codes anzeigen',
      'Bezeichnung',
      'Freigegeben',
      'Gültig bis',
      'Rechte',
      'Offen',
      'Eingelöst',
      'Zurückgezogen',
      'Abgelaufen',
      'Erstellt',
    ]);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(1, 9)
        .map((cell) => cell.textContent),
    ).toEqual([
      'Fortbildung März',
      'Alle Medien von FWU',
      '31.03.2027',
      'Streamen und Herunterladen',
      '1',
      '1',
      '1',
      '0',
    ]);
    const expand = screen.getByRole('button', { name: 'Codes von „Fortbildung März“ anzeigen' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    expect(
      screen.getByRole('button', { name: 'Codes von „Fortbildung März“ ausblenden' }),
    ).toHaveAttribute('aria-expanded', 'true');
    const codes = screen.getByRole('table', { name: 'Codes von „Fortbildung März“' });
    expect(
      within(codes)
        .getAllByRole('row')
        .slice(1)
        .map((codeRow) =>
          within(codeRow)
            .getAllByRole('cell')
            .slice(0, 2)
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['1', 'eingelöst'],
      ['2', 'offen'],
      ['3', 'zurückgezogen'],
    ]);
    // Only the open code can be revoked.
    expect(within(codes).getAllByRole('button', { name: /zurückziehen/ })).toHaveLength(1);
  });

  it("revokes an open code after the confirmation and shows the server's 409 in it", async () => {
    let refuse = true;
    const calls = stubFetch(() =>
      refuse
        ? jsonResponse({ message: MESSAGES.licences.notRevocable }, 409)
        : new Response(null, { status: 204 }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: /anzeigen$/ }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Code Nr. 2 von „Fortbildung März“ zurückziehen' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Code Nr. 2 zurückziehen?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Zurückziehen' }));
    expect(await within(confirm).findByText(MESSAGES.licences.notRevocable)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Zurückziehen' }));
    expect(await screen.findByText('Code Nr. 2 wurde zurückgezogen.')).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/api/v1/producer/codes/32',
        '/api/v1/producer/codes/32',
      ]);
    });
  });
});
