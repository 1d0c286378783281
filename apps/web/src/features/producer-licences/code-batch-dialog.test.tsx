import { MESSAGES, type CreatedCodeBatch } from '@medienkatalog/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderInApp } from '../../test/render.tsx';
import { CodeBatchDialog } from './code-batch-dialog.tsx';
import { batch, prepareProducer } from './test-data.ts';

const created: CreatedCodeBatch = { ...batch(), plain_codes: ['K7QM-3XHD-9TWR-P2EZ'] };

function renderDialog() {
  const onCreated = vi.fn();
  renderInApp(<CodeBatchDialog open onClose={vi.fn()} onCreated={onCreated} />, {
    prepare: prepareProducer,
  });
  const dialog = screen.getByRole('dialog', { name: 'Codes erstellen' });
  const count = within(dialog).getByRole('spinbutton', { name: /Anzahl der Codes/ });
  const submit = () =>
    userEvent.click(within(dialog).getByRole('button', { name: 'Codes erstellen' }));
  return { dialog, count, submit, onCreated };
}

beforeEach(() => {
  document.cookie = 'mk_csrf=token';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CodeBatchDialog', { timeout: 20_000 }, () => {
  it.each(['0', '1001', '2.5', ''])('refuses %j codes with the German message', async (typed) => {
    const calls = stubFetch(() => jsonResponse(created, 201));
    const { dialog, count, submit, onCreated } = renderDialog();
    await userEvent.clear(count);
    if (typed !== '') {
      await userEvent.type(count, typed);
    }
    await submit();
    expect(await within(dialog).findByText(MESSAGES.licences.count)).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('makes a batch for a Mediathek with label, terms and count, and hands on the plain codes', async () => {
    const calls = stubFetch(() => jsonResponse(created, 201));
    const { dialog, count, submit, onCreated } = renderDialog();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Bezeichnung (optional)' }),
      'Fortbildung März',
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Eine Mediathek' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Mediathek' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Biologie Sekundarstufe I (2 Medien)' }),
    );
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await submit();
    await waitFor(() => {
      expect(onCreated).toHaveBeenCalledWith(created);
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/producer/codes',
        body: {
          label: 'Fortbildung März',
          scope: { kind: 'mediathek', mediathek_id: 7 },
          terms: {
            valid_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
            valid_until: null,
            rights: 'stream',
            uses: null,
          },
          count: 3,
        },
      },
    ]);
  });
});
