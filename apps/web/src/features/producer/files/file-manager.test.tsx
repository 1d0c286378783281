import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dirlistQueryOptions,
  filesQueryOptions,
  type Dirlist,
  type FileItem,
} from '../../../api/media-files.ts';
import { captionsQueryOptions } from '../../../api/media-captions.ts';
import { mediaJobsQueryOptions } from '../../../api/media-jobs.ts';
import { renderInApp } from '../../../test/render.tsx';
import { FileManager } from './file-manager.tsx';

const ID = 'FWU-5501';
const medium = { identifier: ID, fn_titel: 'Wasser <sub>2</sub>', fn_nr: '5501' };

const file = (fullPath: string, size = 2048): FileItem => {
  const name = fullPath.split('/').pop() ?? '';
  return {
    name,
    path: fullPath.slice(0, fullPath.lastIndexOf('/')) || '/',
    fullPath,
    type: 'file',
    size,
    lastModified: new Date(2024, 2, 5, 14, 7).toISOString(),
    mimeType: 'application/octet-stream',
    extension: name.split('.').pop() ?? '',
    formattedSize: `${(size / 1024).toFixed(2)} KB`,
  };
};
const folder = (fullPath: string): FileItem => ({
  ...file(fullPath),
  type: 'directory',
  size: 0,
  mimeType: '',
  extension: '',
  formattedSize: '-',
});

/** Holds the listings and the dirlist in the cache, so nothing is fetched. */
function prepare(listings: Record<string, FileItem[]>, dirlist: Dirlist | null) {
  return (client: QueryClient) => {
    for (const [path, items] of Object.entries(listings)) {
      client.setQueryData(filesQueryOptions(ID, path).queryKey, items);
    }
    client.setQueryData(dirlistQueryOptions(ID).queryKey, dirlist);
    client.setQueryData(mediaJobsQueryOptions(ID).queryKey, { processing: true, jobs: [] });
    client.setQueryData(captionsQueryOptions(ID).queryKey, []);
  };
}

const NO_ZIP: Dirlist = { FnIndex: 'index.html', FnZip: null, FnSize: null, FnZiphash: null };

let calls: string[];

