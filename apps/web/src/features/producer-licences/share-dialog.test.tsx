import { MESSAGES } from '@medienkatalog/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchCall } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { CENTRE, licence, prepareProducer, SCHOOL } from './test-data.ts';

/** The server: organisations by name or school number; a share answers one licence each. */
function server(call: FetchCall): Response {
  if (call.url.startsWith('/api/v1/producer/organisations')) {
    const query = decodeURIComponent(call.url.split('q=')[1] ?? '').toLowerCase();
    return jsonResponse(
      [CENTRE, SCHOOL].filter(
        (organisation) =>
          organisation.name.toLowerCase().includes(query) || organisation.school_number === query,
      ),
    );
  }
  return jsonResponse([licence({ id: 11 }), licence({ id: 12 })], 201);
}

function renderDialog() {
  const onShared = vi.fn();
  const onClose = vi.fn();
  renderInApp(<ShareDialog open onClose={onClose} onShared={onShared} />, {
    prepare: prepareProducer,
  });
  const dialog = screen.getByRole('dialog', { name: 'Neue Freigabe' });
  const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
  return { dialog, submit, onShared, onClose };
}

async function chooseOrganisation(dialog: HTMLElement, typed: string, name: RegExp) {
  await userEvent.type(within(dialog).getByRole('combobox', { name: 'Einrichtungen' }), typed);
  await userEvent.click(await screen.findByRole('option', { name }));
}

const setDate = (dialog: HTMLElement, label: string, value: string) => {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
};

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing into MUI's autocomplete and date fields takes a few seconds in jsdom.
describe('ShareDialog', { timeout: 20_000 }, () => {
  it('asks for an organisation, media and sensible terms before anything is sent', async () => {
    const calls = stubFetch(server);
    const { dialog, submit, onShared } = renderDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Ausgewählte Medien' }));
    setDate(dialog, 'Gültig ab', '2026-12-01');
    setDate(dialog, 'Gültig bis', '2026-11-30');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Nutzungen/ }), '0');
    await submit();

    expect(await within(dialog).findByText(MESSAGES.licences.licensee)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.licences.media)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.licences.dateOrder)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.licences.uses)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Gültig bis')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(onShared).not.toHaveBeenCalled();
  });

  it('asks for a Mediathek when the share is for one', async () => {
    const calls = stubFetch(server);
    const { dialog, submit } = renderDialog();
    await chooseOrganisation(dialog, 'nord', /Kreismedienzentrum Nord/);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Eine Mediathek' }));
    await submit();
    expect(await within(dialog).findByText(MESSAGES.licences.mediathek)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('finds organisations by school number, shares chosen media with the terms and reports the count', async () => {
    const calls = stubFetch(server);
    const { dialog, submit, onShared } = renderDialog();
    await chooseOrganisation(dialog, 'nord', /^Kreismedienzentrum Nord\s*·\s*Medienzentrum$/);
    await userEvent.clear(within(dialog).getByRole('combobox', { name: 'Einrichtungen' }));
    await chooseOrganisation(dialog, '100455', /^Gymnasium am Markt\s*·\s*Schulnummer 100455$/);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Ausgewählte Medien' }));
    const picker = within(dialog).getByRole('group', { name: 'Medien' });
    await userEvent.type(within(picker).getByRole('searchbox', { name: 'Medien suchen' }), 'herz');
    await waitFor(() => {
      expect(within(picker).getAllByRole('checkbox')).toHaveLength(1);
    });
    await userEvent.click(within(picker).getByRole('checkbox', { name: /Das Herz/ }));
    expect(within(picker).getByText('1 Medium ausgewählt')).toBeInTheDocument();

    setDate(dialog, 'Gültig ab', '2026-12-01');
    setDate(dialog, 'Gültig bis', '2027-07-31');
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Streamen und Herunterladen' }),
    );
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Nutzungen/ }), '30');
    await submit();

    await waitFor(() => {
      expect(onShared).toHaveBeenCalledWith(2);
    });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/producer/shares',
        body: {
          organisation_ids: [CENTRE.id, SCHOOL.id],
          scope: { kind: 'media', identifiers: ['FWU-103'] },
          terms: {
            valid_from: '2026-12-01',
            valid_until: '2027-07-31',
            rights: 'download',
            uses: 30,
          },
        },
      },
    ]);
  });

  it("shares the whole pool by default and shows the server's refusal in the dialog", async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ message: MESSAGES.licences.licenseeUnknown }, 400)
        : server(call),
    );
    const { dialog, submit, onShared } = renderDialog();
    await chooseOrganisation(dialog, 'nord', /Kreismedienzentrum Nord/);
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MESSAGES.licences.licenseeUnknown,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      scope: { kind: 'pool' },
      terms: { valid_until: null, rights: 'stream', uses: null },
    });
    expect(onShared).not.toHaveBeenCalled();
  });
});
