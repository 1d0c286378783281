import type { Organisation } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mzSchoolsQueryOptions } from '../../api/mz-schools.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { PassOnDialog } from './pass-on-dialog.tsx';
import { licence, passedOn } from './test-licences.ts';

const school = (id: number, name: string, number: string): Organisation => ({
  id,
  kind: 'school',
  name,
  school_number: number,
  district: 'kreis-nord',
});
const SCHOOLS = [
  school(21, 'Gesamtschule Am Stadtpark', '100234'),
  school(22, 'Grundschule Lindenweg', '100871'),
  school(23, 'Gymnasium am Markt', '100455'),
];
const film = licence({ id: 5, scope: { ...licence({ id: 5 }).scope, label: 'Der <i>Wald</i>' } });

function renderDialog(held = { licence: film, passedOn: [] as ReturnType<typeof licence>[] }) {
  const onClose = vi.fn();
  const onPassedOn = vi.fn();
  renderInApp(<PassOnDialog open held={held} onClose={onClose} onPassedOn={onPassedOn} />, {
    prepare: (client) => {
      client.setQueryData(mzSchoolsQueryOptions.queryKey, SCHOOLS);
    },
  });
  return {
    onClose,
    onPassedOn,
    dialog: screen.getByRole('dialog', { name: 'An Schulen weitergeben' }),
  };
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PassOnDialog', () => {
  it('lists the schools with their numbers and passes the licence on to the ones ticked', async () => {
    const calls = stubFetch(() => jsonResponse([], 201));
    const { dialog, onPassedOn } = renderDialog();
    expect(dialog).toHaveTextContent('Wählen Sie die Schulen, die „Der Wald“ nutzen dürfen.');
    const stadtpark = within(dialog).getByRole('checkbox', {
      name: 'Gesamtschule Am Stadtpark · Schulnummer 100234',
    });
    await userEvent.click(stadtpark);
    expect(dialog).toHaveTextContent('1 Schule ausgewählt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weitergeben' }));
    await waitFor(() => {
      expect(onPassedOn).toHaveBeenCalledWith(1);
    });
    expect(calls).toEqual([
      { method: 'POST', url: '/api/v1/mz/licences/5/assignments', body: { school_ids: [21] } },
    ]);
  });

  it("'Alle Schulen' ticks every school that has not got the licence; those that have stay fixed", async () => {
    const calls = stubFetch(() => jsonResponse([], 201));
    const { dialog } = renderDialog({
      licence: film,
      passedOn: [passedOn(film, 30, 'Grundschule Lindenweg', '100871')],
    });
    const lindenweg = within(dialog).getByRole('checkbox', { name: /Grundschule Lindenweg/ });
    expect(lindenweg).toBeChecked();
    expect(lindenweg).toBeDisabled();
    expect(dialog).toHaveTextContent('hat die Lizenz schon');
    const all = within(dialog).getByRole('checkbox', { name: 'Alle Schulen' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Gymnasium am Markt/ }));
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(all);
    expect(all).toBeChecked();
    expect(dialog).toHaveTextContent('2 Schulen ausgewählt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weitergeben' }));
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toEqual({ school_ids: [21, 23] });
    await userEvent.click(all);
    expect(dialog).toHaveTextContent('0 Schulen ausgewählt');
  });

  it('asks for a school before calling, and shows the server message in the dialog', async () => {
    const calls = stubFetch(() =>
      jsonResponse({ message: 'Diese Lizenz wurde nicht gefunden.' }, 404),
    );
    const { dialog, onPassedOn, onClose } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weitergeben' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Bitte wählen Sie mindestens eine Einrichtung.',
    );
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Gymnasium am Markt/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weitergeben' }));
    expect(await within(dialog).findByText('Diese Lizenz wurde nicht gefunden.')).toBeVisible();
    expect(onPassedOn).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalled();
  });
});
