import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Änderungen verwerfen"
      message="Alle ungespeicherten Änderungen verwerfen? Diese Aktion kann nicht rückgängig gemacht werden."
      confirmLabel="Verwerfen"
      destructive
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its message, with Abbrechen by default', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Änderungen verwerfen' });
    expect(dialog).toHaveAccessibleDescription(
      'Alle ungespeicherten Änderungen verwerfen? Diese Aktion kann nicht rückgängig gemacht werden.',
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });

  it('confirms by its button, and by Enter on the focused confirm button', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const confirm = screen.getByRole('button', { name: 'Verwerfen' });
    expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape and by the cancel button', async () => {
    const { onConfirm, onCancel } = renderDialog({ cancelLabel: 'Zurück' });
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('neither cancels nor confirms again while busy', async () => {
    const { onConfirm, onCancel } = renderDialog({ busy: true });
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Verwerfen/ })).toBeDisabled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