beforeEach(() => {
  calls = [];
  // Nothing should reach the network in these checks; a call would show up here.
  vi.stubGlobal('fetch', (input: string) => {
    calls.push(input);
    return Promise.resolve(new Response(null, { status: 500 }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FileManager', () => {
  it('shows the title, the count and size, the index and ZIP state, folders first', () => {
    renderInApp(<FileManager medium={medium} onClose={vi.fn()} />, {
      prepare: prepare(
        {
          '/': [file('/index.html', 1024), folder('/bilder'), file('/arbeitsblatt.pdf', 2048)],
        },
        { ...NO_ZIP, FnZip: 'FWU-5501.zip', FnSize: 3 * 1024 ** 2 },
      ),
    });
    const panel = screen.getByRole('region', { name: 'Dateien verwalten' });
    expect(panel).toHaveTextContent('Wasser 2 · Nr. 5501');
    expect(panel).toHaveTextContent('2 Dateien · Gesamtgröße: 3.00 KB');
    expect(panel).toHaveTextContent('Index-Datei: index.html');
    expect(panel).toHaveTextContent('ZIP: FWU-5501.zip (3.00 MB)');
    expect(screen.getByRole('button', { name: 'ZIP neu erstellen' })).toBeEnabled();
    const toolbar = screen.getByRole('group', { name: 'Dateiaktionen' });
    for (const name of [
      'Dateien hochladen',
      'Ordner hochladen',
      'Ordner erstellen',
      'Abspielen',
      'Herunterladen',
      'Aktualisieren',
      'Schließen',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    const rows = within(screen.getByRole('table', { name: 'Dateien in /' })).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('cell')[0]?.textContent)).toEqual([
      undefined,
      'bilder',
      'arbeitsblatt.pdf',
      'index.htmlINDEX',
    ]);
    expect(rows[3]).toHaveTextContent('05.03.24, 14:07');
    // The index file cannot be set again; the PDF can, and opens in the browser.
    expect(
      screen.queryByRole('button', { name: '„index.html“ als Index-Datei setzen' }),
    ).toBeNull();
    expect(
      screen.getByRole('button', { name: '„arbeitsblatt.pdf“ als Index-Datei setzen' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '„arbeitsblatt.pdf“ im Browser öffnen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '„bilder“ herunterladen' })).toBeNull();
    expect(screen.getByText('3 Einträge')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Seiten der Dateiliste' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('offers "ZIP erstellen" without a ZIP and shows the empty state', () => {
    renderInApp(<FileManager medium={medium} embedded />, {
      prepare: prepare({ '/': [] }, null),
    });
    expect(screen.getByRole('button', { name: 'ZIP erstellen' })).toBeInTheDocument();
    expect(screen.getByText('Keine Index-Datei')).toBeInTheDocument();
    expect(screen.getByText('Keine Dateien vorhanden')).toBeInTheDocument();
    expect(screen.getByText('Laden Sie Dateien hoch, um zu beginnen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schließen' })).toBeNull();
  });

  it('pages 15 entries with "Seite x von y" and seven page buttons', async () => {
    const many = Array.from({ length: 200 }, (_unused, index) =>
      file(`/datei-${String(index).padStart(3, '0')}.txt`),
    );
    renderInApp(<FileManager medium={medium} />, { prepare: prepare({ '/': many }, NO_ZIP) });
    expect(screen.getByText(/200 Einträge · Seite 1 von 14/)).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Seiten der Dateiliste' });
    // Page 1 offers 1 to 5, an ellipsis and 14.
    await userEvent.click(within(pagination).getByRole('button', { name: 'Gehe zu Seite 4' }));
    expect(screen.getByText(/Seite 4 von 14/)).toBeInTheDocument();
    expect(screen.getByText('datei-045.txt')).toBeInTheDocument();
    // First, one before, current, one after, last, and two ellipses: seven, plus the arrows.
    const slots = within(pagination).getAllByRole('listitem');
    expect(slots).toHaveLength(9);
    expect(
      within(pagination).getByRole('button', { name: 'Seite 4, aktuelle Seite' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('enters a folder by its name and goes back by the breadcrumbs', async () => {
    renderInApp(<FileManager medium={medium} />, {
      prepare: prepare(
        {
          '/': [folder('/kapitel')],
          '/kapitel': [file('/kapitel/film.mp4')],
        },
        NO_ZIP,
      ),
    });
    expect(screen.queryByRole('navigation', { name: 'Ordnerpfad' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ordner „kapitel“ öffnen' }));
    const crumbs = screen.getByRole('navigation', { name: 'Ordnerpfad' });
    expect(crumbs).toHaveTextContent('Hauptordner/kapitel');
    expect(screen.getByRole('table', { name: 'Dateien in /kapitel' })).toHaveTextContent(
      'film.mp4',
    );
    await userEvent.click(within(crumbs).getByRole('button', { name: 'Hauptordner' }));
    expect(screen.getByRole('table', { name: 'Dateien in /' })).toHaveTextContent('kapitel');
  });

  it('asks before deleting, naming folder or file', async () => {
    renderInApp(<FileManager medium={medium} />, {
      prepare: prepare({ '/': [folder('/bilder'), file('/a.pdf')] }, NO_ZIP),
    });
    await userEvent.click(screen.getByRole('button', { name: '„bilder“ löschen' }));
    expect(
      screen.getByRole('dialog', { name: 'Ordner "bilder" wirklich löschen?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await userEvent.click(screen.getByRole('button', { name: '„a.pdf“ löschen' }));
    expect(
      screen.getByRole('dialog', { name: 'Datei "a.pdf" wirklich löschen?' }),
    ).toBeInTheDocument();
  });

  it('refuses empty and unnamed files before anything is uploaded', () => {
    const { container } = renderInApp(<FileManager medium={medium} />, {
      prepare: prepare({ '/': [] }, NO_ZIP),
    });
    const input = container.querySelector<HTMLInputElement>(
      'input[type="file"]:not([webkitdirectory])',
    );
    expect(input).not.toBeNull();
    fireEvent.change(input as HTMLInputElement, {
      target: {
        files: [new File(['x'], 'gut.pdf'), new File([], 'leer.txt'), new File(['y'], '')],
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Ungültige Dateien: leer.txt, Unbenannt');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says "Keine gültigen Dateien gefunden" for a folder of empty files', () => {
    const { container } = renderInApp(<FileManager medium={medium} />, {
      prepare: prepare({ '/': [] }, NO_ZIP),
    });
    const input = container.querySelector<HTMLInputElement>('input[webkitdirectory]');
    expect(input).not.toBeNull();
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File([], 'leer.txt')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Keine gültigen Dateien gefunden');
    expect(calls).toEqual([]);
  });

  it('says "Media-Identifikator nicht verfügbar" without an identifier', async () => {
    renderInApp(<FileManager medium={{ ...medium, identifier: '' }} />);
    expect(screen.getByText('Media-Identifikator nicht verfügbar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abspielen' }));
    expect(screen.getAllByText('Media-Identifikator nicht verfügbar')).toHaveLength(2);
    expect(calls).toEqual([]);
  });
});
