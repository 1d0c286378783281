import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubjectAreaPicker } from './subject-area-picker.tsx';

const medium = { fn_titel: 'Die Photosynthese', fn_nr: '4611234' };

function renderPicker(value = '') {
  const onSave = vi.fn<(value: string) => void>();
  const onCancel = vi.fn<() => void>();
  render(
    <SubjectAreaPicker open medium={medium} value={value} onSave={onSave} onCancel={onCancel} />,
  );
  return { onSave, onCancel, user: userEvent.setup() };
}

const tree = () => screen.getByRole('tree', { name: 'Sachgebiete' });
const node = (name: string) => within(tree()).getByRole('treeitem', { name });
const queryNode = (name: string) => within(tree()).queryByRole('treeitem', { name });

describe('SubjectAreaPicker', () => {
  it('shows the top level collapsed, indented 20 px per depth, and the empty state', async () => {
    const { user } = renderPicker();
    expect(screen.getByRole('dialog', { name: 'Sachgebiete bearbeiten' })).toBeInTheDocument();
    expect(screen.getByText('Keine Sachgebiete ausgewählt')).toBeInTheDocument();
    expect(tree().children).toHaveLength(37);
    expect(node('660 Verkehrserziehung')).toHaveAttribute('aria-expanded', 'false');
    expect(queryNode('66002 Verkehrsmittel')).toBeNull();
    await user.click(screen.getByTestId('toggle-660'));
    expect(node('660 Verkehrserziehung')).toHaveAttribute('aria-expanded', 'true');
    expect(node('66002 Verkehrsmittel')).toHaveAttribute('aria-level', '2');
    expect(node('66002 Verkehrsmittel')).toHaveStyle({ paddingLeft: '24px' });
    expect(node('660 Verkehrserziehung')).toHaveStyle({ paddingLeft: '4px' });
  });

  it('expands the tree to a search match; clicks toggle; saves 240, 66002', async () => {
    const { user, onSave } = renderPicker();
    await user.click(node('240 Geschichte'));
    expect(node('240 Geschichte')).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByRole('searchbox', { name: 'Sachgebiet suchen' }), 'verkehrsmittel');
    expect(node('660 Verkehrserziehung')).toHaveAttribute('aria-expanded', 'true');
    expect(queryNode('240 Geschichte')).toBeNull();
    await user.click(node('66002 Verkehrsmittel'));
    expect(node('66002 Verkehrsmittel')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: '240 Geschichte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '66002 Verkehrsmittel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('240, 66002');
  });

  it('finds by code and by synonym, case-insensitive', async () => {
    const { user } = renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Sachgebiet suchen' });
    await user.type(search, '66002');
    expect(node('66002 Verkehrsmittel')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'PHYSIKUNTERRICHT');
    expect(within(tree()).getAllByRole('treeitem')[0]).toHaveAccessibleName('460 Physik');
    expect(queryNode('66002 Verkehrsmittel')).toBeNull();
    expect(queryNode('660 Verkehrserziehung')).toBeNull();
    await user.clear(search);
    await user.type(search, 'xyzxyz');
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByText('Kein Sachgebiet gefunden')).toBeInTheDocument();
  });

  it('toggles a selection off again and removes all', async () => {
    const { user, onSave } = renderPicker('240, 66002');
    // The stored areas are in view on opening.
    expect(node('66002 Verkehrsmittel')).toHaveAttribute('aria-selected', 'true');
    await user.click(node('66002 Verkehrsmittel'));
    expect(node('66002 Verkehrsmittel')).toHaveAttribute('aria-selected', 'false');
    await user.click(node('460 Physik'));
    expect(screen.getByRole('button', { name: '460 Physik' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alle entfernen' }));
    expect(screen.getByText('Keine Sachgebiete ausgewählt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle entfernen' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('');
  });

  it('expands and collapses all, also while searching', async () => {
    const { user } = renderPicker();
    // Role queries over all 1,619 rows are slow in jsdom: look the rows up by code here.
    const row = (code: string) => tree().querySelector(`[data-code="${code}"]`);
    const toggle = screen.getByRole('button', { name: 'Alle aufklappen' });
    await user.click(toggle);
    expect(row('0200101')).toHaveAccessibleName('0200101 Arbeitsbedingungen, Arbeitsabläufe');
    expect(tree().children.length).toBeGreaterThan(1000);
    expect(toggle).toHaveTextContent('Alle zuklappen');
    await user.click(toggle);
    expect(tree().children).toHaveLength(37);
    await user.type(screen.getByRole('searchbox', { name: 'Sachgebiet suchen' }), 'Fahrrad');
    expect(node('6600201 Fahrrad')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alle zuklappen' }));
    expect(
      within(tree())
        .getAllByRole('treeitem')
        .map((item) => item.dataset.code),
    ).toEqual(['660']);
    await user.click(screen.getByTestId('toggle-660'));
    expect(node('66002 Verkehrsmittel')).toBeInTheDocument();
  }, 60_000);

  it('works by keyboard: arrows move and expand, Space and Enter toggle', async () => {
    const { user, onSave } = renderPicker();
    node('020 Arbeitslehre').focus();
    await user.keyboard('{ArrowRight}');
    expect(node('020 Arbeitslehre')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(node('02001 Hinführung zur Arbeitswelt')).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowLeft}');
    expect(node('020 Arbeitslehre')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(node('020 Arbeitslehre')).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSave).toHaveBeenCalledWith('02001, 020');
  });

  it('does not save on Abbrechen', async () => {
    const { user, onSave, onCancel } = renderPicker('240');
    await user.click(node('460 Physik'));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
