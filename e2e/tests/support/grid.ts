import { expect, type Page } from '@playwright/test';

/** Helpers for the AG Grid of 'Meine Medien' (its cells carry row-id and col-id). */

export const cell = (page: Page, rowId: string, column: string) =>
  page.locator(`.ag-row[row-id="${rowId}"] .ag-cell[col-id="${column}"]`);

/** The ids of the first rows, top to bottom. */
export async function rowIds(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = page.locator(`.ag-row[row-id][row-index="${String(index)}"]`);
    await expect(row).toBeVisible();
    ids.push((await row.getAttribute('row-id')) ?? '');
  }
  return ids;
}

/** The grid's columns in the spec's order (col-id; aria-colindex is the position plus one). */
const COLUMNS = [
  'fn_aenderung',
  'ag-Grid-SelectionColumn',
  'files',
  'image',
  'fn_nr',
  'fn_titel',
  'fn_utitel',
  'fn_paratitel',
  'fn_text',
  'fn_kurztext',
  'fn_langtext',
  'fn_adressat',
  'fn_schlag',
  'fn_typ',
  'fn_prodjahr',
  'fn_sprache',
  'fn_produ',
  'fn_sertitel',
  'fn_geb',
  'fn_herausgeber',
  'fn_laenge',
  'fn_bemerk',
  'fn_status',
  'fn_url',
  'fn_autor',
  'fn_beigaben',
];
/** Plain text cells: a click only focuses them. */
const PLAIN = new Set([
  'fn_aenderung',
  'fn_nr',
  'fn_titel',
  'fn_utitel',
  'fn_prodjahr',
  'fn_status',
]);

/**
 * Focuses a cell by keyboard, as a user would: from a focused or visible plain cell of the row,
 * arrow keys to the target (the grid scrolls it into view).
 */
export async function focusCell(page: Page, rowId: string, column: string) {
  const row = page.locator(`.ag-row[row-id="${rowId}"]`);
  const shown = await row
    .locator('.ag-cell')
    .evaluateAll((cells) => cells.map((element) => element.getAttribute('col-id') ?? ''));
  const start =
    PLAIN.has(column) && shown.includes(column) ? column : shown.find((id) => PLAIN.has(id));
  await cell(page, rowId, start ?? 'fn_nr').click();
  const focused = row.locator('.ag-cell-focus');
  const target = COLUMNS.indexOf(column) + 1;
  for (let step = 0; step < COLUMNS.length; step += 1) {
    const at = Number(await focused.getAttribute('aria-colindex'));
    if (at === target) {
      return;
    }
    await page.keyboard.press(at < target ? 'ArrowRight' : 'ArrowLeft');
  }
  throw new Error(`column ${column} not reached`);
}

export async function typeInto(page: Page, rowId: string, column: string, value: string) {
  await focusCell(page, rowId, column);
  await page.keyboard.press('Enter');
  const editor = page.locator('.ag-cell-inline-editing input, .ag-popup-editor input');
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}
