import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { BulkUpdateDialog } from './bulk-update-dialog.tsx';

const IDS = ['FWU-1', 'FWU-2', 'FWU-3'];

function renderDialog(ids: string[] = IDS) {
  const onClose = vi.fn();
  const onUpdated = vi.fn();
  const result = renderInApp(
    <BulkUpdateDialog open ids={ids} onClose={onClose} onUpdated={onUpdated} />,
  );
  const dialog = screen.getByRole('dialog', {
    name: `Massenaktualisierung für ${String(ids.length)} Medien`,
  });
  return { ...result, dialog, onClose, onUpdated };
}

async function choose(dialog: HTMLElement, field: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BulkUpdateDialog', () => {
  it('shows the eight fields, the hint and the seven types with their codes', async () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Leere Felder behalten ihre bisherigen Werte.');
    expect(within(dialog).getByRole('spinbutton', { name: 'Produktionsjahr' })).toHaveValue(null);
    for (const label of ['Sprachen', 'Zielgruppe', 'Sachgebiete', 'Produzent', 'Autor']) {
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveValue('');
    }
    expect(within(dialog).getByRole('textbox', { name: 'Sprachen' })).toHaveAccessibleDescription(
      'z. B. de; en(u)',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Typ' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Nicht ändern',
      'Online-Film (49)',
      'Online-Medienpaket (55)',
      'Online-Audio (29)',
      'Online-Dokument (79)',
      'Online-Software (69)',
      'App (58)',
      'Bild (19)',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Nicht ändern',
      'Entwurf',
      'Veröffentlicht',
      'Archiviert',
    ]);
  });

  it('sends only the filled fields, trimmed, and reports the count', async () => {
    const calls = stubFetch(() => jsonResponse({ updated: 3 }));
    const { dialog, onUpdated } = renderDialog();
    await choose(dialog, 'Status', 'Veröffentlicht');
    await choose(dialog, 'Typ', 'Online-Audio (29)');
    await userEvent.type(
      within(dialog).getByRole('spinbutton', { name: 'Produktionsjahr' }),
      '2024',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Sprachen' }), '  de; en(u) ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Autor' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    await waitFor(() => {
      expect(onUpdated).toHaveBeenCalledWith(3);
    });
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/producer/media/bulk',
        body: {
          ids: IDS,
          updates: {
            fn_status: 'published',
            fn_prodjahr: '2024',
            fn_sprache: 'de; en(u)',
            fn_typ: '29',
          },
        },
      },
    ]);
  });

  it('sends nothing when no field is filled', async () => {
    const calls = stubFetch(() => jsonResponse({ updated: 3 }));
    const { dialog, onUpdated } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Zielgruppe' }), '  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Keine Felder für Aktualisierung ausgewählt',
    );
    expect(calls).toEqual([]);
    expect(onUpdated).not.toHaveBeenCalled();
  });

  it('blocks a production year outside 1900 to 2030', async () => {
    const calls = stubFetch(() => jsonResponse({ updated: 3 }));
    const { dialog } = renderDialog();
    const year = within(dialog).getByRole('spinbutton', { name: 'Produktionsjahr' });
    await userEvent.type(year, '1899');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    expect(
      await within(dialog).findByText('Das Produktionsjahr muss zwischen 1900 und 2030 liegen.'),
    ).toBeInTheDocument();
    expect(year).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(year);
    await userEvent.type(year, '2031');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    expect(
      within(dialog).getByText('Das Produktionsjahr muss zwischen 1900 und 2030 liegen.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's German message in the dialog", async () => {
    stubFetch(() =>
      jsonResponse(
        { error: 'Bad Request', message: 'Maximal 1000 Elemente pro Massenvorgang erlaubt' },
        400,
      ),
    );
    const { dialog, onUpdated, onClose } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Produzent' }), 'FWU');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktualisieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Maximal 1000 Elemente pro Massenvorgang erlaubt',
    );
    expect(onUpdated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts empty again when opened anew', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOpen(true);
            }}
          >
            Öffnen
          </button>
          <BulkUpdateDialog
            open={open}
            ids={['FWU-9']}
            onClose={() => {
              setOpen(false);
            }}
            onUpdated={vi.fn()}
          />
        </>
      );
    }
    renderInApp(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Massenaktualisierung für 1 Medium' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Autor' }), 'Meyer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    const reopened = screen.getByRole('dialog', { name: 'Massenaktualisierung für 1 Medium' });
    expect(within(reopened).getByRole('textbox', { name: 'Autor' })).toHaveValue('');
  });
});
