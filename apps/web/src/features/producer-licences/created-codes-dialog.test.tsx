import type { CreatedCodeBatch } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render.tsx';
import { CreatedCodesDialog } from './created-codes-dialog.tsx';
import { batch } from './test-data.ts';

const created: CreatedCodeBatch = {
  ...batch({ id: 12 }),
  plain_codes: ['K7QM-3XHD-9TWR-P2EZ', 'FWXD-EM2Q-6KXB-TZ7A'],
};

/** A blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob | undefined): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (!blob) {
      reject(new Error('no download'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      resolve(new Uint8Array(reader.result as ArrayBuffer));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable'));
    };
    reader.readAsArrayBuffer(blob);
  });
}

/** The files the dialog hands to the browser: name and content. */
let downloads: { name: string; blob: Blob }[];

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${String(blobs.size)}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) {
      downloads.push({ name: this.download, blob });
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  renderInApp(<CreatedCodesDialog batch={created} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: '2 Codes erstellt' });
  return { dialog, onClose };
}

describe('CreatedCodesDialog', { timeout: 20_000 }, () => {
  it('shows the codes once with a warning and asks before closing unsaved', async () => {
    const { dialog, onClose } = renderDialog();
    expect(dialog).toHaveTextContent('Nur jetzt sichtbar:');
    expect(dialog).toHaveTextContent('nicht noch einmal angezeigt');
    const list = within(dialog).getByRole('region', { name: 'Die neuen Codes' });
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Nr.Code', '1K7QM-3XHD-9TWR-P2EZ', '2FWXD-EM2Q-6KXB-TZ7A']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    const ask = await screen.findByRole('dialog', { name: 'Codes nicht gespeichert' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Zurück zu den Codes' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Codes nicht gespeichert' })).toBeNull();
    });
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Codes nicht gespeichert' })).getByRole(
        'button',
        { name: 'Trotzdem schließen' },
      ),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('downloads the CSV, after which closing needs no question', async () => {
    const { dialog, onClose } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'CSV herunterladen' }));
    expect(downloads.map((download) => download.name)).toEqual([
      expect.stringMatching(/^codes-12-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const [csv] = downloads;
    const text = new TextDecoder().decode(await bytesOf(csv?.blob));
    expect(csv?.blob.type).toBe('text/csv;charset=utf-8');
    expect(text.split('\r\n')[1]).toBe(
      `"1","K7QM-3XHD-9TWR-P2EZ","${window.location.origin}/redeem?code=K7QM-3XHD-9TWR-P2EZ","Alle Medien von FWU","31.03.2027"`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Codes nicht gespeichert' })).toBeNull();
  });

  it('makes the PDF in the browser and downloads it', async () => {
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'PDF zum Ausdrucken' }));
    await waitFor(() => {
      expect(downloads).toHaveLength(1);
    });
    const [pdf] = downloads;
    expect(pdf?.name).toMatch(/^codes-12-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf?.blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await bytesOf(pdf?.blob)).slice(0, 5))).toBe('%PDF-');
  });
});
