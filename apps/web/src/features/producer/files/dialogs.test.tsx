import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NameDialog } from './name-dialog.tsx';
import { UploadDialog, type UploadState } from './upload-dialog.tsx';

function renderNameDialog(initialName?: string) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <NameDialog
      open
      title="Neuen Ordner erstellen"
      label="Ordnername"
      submitLabel="Erstellen"
      {...(initialName === undefined ? {} : { initialName })}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose };
}

describe('NameDialog', () => {
  it('keeps its button disabled while the name is empty and says "Pflichtfeld"', async () => {
    const { onSubmit } = renderNameDialog();
    const dialog = screen.getByRole('dialog', { name: 'Neuen Ordner erstellen' });
    const field = within(dialog).getByRole('textbox', { name: 'Ordnername' });
    expect(field).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Erstellen' })).toBeDisabled();
    await userEvent.type(field, 'a');
    await userEvent.clear(field);
    expect(dialog).toHaveTextContent('Pflichtfeld');
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses invalid characters and submits a valid name on Enter', async () => {
    const { onSubmit } = renderNameDialog();
    const field = screen.getByRole('textbox', { name: 'Ordnername' });
    await userEvent.type(field, 'a/b');
    expect(screen.getByText('Ungültige Zeichen im Dateinamen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erstellen' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, ' Kapitel 1 {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Kapitel 1');
  });

  it('refuses a name longer than the storage takes, saying how long it may be', async () => {
    const { onSubmit } = renderNameDialog('ä'.repeat(122));
    expect(
      screen.getByText(
        'Der Name ist zu lang (höchstens 243 Bytes, so viele Zeichen ohne Umlaute).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erstellen' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Ordnername' }), '{Backspace}{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('ä'.repeat(121));
  });

  it('starts with the current name for a rename and cancels on Escape', async () => {
    const { onClose } = renderNameDialog('alt.pdf');
    expect(screen.getByRole('textbox', { name: 'Ordnername' })).toHaveValue('alt.pdf');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

const state = (overrides: Partial<UploadState>): UploadState => ({
  total: 3,
  done: 0,
  results: [],
  uploading: true,
  preparing: false,
  ...overrides,
});

describe('UploadDialog', () => {
  it('is "Dateien hochladen" up to 10 files, lists each, and can only be aborted while running', async () => {
    const onAbort = vi.fn();
    const onClose = vi.fn();
    render(
      <UploadDialog
        open
        state={state({
          done: 2,
          results: [
            { file: 'a.pdf', success: true },
            { file: 'b.pdf', success: false, error: 'Failed to upload file: HTTP 507' },
          ],
        })}
        onAbort={onAbort}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Dateien hochladen' });
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
    expect(dialog).toHaveTextContent('b.pdf');
    expect(dialog).toHaveTextContent('Failed to upload file: HTTP 507');
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(onAbort).toHaveBeenCalled();
  });

  it('is "Bulk Upload" above 10 files with a counter, listing only failures', () => {
    render(
      <UploadDialog
        open
        state={state({
          total: 11,
          done: 4,
          uploading: false,
          results: [
            { file: 'a.pdf', success: true },
            {
              file: 'Upload abgebrochen',
              success: false,
              error: 'Upload wurde vom Benutzer abgebrochen',
            },
          ],
        })}
        onAbort={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Bulk Upload' });
    expect(dialog).toHaveTextContent('4 von 11 Dateien');
    expect(dialog).not.toHaveTextContent('a.pdf');
    expect(dialog).toHaveTextContent('Upload abgebrochenUpload wurde vom Benutzer abgebrochen');
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
  });
});
