import type { ProducerMedium } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderInApp } from '../../../test/render.tsx';
import { AddMediumWizard } from './add-medium-wizard.tsx';

const CREATED = {
  identifier: 'FWU-NEU-1',
  pool: 'fwu',
  fn_prodname: 'FWU',
  fn_context: 'admin/fwu',
  fn_aenderung: '2026-11-24T02:00:00.000Z',
  teaser_image: null,
  fn_nr: 'NEU-1',
  fn_titel: 'Der Wasserkreislauf',
  fn_adressat: 'SO',
} as unknown as ProducerMedium;

function renderWizard() {
  const onClose = vi.fn<(created: ProducerMedium | null, draftDeleted?: boolean) => void>();
  renderInApp(<AddMediumWizard open onClose={onClose} />);
  const wizard = screen.getByRole('dialog', { name: 'Neues Medium hinzufügen' });
  return { wizard, onClose, user: userEvent.setup() };
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Step 1 filled in: number, title and a target group through its picker. */
async function fillStepOne(wizard: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(wizard).getByRole('textbox', { name: /^Medien-Nr\./ }), 'NEU-1');
  await user.type(within(wizard).getByRole('textbox', { name: /^Titel/ }), 'Der Wasserkreislauf');
  await user.click(within(wizard).getByRole('button', { name: 'Auswählen' }));
  const picker = screen.getByRole('dialog', { name: 'Zielgruppen bearbeiten' });
  await user.click(
    within(within(picker).getByRole('group', { name: 'Zielgruppen' })).getByRole('button', {
      name: /Sonderpädagogik/,
    }),
  );
  await user.click(within(picker).getByRole('button', { name: 'Speichern' }));
}

// Every step is typed and clicked through as a person would: slow on a shared machine.
describe('AddMediumWizard', { timeout: 30_000 }, () => {
  it('names the fields as the grid does and says where each text appears', async () => {
    const { wizard, user } = renderWizard();
    expect(within(wizard).getByRole('textbox', { name: /^Medien-Nr\./ })).toBeInTheDocument();
    expect(within(wizard).getByRole('textbox', { name: /^Titel/ })).toHaveAccessibleDescription(
      /Karten/,
    );
    await fillStepOne(wizard, user);
    await user.click(within(wizard).getByRole('button', { name: 'Weiter' }));
    expect(
      within(wizard).getByRole('textbox', { name: 'Beschreibung' }),
    ).toHaveAccessibleDescription(/Seite des Mediums unter der Kurzbeschreibung/);
    expect(
      within(wizard).getByRole('textbox', { name: 'Kurzbeschreibung' }),
    ).toHaveAccessibleDescription(/kurze Text auf den Karten/);
    expect(within(wizard).getByRole('textbox', { name: 'Langtext' })).toBeInTheDocument();
    expect(within(wizard).queryByText('Zusammenfassung')).toBeNull();
    expect(within(wizard).queryByText('Detaillierte Beschreibung')).toBeNull();
  });

  it('closes on Escape at once while nothing was typed', async () => {
    const { onClose, user } = renderWizard();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(null);
  });

  it('asks before Escape or Abbrechen discard what was typed', async () => {
    const { wizard, onClose, user } = renderWizard();
    const title = within(wizard).getByRole('textbox', { name: /^Titel/ });
    await user.type(title, 'Fast fertig');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Eingaben verwerfen?' });
    expect(ask).toHaveTextContent('gehen Ihre Eingaben verloren');
    await user.click(within(ask).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Eingaben verwerfen?' })).toBeNull();
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(title).toHaveValue('Fast fertig');

    await user.click(within(wizard).getByRole('button', { name: 'Abbrechen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Eingaben verwerfen?' })).getByRole(
        'button',
        { name: 'Eingaben verwerfen' },
      ),
    );
    expect(onClose).toHaveBeenCalledWith(null);
  });

  it('after creating, offers to keep the draft or to delete it', async () => {
    const calls = stubFetch((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(CREATED, 201),
    );
    const { wizard, onClose, user } = renderWizard();
    await fillStepOne(wizard, user);
    for (let step = 0; step < 4; step += 1) {
      await user.click(within(wizard).getByRole('button', { name: 'Weiter' }));
    }
    await user.click(within(wizard).getByRole('button', { name: 'Medium erstellen' }));
    // The new step's heading has the focus (the create button is gone): Escape reaches the dialog.
    expect(await within(wizard).findByText('Schritt 6 von 7: Teaser Bild')).toHaveFocus();

    await user.keyboard('{Escape}');
    let ask = await screen.findByRole('dialog', { name: 'Entwurf behalten?' });
    expect(ask).toHaveTextContent(
      '„Der Wasserkreislauf“ (FWU-NEU-1) ist schon als Entwurf angelegt',
    );
    expect(within(ask).getByRole('button', { name: 'Entwurf behalten' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Entwurf behalten?' })).toBeNull();
    });
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(wizard).getByRole('button', { name: 'Abbrechen' }));
    ask = await screen.findByRole('dialog', { name: 'Entwurf behalten?' });
    await user.click(within(ask).getByRole('button', { name: 'Entwurf löschen' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledWith(null, true);
    });
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/FWU-NEU-1'))).toBe(
      true,
    );
  });

  it('keeps the draft when asked to and hands it to the grid', async () => {
    stubFetch(() => jsonResponse(CREATED, 201));
    const { wizard, onClose, user } = renderWizard();
    await fillStepOne(wizard, user);
    for (let step = 0; step < 4; step += 1) {
      await user.click(within(wizard).getByRole('button', { name: 'Weiter' }));
    }
    await user.click(within(wizard).getByRole('button', { name: 'Medium erstellen' }));
    await within(wizard).findByText('Schritt 6 von 7: Teaser Bild');
    await user.click(within(wizard).getByRole('button', { name: 'Abbrechen' }));
    const ask = await screen.findByRole('dialog', { name: 'Entwurf behalten?' });
    await user.click(within(ask).getByRole('button', { name: 'Entwurf behalten' }));
    expect(onClose).toHaveBeenCalledWith(CREATED);
  });
});
