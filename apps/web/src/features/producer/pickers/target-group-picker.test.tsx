import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TargetGroupPicker } from './target-group-picker.tsx';

const medium = { fn_titel: 'Die Photosynthese', fn_nr: '4611234' };

function renderPicker(value = '') {
  const onSave = vi.fn<(value: string) => void>();
  const onCancel = vi.fn<() => void>();
  render(
    <TargetGroupPicker open medium={medium} value={value} onSave={onSave} onCancel={onCancel} />,
  );
  return { onSave, onCancel, user: userEvent.setup() };
}

const card = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Zielgruppen' })).getByRole('button', { name });
const selected = (name: string) => screen.getByRole('listitem', { name });

describe('TargetGroupPicker', () => {
  it('toggles audience cards and lists the chosen ones; empty state', async () => {
    const { user } = renderPicker();
    expect(screen.getByRole('dialog', { name: 'Zielgruppen bearbeiten' })).toBeInTheDocument();
    expect(screen.getByText('Keine Zielgruppen ausgewählt')).toBeInTheDocument();
    await user.click(card(/Sonderpädagogik/));
    expect(card(/Sonderpädagogik/)).toHaveAttribute('aria-pressed', 'true');
    expect(selected('Sonderpädagogik / Förderschule')).toBeInTheDocument();
    // SO has no levels: no switch.
    expect(within(selected('Sonderpädagogik / Förderschule')).queryByRole('switch')).toBeNull();
    await user.click(card(/Sonderpädagogik/));
    expect(card(/Sonderpädagogik/)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Keine Zielgruppen ausgewählt')).toBeInTheDocument();
  });

  it('narrows A to levels 5 to 7, previews it and saves A(5-7); SO', async () => {
    const { user, onSave } = renderPicker();
    await user.click(card(/Allgemeinbildende Schule/));
    await user.click(card(/Sonderpädagogik/));
    const group = selected('Allgemeinbildende Schule');
    const levels = within(group).getByRole('switch');
    expect(within(group).getByText('Ohne Stufen')).toBeInTheDocument();
    await user.click(levels);
    expect(within(group).getByText('Mit Stufen')).toBeInTheDocument();
    const from = within(group).getByRole('combobox', { name: 'Von' });
    const to = within(group).getByRole('combobox', { name: 'Bis' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13']);
    expect(within(group).getByText('Vorschau: A(1-13)')).toBeInTheDocument();
    await user.selectOptions(from, '5');
    await user.selectOptions(to, '7');
    expect(within(group).getByText('Vorschau: A(5-7)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('A(5-7); SO');
  });

  it('moves the other end when from passes to, and sets the same level', async () => {
    const { user, onSave } = renderPicker('J(8-10)');
    const group = selected('Kinder- und Jugendbildung');
    const from = within(group).getByRole('combobox', { name: 'Von' });
    const to = within(group).getByRole('combobox', { name: 'Bis' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['6', '8', '10', '12', '14', '16', '18']);
    await user.selectOptions(from, '14');
    expect(to).toHaveValue('14');
    expect(within(group).getByText('Vorschau: J(14)')).toBeInTheDocument();
    await user.selectOptions(to, '6');
    expect(from).toHaveValue('6');
    await user.selectOptions(to, '12');
    expect(within(group).getByText('Vorschau: J(6-12)')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Gleiche Stufe' }));
    expect(to).toHaveValue('6');
    expect(within(group).getByText('Vorschau: J(6)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('J(6)');
  });

  it('offers the E levels, turns levels off and removes a group', async () => {
    const { user, onSave } = renderPicker('E(3-6); A(5); Q');
    const elementary = selected('Elementarbereich');
    expect(
      within(within(elementary).getByRole('combobox', { name: 'Von' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3', '4', '5', '6']);
    await user.click(within(elementary).getByRole('switch'));
    expect(within(elementary).queryByRole('combobox')).toBeNull();
    await user.click(
      within(selected('Erwachsenenbildung')).getByRole('button', {
        name: 'Erwachsenenbildung entfernen',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('E; A(5)');
  });

  it('does not save on Abbrechen', async () => {
    const { user, onSave, onCancel } = renderPicker('A(5)');
    await user.click(card(/Sonderpädagogik/));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
