import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { DeleteMediaDialog } from './delete-media-dialog.tsx';

const media = (count: number) =>
  Array.from({ length: count }, (_unused, index) => ({
    identifier: `FWU-${String(index + 1)}`,
    fn_titel: `Titel ${String(index + 1)}`,
  }));

function renderDialog(list: { identifier: string; fn_titel: string }[]) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  renderInApp(<DeleteMediaDialog open media={list} onClose={onClose} onDeleted={onDeleted} />);
  return { onClose, onDeleted };
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeleteMediaDialog', () => {
  it('asks for one medium by its title (markup sanitised) and deletes it by its id', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { onDeleted, onClose } = renderDialog([
      { identifier: 'FWU-5501', fn_titel: 'H<sub>2</sub>O <img src=x onerror="alert(1)">' },
    ]);
    const dialog = screen.getByRole('dialog', { name: '"H2O " löschen?' });
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog).toHaveTextContent('Diese Aktion kann nicht rückgängig gemacht werden.');
    expect(within(dialog).queryByRole('list')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => {
      expect(onDeleted).toHaveBeenCalledWith(1);
    });
    expect(calls).toEqual([
      { method: 'DELETE', url: '/api/v1/producer/media/FWU-5501', body: undefined },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lists the first three of several titles, then how many more, and deletes them in bulk', async () => {
    const calls = stubFetch(() => jsonResponse({ updated: 5 }));
    const { onDeleted } = renderDialog(media(5));
    const dialog = screen.getByRole('dialog', { name: '5 Medien löschen?' });
    const items = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Titel 1', 'Titel 2', 'Titel 3']);
    expect(dialog).toHaveTextContent('und 2 weitere');
    expect(dialog).toHaveTextContent('Diese Aktion kann nicht rückgängig gemacht werden.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => {
      expect(onDeleted).toHaveBeenCalledWith(5);
    });
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/v1/producer/media/bulk',
        body: { ids: ['FWU-1', 'FWU-2', 'FWU-3', 'FWU-4', 'FWU-5'] },
      },
    ]);
  });

  it('lists three titles without a remainder', () => {
    renderDialog(media(3));
    const dialog = screen.getByRole('dialog', { name: '3 Medien löschen?' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(dialog).not.toHaveTextContent('weitere');
  });

  it("shows the server's message in the dialog and stays open", async () => {
    stubFetch(() =>
      jsonResponse(
        { error: 'Forbidden', message: 'Mindestens ein Medium gehört nicht zu Ihrem Bestand.' },
        403,
      ),
    );
    const { onDeleted, onClose } = renderDialog(media(2));
    const dialog = screen.getByRole('dialog', { name: '2 Medien löschen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Mindestens ein Medium gehört nicht zu Ihrem Bestand.',
    );
    expect(onDeleted).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels without a call', async () => {
    const calls = stubFetch(() => jsonResponse({ updated: 0 }));
    const { onClose } = renderDialog(media(2));
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });
});
