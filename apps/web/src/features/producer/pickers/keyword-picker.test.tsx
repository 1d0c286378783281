import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KeywordPicker } from './keyword-picker.tsx';

const medium = { fn_titel: 'Die Photosynthese', fn_nr: '4611234' };

function renderPicker(value = '') {
  const onSave = vi.fn<(value: string) => void>();
  const onCancel = vi.fn<() => void>();
  const result = render(
    <KeywordPicker open medium={medium} value={value} onSave={onSave} onCancel={onCancel} />,
  );
  return { ...result, onSave, onCancel, user: userEvent.setup() };
}

describe('KeywordPicker', () => {
  it('shows the title, the medium and the empty state', () => {
    renderPicker();
    const dialog = screen.getByRole('dialog', { name: 'Schlagwörter bearbeiten' });
    expect(dialog).toHaveTextContent('Die Photosynthese');
    expect(dialog).toHaveTextContent('Nr. 4611234');
    expect(dialog).toHaveAccessibleDescription(/Die Photosynthese.*Nr\. 4611234/);
    expect(screen.getByText('Keine Schlagwörter vorhanden')).toBeInTheDocument();
  });

  it('adds trimmed keywords with Enter and the plus button, ignores empty ones and duplicates', async () => {
    const { user, onSave } = renderPicker('Pflanzen');
    const input = screen.getByRole('textbox', { name: 'Schlagwort' });
    await user.type(input, '  Blatt  {Enter}');
    expect(input).toHaveValue('');
    await user.type(input, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Schlagwort hinzufügen' }));
    await user.type(input, 'pflanzen');
    await user.click(screen.getByRole('button', { name: 'Schlagwort hinzufügen' }));
    await user.type(input, 'Wald');
    await user.click(screen.getByRole('button', { name: 'Schlagwort hinzufügen' }));
    expect(screen.getAllByRole('button', { name: /^(Pflanzen|Blatt|Wald)$/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('Pflanzen, Blatt, Wald');
  });

  it('removes a keyword by its chip and shows the empty state again', async () => {
    const { user, onSave } = renderPicker('Pflanzen, Blatt');
    await user.click(screen.getByTitle('Pflanzen entfernen'));
    await user.click(
      within(screen.getByRole('button', { name: 'Blatt' })).getByTitle('Blatt entfernen'),
    );
    expect(screen.getByText('Keine Schlagwörter vorhanden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('');
  });

  it('removes a focused chip with the Delete key', async () => {
    const { user, onSave } = renderPicker('Pflanzen, Blatt');
    screen.getByRole('button', { name: 'Pflanzen' }).focus();
    await user.keyboard('{Delete}');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('Blatt');
  });

  it('cancels with Escape in the input and with Abbrechen, without saving', async () => {
    const { user, onSave, onCancel } = renderPicker('Pflanzen');
    await user.type(screen.getByRole('textbox', { name: 'Schlagwort' }), 'Blatt{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('starts from the value again on each opening', async () => {
    const onSave = vi.fn<(value: string) => void>();
    const props = { medium, value: 'Pflanzen', onSave, onCancel: vi.fn<() => void>() };
    const user = userEvent.setup();
    const { rerender } = render(<KeywordPicker open {...props} />);
    await user.type(screen.getByRole('textbox', { name: 'Schlagwort' }), 'Blatt{Enter}');
    expect(screen.getByRole('button', { name: 'Blatt' })).toBeInTheDocument();
    rerender(<KeywordPicker open={false} {...props} />);
    rerender(<KeywordPicker open {...props} />);
    expect(screen.queryByRole('button', { name: 'Blatt' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('Pflanzen');
  });
});
