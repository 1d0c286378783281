import { MESSAGES, type Mediathek } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { MediathekDialog } from './mediathek-dialog.tsx';
import { MEDIATHEKEN, prepareProducer } from './test-data.ts';

const saved: Mediathek = {
  id: 9,
  name: 'Erdkunde für Klasse 5',
  path: 'fwu/erdkunde-fuer-klasse-5',
  description: '',
  identifiers: ['FWU-101'],
};

function renderDialog(mediathek: Mediathek | null = null) {
  const onSaved = vi.fn();
  renderInApp(<MediathekDialog open mediathek={mediathek} onClose={vi.fn()} onSaved={onSaved} />, {
    prepare: prepareProducer,
  });
  const dialog = screen.getByRole('dialog');
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
  return { dialog, field, submit, onSaved };
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MediathekDialog', { timeout: 20_000 }, () => {
  it('fills the path from the name under the pool until the path is typed by hand', async () => {
    stubFetch(() => jsonResponse(saved, 201));
    const { field } = renderDialog();
    await userEvent.type(field('Name'), 'Erdkunde für Klasse 5');
    expect(field('Pfad')).toHaveValue('fwu/erdkunde-fuer-klasse-5');
    await userEvent.clear(field('Pfad'));
    await userEvent.type(field('Pfad'), 'fwu/geo');
    await userEvent.type(field('Name'), '!');
    expect(field('Pfad')).toHaveValue('fwu/geo');
    expect(field('Pfad')).toHaveAccessibleDescription(/Kleinbuchstaben, Ziffern und Bindestriche/);
  });

  it('checks name and path with the German rules and sends nothing', async () => {
    const calls = stubFetch(() => jsonResponse(saved, 201));
    const { field, submit } = renderDialog();
    await userEvent.type(field('Pfad'), 'Bio Logie/!');
    await submit();
    expect(await screen.findByText(MESSAGES.licences.mediathekName)).toBeInTheDocument();
    expect(field('Pfad')).toHaveAccessibleDescription(MESSAGES.licences.mediathekPath);
    expect(field('Pfad')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('creates a Mediathek with the media picked from the pool', async () => {
    const calls = stubFetch(() => jsonResponse(saved, 201));
    const { dialog, field, submit, onSaved } = renderDialog();
    await userEvent.type(field('Name'), 'Erdkunde für Klasse 5');
    await userEvent.type(field('Beschreibung'), 'Karten und Filme');
    const picker = within(dialog).getByRole('group', { name: 'Medien der Mediathek' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: /Die Zelle/ }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: /Die Lunge.*Entwurf/ }));
    await submit();
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith(saved);
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/producer/mediatheken',
        body: {
          name: 'Erdkunde für Klasse 5',
          path: 'fwu/erdkunde-fuer-klasse-5',
          description: 'Karten und Filme',
          identifiers: ['FWU-101', 'FWU-104'],
        },
      },
    ]);
  });

  it("shows the server's 409 for a taken path at the path field", async () => {
    const taken = MESSAGES.licences.mediathekPathTaken('fwu/biologie-sek1');
    stubFetch(() => jsonResponse({ error: 'Conflict', message: taken }, 409));
    const { dialog, field, submit, onSaved } = renderDialog();
    await userEvent.type(field('Name'), 'Biologie');
    await userEvent.clear(field('Pfad'));
    await userEvent.type(field('Pfad'), 'fwu/biologie-sek1');
    await submit();
    await waitFor(() => {
      expect(field('Pfad')).toHaveAccessibleDescription(taken);
    });
    expect(field('Pfad')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Pfad')).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('changes a Mediathek with PUT and keeps its path when the name changes', async () => {
    const [biology] = MEDIATHEKEN;
    if (!biology) {
      throw new Error('test data');
    }
    const calls = stubFetch(() => jsonResponse(biology));
    const { dialog, field, submit } = renderDialog(biology);
    expect(dialog).toHaveAccessibleName('Mediathek „Biologie Sekundarstufe I“ bearbeiten');
    await userEvent.type(field('Name'), ' (neu)');
    expect(field('Pfad')).toHaveValue('fwu/biologie-sek1');
    await userEvent.click(within(dialog).getByRole('button', { name: '„Die Zelle“ entfernen' }));
    await submit();
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/v1/producer/mediatheken/7',
      body: {
        name: 'Biologie Sekundarstufe I (neu)',
        path: 'fwu/biologie-sek1',
        description: 'Filme für den Biologieunterricht.',
        identifiers: ['FWU-102'],
      },
    });
  });
});
