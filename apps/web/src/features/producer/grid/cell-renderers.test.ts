import { subjectAreaNames, targetGroupNames } from '@medienkatalog/domain';
import type { ICellRendererParams } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import { FilesCell, NamesCell, type RowActions } from './cell-renderers.ts';
import type { GridRow } from './columns.ts';
import { GRID_COLUMNS } from './columns.ts';
import { tabFromCell } from './edit-grid.tsx';

type Params = ICellRendererParams<GridRow, string, RowActions>;

const params = (value: string, extra: object = {}) =>
  ({
    value,
    data: { fn_titel: 'Der Wasserkreislauf', key: 'FWU-1', identifier: 'FWU-1' },
    context: { openFiles: vi.fn(), openTeaser: vi.fn(), coverVersion: () => undefined },
    ...extra,
  }) as unknown as Params;

describe('the grid’s cells', () => {
  it('show target groups and subject areas by name, the codes as the hint', () => {
    const groups = new NamesCell();
    groups.init({ ...params('A(9-13); T'), names: targetGroupNames });
    expect(groups.getGui()).toHaveTextContent(
      'Allgemeinbildende Schule, Klasse 9–13; Lehrerfortbildung',
    );
    expect(groups.getGui()).toHaveAttribute('title', 'A(9-13); T');

    const subjects = new NamesCell();
    subjects.init({ ...params('240, 66002'), names: subjectAreaNames });
    expect(subjects.getGui()).toHaveTextContent('Geschichte, Verkehrsmittel');
    expect(subjects.getGui()).toHaveAttribute('title', '240, 66002');
  });

  it('leave the Tab stop to the cell: its button is pressed by Enter or Space on the cell', () => {
    const files = new FilesCell();
    const cell = params('');
    files.init(cell);
    const button = files.getGui();
    expect(button).toHaveAccessibleName('Dateien von „Der Wasserkreislauf“');
    expect(button).toHaveAttribute('tabindex', '-1');
    button.click();
    expect(cell.context.openFiles).toHaveBeenCalledWith(cell.data);
  });

  it('Tab leaves the grid, except while editing, when it goes on to the next editor', () => {
    const next = { rowIndex: 0, rowPinned: null, column: {} } as never;
    const base = { backwards: false, previousCellPosition: next, nextCellPosition: next };
    expect(tabFromCell({ ...base, editing: false } as never)).toBe(false);
    expect(tabFromCell({ ...base, editing: true } as never)).toBe(next);
  });

  it('name every field as the spec’s column list does; the status is a choice', () => {
    const headers = GRID_COLUMNS.map((column) => column.header);
    expect(headers.slice(8, 11)).toEqual(['Beschreibung', 'Kurzbeschreibung', 'Langtext']);
    expect(GRID_COLUMNS.find((column) => column.id === 'fn_status')?.kind).toBe('status');
  });
});
