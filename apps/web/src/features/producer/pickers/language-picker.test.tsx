import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from './language-picker.tsx';

const medium = { fn_titel: 'Die Photosynthese', fn_nr: '4611234' };

function renderPicker(value = '') {
  const onSave = vi.fn<(value: string) => void>();
  const onCancel = vi.fn<() => void>();
  render(<LanguagePicker open medium={medium} value={value} onSave={onSave} onCancel={onCancel} />);
  return { onSave, onCancel, user: userEvent.setup() };
}

const combobox = () => screen.getByRole('combobox', { name: 'Sprache' });
const button = (name: string) => screen.getByRole('button', { name });

describe('LanguagePicker', () => {
  it('shows the stored languages as chips labelled code - name', () => {
    renderPicker('de; en(u)');
    expect(screen.getByRole('dialog', { name: 'Sprachen bearbeiten' })).toBeInTheDocument();
    expect(button('de - Deutsch')).toBeInTheDocument();
    expect(button('en(u) - Englisch')).toBeInTheDocument();
  });

  it('disables the add buttons until a language is selected; shows the empty state', () => {
    renderPicker();
    expect(screen.getByText('Keine Sprachen ausgewählt')).toBeInTheDocument();
    for (const name of ['Hinzufügen', 'Mit Untertitel', 'Für Hörgeschädigte', 'Auswahl leeren']) {
      expect(button(name)).toBeDisabled();
    }
  });

  it('selects a language with the keyboard and adds it plain, with (u) and with (h)', async () => {
    const { user, onSave } = renderPicker('de');
    await user.click(combobox());
    await user.keyboard('engl');
    expect(screen.getByRole('option', { name: 'en - Englisch' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(combobox()).toHaveValue('en - Englisch');
    await user.click(button('Hinzufügen'));
    await user.click(button('Mit Untertitel'));
    await user.click(button('Für Hörgeschädigte'));
    expect(button('en(h) - Englisch')).toBeInTheDocument();
    await user.click(button('Speichern'));
    expect(onSave).toHaveBeenCalledWith('de; en; en(u); en(h)');
  });

  it('moves through the list with down and up; Enter selects; Escape closes only the list', async () => {
    const { user, onCancel } = renderPicker();
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    const highlighted = () => combobox().getAttribute('aria-activedescendant');
    const option = (name: string) => screen.getByRole('option', { name }).id;
    // The list opens with the first option highlighted.
    expect(highlighted()).toBe(option('de - Deutsch'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe(option('fr - Französisch'));
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(option('en - Englisch'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(combobox()).toHaveValue('en - Englisch');
    expect(button('Hinzufügen')).toBeEnabled();
  });

  it('collapses duplicates and removes a chip', async () => {
    const { user, onSave } = renderPicker('fr; en(u)');
    await user.click(combobox());
    await user.keyboard('fran{Enter}');
    await user.click(button('Hinzufügen'));
    await user.click(button('Hinzufügen'));
    expect(screen.getAllByRole('button', { name: 'fr - Französisch' })).toHaveLength(1);
    await user.click(screen.getByTitle('en(u) - Englisch entfernen'));
    await user.click(button('Speichern'));
    expect(onSave).toHaveBeenCalledWith('fr');
  });

  it('clears the selection with the clear button', async () => {
    const { user } = renderPicker();
    await user.click(combobox());
    await user.keyboard('deu{Enter}');
    expect(button('Hinzufügen')).toBeEnabled();
    await user.click(button('Auswahl leeren'));
    expect(combobox()).toHaveValue('');
    expect(button('Hinzufügen')).toBeDisabled();
  });

  it('does not save on Abbrechen', async () => {
    const { user, onSave, onCancel } = renderPicker('de');
    await user.click(combobox());
    await user.keyboard('engl{Enter}');
    await user.click(button('Hinzufügen'));
    await user.click(button('Abbrechen'));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
