import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { cell, focusCell, rowIds, typeInto } from './support/grid.ts';
import { logIn } from './support/session.ts';

async function openEditMode(page: Page) {
  await logIn(page, 'produzent@demo.medienkatalog.invalid', 'Demo-Produzent-2026');
  await page.goto('/content-preview');
  await page.getByRole('tab', { name: 'Bearbeiten' }).click();
  await expect(page.getByText(/^\d+ Medien$/)).toBeVisible();
}

const TARGET_GROUP_NAMES = 'Allgemeinbildende Schule, Klasse 5–7; Sonderpädagogik / Förderschule';

const statusCount = async (page: Page) =>
  Number(((await page.getByText(/^[\d.]+ Medien$/).textContent()) ?? '').replace(/\D/g, ''));

test('a producer edits a title, a year, target groups and subject areas, saves and sees them after a reload; the CSV holds them', async ({
  page,
}) => {
  await openEditMode(page);
  await expect(
    page.getByRole('heading', { name: 'Meine Medien - Bearbeiten', level: 1 }),
  ).toBeVisible();
  const [id = ''] = await rowIds(page, 1);

  await typeInto(page, id, 'fn_titel', 'Die Zelle – neu bearbeitet');
  await expect(cell(page, id, 'fn_titel')).toHaveText('Die Zelle – neu bearbeitet');
  await expect(cell(page, id, 'fn_titel')).toHaveClass(/mk-changed/);
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ansicht' })).toBeDisabled();
  await typeInto(page, id, 'fn_prodjahr', '2019');
  await expect(cell(page, id, 'fn_prodjahr')).toHaveText('2019');

  // Target groups through their picker: A(5-7) and SO.
  await focusCell(page, id, 'fn_adressat');
  await page.keyboard.press('Enter');
  const groups = page.getByRole('dialog', { name: 'Zielgruppen bearbeiten' });
  await expect(groups).toContainText('Die Zelle – neu bearbeitet');
  const remove = groups.getByRole('button', { name: / entfernen$/ });
  while ((await remove.count()) > 0) {
    await remove.first().click();
  }
  await expect(groups.getByText('Keine Zielgruppen ausgewählt')).toBeVisible();
  const types = groups.getByRole('group', { name: 'Zielgruppen' });
  await types.getByRole('button', { name: /Allgemeinbildende Schule/ }).click();
  await types.getByRole('button', { name: /Sonderpädagogik/ }).click();
  const school = groups.getByRole('listitem', { name: 'Allgemeinbildende Schule' });
  await school.getByRole('switch').click();
  await school.getByRole('combobox', { name: 'Von' }).selectOption('5');
  await school.getByRole('combobox', { name: 'Bis' }).selectOption('7');
  await expect(school.getByText('Vorschau: A(5-7)')).toBeVisible();
  await groups.getByRole('button', { name: 'Speichern' }).click();
  // Names in the cell, the stored codes as its hint.
  await expect(cell(page, id, 'fn_adressat')).toHaveText(TARGET_GROUP_NAMES);
  await expect(cell(page, id, 'fn_adressat').locator('[title]')).toHaveAttribute(
    'title',
    'A(5-7); SO',
  );

  // Subject areas through theirs: 240 and 66002.
  await focusCell(page, id, 'fn_geb');
  await page.keyboard.press('Enter');
  const subjects = page.getByRole('dialog', { name: 'Sachgebiete bearbeiten' });
  const removeAll = subjects.getByRole('button', { name: 'Alle entfernen' });
  if (await removeAll.isEnabled()) {
    await removeAll.click();
  }
  const tree = subjects.getByRole('tree', { name: 'Sachgebiete' });
  await tree.getByRole('treeitem', { name: '240 Geschichte' }).click();
  await subjects.getByRole('searchbox', { name: 'Sachgebiet suchen' }).fill('verkehrsmittel');
  await tree.getByRole('treeitem', { name: '66002 Verkehrsmittel' }).click();
  await subjects.getByRole('button', { name: 'Speichern' }).click();
  await expect(cell(page, id, 'fn_geb')).toHaveText('Geschichte, Verkehrsmittel');
  await expect(cell(page, id, 'fn_geb').locator('[title]')).toHaveAttribute('title', '240, 66002');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('1 Medium gespeichert')).toBeVisible();
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Ansicht' })).toBeEnabled();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^media-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF"Medien-Nr.","Titel","Untertitel"')).toBe(true);
  expect(csv).toContain('"Die Zelle – neu bearbeitet"');
  expect(csv).toContain('"A(5-7); SO"');
  expect(csv).toContain('"2019"');
  expect(csv).toContain('\r\n');
  expect(csv).not.toContain('"Geändert"');

  // Back in the view, the search is reloaded and finds the new title.
  await page.getByRole('tab', { name: 'Ansicht' }).click();
  await page.getByRole('searchbox', { name: 'In diesen Medien suchen' }).fill('neu bearbeitet');
  await expect(page.locator('main article').first()).toContainText('Die Zelle – neu bearbeitet');

  await page.reload();
  await page.getByRole('tab', { name: 'Bearbeiten' }).click();
  await expect(cell(page, id, 'fn_titel')).toHaveText('Die Zelle – neu bearbeitet');
  await focusCell(page, id, 'fn_geb');
  await expect(cell(page, id, 'fn_prodjahr')).toHaveText('2019');
  await expect(cell(page, id, 'fn_adressat')).toHaveText(TARGET_GROUP_NAMES);
  await expect(cell(page, id, 'fn_geb')).toHaveText('Geschichte, Verkehrsmittel');
});

test('unsaved edits: leaving asks first, discarding asks and restores the stored values', async ({
  page,
}) => {
  await openEditMode(page);
  const [id = ''] = await rowIds(page, 1);
  const original = (await cell(page, id, 'fn_titel').textContent()) ?? '';
  await typeInto(page, id, 'fn_titel', 'Nur ein Versuch');
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();

  await page.getByRole('link', { name: 'Marktplatz' }).click();
  const leave = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await expect(leave).toContainText(
    'Sie haben ungespeicherte Änderungen. Möchten Sie diese verwerfen?',
  );
  await leave.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/content-preview$/);
  await expect(cell(page, id, 'fn_titel')).toHaveText('Nur ein Versuch');

  // Edited back by hand: no longer a change.
  await typeInto(page, id, 'fn_titel', original);
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
  await typeInto(page, id, 'fn_titel', 'Nur ein Versuch');

  await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
  const discard = page.getByRole('dialog', { name: 'Änderungen verwerfen' });
  await expect(discard).toContainText(
    'Alle ungespeicherten Änderungen verwerfen? Diese Aktion kann nicht rückgängig gemacht werden.',
  );
  await discard.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(page.getByText('Änderungen wurden verworfen')).toBeVisible();
  await expect(cell(page, id, 'fn_titel')).toHaveText(original);
  await expect(page.getByRole('tab', { name: 'Ansicht' })).toBeEnabled();
});

test('a producer archives three media at once and deletes two after confirming', async ({
  page,
}) => {
  await openEditMode(page);
  const ids = await rowIds(page, 5);
  const total = await statusCount(page);
  const select = (id: string) =>
    cell(page, id, 'ag-Grid-SelectionColumn').getByRole('checkbox').check();

  for (const id of ids.slice(0, 3)) {
    await select(id);
  }
  await page.getByRole('button', { name: 'Massenbearbeitung (3)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Massenaktualisierung für 3 Medien' });
  await bulk.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(bulk.getByText('Keine Felder für Aktualisierung ausgewählt')).toBeVisible();
  await bulk.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Archiviert' }).click();
  await bulk.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(page.getByText('3 Medien aktualisiert')).toBeVisible();
  for (const id of ids.slice(0, 3)) {
    await focusCell(page, id, 'fn_status');
    await expect(cell(page, id, 'fn_status')).toHaveText('Archiviert');
  }

  await page.reload();
  await page.getByRole('tab', { name: 'Bearbeiten' }).click();
  const [first = '', second = ''] = ids.slice(3, 5);
  const titles = [
    (await cell(page, first, 'fn_titel').textContent()) ?? '',
    (await cell(page, second, 'fn_titel').textContent()) ?? '',
  ];
  await select(first);
  await select(second);
  await page.getByRole('button', { name: 'Löschen (2)' }).click();
  const confirm = page.getByRole('dialog', { name: '2 Medien löschen?' });
  await expect(confirm).toContainText(titles[0] ?? '');
  await expect(confirm).toContainText(titles[1] ?? '');
  await expect(confirm).toContainText('Diese Aktion kann nicht rückgängig gemacht werden.');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('2 Medien gelöscht')).toBeVisible();
  await expect(page.locator(`.ag-row[row-id="${first}"]`)).toHaveCount(0);
  await expect(page.locator(`.ag-row[row-id="${second}"]`)).toHaveCount(0);
  expect(await statusCount(page)).toBe(total - 2);
});

test('the grid edits by keyboard, sorts by several columns and filters case-insensitively', async ({
  page,
}) => {
  await openEditMode(page);
  const [id = ''] = await rowIds(page, 1);
  const title = (await cell(page, id, 'fn_titel').textContent()) ?? '';

  // Escape cancels a text edit.
  await focusCell(page, id, 'fn_titel');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' – verworfen');
  await page.keyboard.press('Escape');
  await expect(cell(page, id, 'fn_titel')).toHaveText(title);
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);

  // The long-text editor: Enter is a new line, Ctrl+Enter saves.
  await focusCell(page, id, 'fn_text');
  await page.keyboard.press('Enter');
  const area = page.getByRole('textbox', { name: 'Beschreibung' });
  await expect(area).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Erste Zeile');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Zweite Zeile');
  await expect(area).toHaveValue('Erste Zeile\nZweite Zeile');
  await page.keyboard.press('Control+Enter');
  await expect(area).toHaveCount(0);
  await expect(cell(page, id, 'fn_text')).toHaveText('Erste Zeile\nZweite Zeile');

  // The number editor selects the whole year: typing replaces it.
  await focusCell(page, id, 'fn_prodjahr');
  await page.keyboard.press('Enter');
  await page.keyboard.type('2001');
  await page.keyboard.press('Enter');
  await expect(cell(page, id, 'fn_prodjahr')).toHaveText('2001');

  // Typ is a select of the seven type options.
  await focusCell(page, id, 'fn_typ');
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'App', exact: true }).click();
  await expect(cell(page, id, 'fn_typ')).toHaveText('App');
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();

  await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
  await page
    .getByRole('dialog', { name: 'Änderungen verwerfen' })
    .getByRole('button', { name: 'Verwerfen' })
    .click();
  await expect(page.getByText('Änderungen wurden verworfen')).toBeVisible();
  await focusCell(page, id, 'fn_prodjahr');
  await expect(cell(page, id, 'fn_prodjahr')).not.toHaveText('2001');
  await focusCell(page, id, 'fn_titel');
  await expect(cell(page, id, 'fn_titel')).toHaveText(title);

  // Sorting cycles ascending, descending, none; shift-click adds a second sort.
  const titleHeader = page.locator('.ag-header-cell[col-id="fn_titel"]');
  await titleHeader.locator('.ag-header-cell-label').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstTitles = async () => [
    (await page.locator('.ag-row[row-index="0"] .ag-cell[col-id="fn_titel"]').textContent()) ?? '',
    (await page.locator('.ag-row[row-index="1"] .ag-cell[col-id="fn_titel"]').textContent()) ?? '',
  ];
  const [a = '', b = ''] = await firstTitles();
  expect(a.localeCompare(b, 'de')).toBeLessThanOrEqual(0);
  await titleHeader.locator('.ag-header-cell-label').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  const numberHeader = page.locator('.ag-header-cell[col-id="fn_nr"]');
  await numberHeader.locator('.ag-header-cell-label').click({ modifiers: ['Shift'] });
  await expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await titleHeader.locator('.ag-header-cell-label').click();
  await expect(titleHeader).not.toHaveAttribute('aria-sort', /ascending|descending/);

  // A title filter ('Enthält') ignores case: the longest plain word of the first row's title, in
  // capitals (not a fixed word: earlier journeys of a run may have deleted any given medium).
  const word =
    [...title.matchAll(/[A-Za-z]{4,}/g)]
      .map(([letters]) => letters)
      .sort((a, b) => b.length - a.length)[0] ?? '';
  expect(word).not.toBe('');
  const total = await statusCount(page);
  await titleHeader.locator('.ag-header-cell-filter-button').click();
  await page.getByRole('textbox', { name: 'Filterwert' }).first().fill(word.toUpperCase());
  await expect.poll(() => statusCount(page)).toBeLessThan(total);
  const titles = page.locator('.ag-row[row-id] .ag-cell[col-id="fn_titel"]');
  await expect(titles.first()).toBeVisible();
  // Polled as the titles that do not match, so that a failure names them.
  await expect
    .poll(async () =>
      (await titles.allTextContents()).filter(
        (text) => !text.toLowerCase().includes(word.toLowerCase()),
      ),
    )
    .toEqual([]);
});

test('two producers edit the same medium: the later save is refused and stays unsaved', async ({
  page,
}) => {
  await openEditMode(page);
  const [id = ''] = await rowIds(page, 1);
  await typeInto(page, id, 'fn_utitel', 'Meine Fassung');

  // Meanwhile the same medium is changed elsewhere (another session of the producer's team).
  const api = `/api/v1/producer/media/${id}`;
  const current = (await (await page.request.get(api)).json()) as Record<string, unknown>;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'mk_csrf');
  const changed = await page.request.put(api, {
    data: { ...current, fn_bemerk: 'Von anderer Stelle geändert' },
    headers: { 'X-CSRF-Token': csrf?.value ?? '' },
  });
  expect(changed.status()).toBe(200);

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/^1 Änderung fehlgeschlagen – .*inzwischen geändert/)).toBeVisible();
  await expect(page.getByText('Ungespeicherte Änderungen')).toBeVisible();
  await expect(cell(page, id, 'fn_utitel')).toHaveClass(/mk-changed/);
  const stored = (await (await page.request.get(api)).json()) as Record<string, unknown>;
  expect(stored.fn_utitel).not.toBe('Meine Fassung');
  expect(stored.fn_bemerk).toBe('Von anderer Stelle geändert');
});

test('the status is chosen from its German names; a refused value is named in German', async ({
  page,
}) => {
  await openEditMode(page);
  const [id = ''] = await rowIds(page, 1);
  await focusCell(page, id, 'fn_status');
  await page.keyboard.press('Enter');
  const options = page.getByRole('option');
  await expect(options).toHaveText(['Entwurf', 'Veröffentlicht', 'Archiviert']);
  await expectAccessible(page);
  await page.getByRole('option', { name: 'Veröffentlicht' }).click();
  await expect(cell(page, id, 'fn_status')).toHaveText('Veröffentlicht');
  await expect(cell(page, id, 'fn_status')).toHaveClass(/mk-changed/);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('1 Medium gespeichert')).toBeVisible();
  const stored = await page.request.get(`/api/v1/producer/media/${id}`);
  expect(((await stored.json()) as { fn_status: string }).fn_status).toBe('published');

  // What the server answers a value it does not know: field and choices in German.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'mk_csrf');
  const refused = await page.request.patch('/api/v1/producer/media/bulk', {
    data: { ids: [id], updates: { fn_status: 'Veröffentlicht' } },
    headers: { 'X-CSRF-Token': csrf?.value ?? '' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Status: Bitte wählen Sie „Entwurf“, „Veröffentlicht“ oder „Archiviert“.',
  );
});

test('the keyboard opens Dateien and Bild, and Tab leaves the header (arrow keys move inside)', async ({
  page,
}) => {
  await openEditMode(page);
  const [id = ''] = await rowIds(page, 1);
  const title = (await cell(page, id, 'fn_titel').textContent()) ?? '';

  await focusCell(page, id, 'files');
  await page.keyboard.press('Enter');
  const files = page.getByRole('dialog', { name: 'Dateien verwalten' });
  await expect(files).toBeVisible();
  await expectAccessible(page);
  await files.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(files).toHaveCount(0);

  await focusCell(page, id, 'image');
  await page.keyboard.press('Space');
  const teaser = page.getByRole('dialog', { name: `Teaserbild von „${title}“` });
  await expect(teaser).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(teaser).toHaveCount(0);

  // From the first row up into the header; arrows move along it, Tab leaves it.
  await focusCell(page, id, 'fn_titel');
  await page.keyboard.press('ArrowUp');
  const focusedHeader = page.locator('.ag-header-cell:focus');
  await expect(focusedHeader).toHaveAttribute('col-id', 'fn_titel');
  await page.keyboard.press('ArrowRight');
  await expect(focusedHeader).toHaveAttribute('col-id', 'fn_utitel');
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.ag-header') === null))
    .toBe(true);
  // Tab from a cell leaves the grid too, instead of walking through all 26 columns.
  await focusCell(page, id, 'fn_nr');
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.ag-root') === null))
    .toBe(true);
});

test('the wizard asks before Escape discards input, and offers to keep or delete a created draft', async ({
  page,
}) => {
  await openEditMode(page);
  const wizard = page.getByRole('dialog', { name: 'Neues Medium hinzufügen' });
  await page.getByRole('button', { name: 'Medium hinzufügen' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Titel' })).toHaveAccessibleDescription(
    /Karten/,
  );
  await expectAccessible(page);
  await wizard.getByRole('textbox', { name: 'Titel' }).fill('Nur ein Entwurf');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Eingaben verwerfen?' });
  await expect(discard).toContainText('gehen Ihre Eingaben verloren');
  await expectAccessible(page);
  await discard.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(discard).toHaveCount(0);
  await expect(wizard.getByRole('textbox', { name: 'Titel' })).toHaveValue('Nur ein Entwurf');
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Eingaben verwerfen' }).click();
  await expect(wizard).toHaveCount(0);

  const createDraft = async (number: string, title: string) => {
    await page.getByRole('button', { name: 'Medium hinzufügen' }).click();
    await wizard.getByRole('textbox', { name: 'Medien-Nr.' }).fill(number);
    await wizard.getByRole('textbox', { name: 'Titel' }).fill(title);
    await wizard.getByRole('button', { name: 'Auswählen' }).click();
    const groups = page.getByRole('dialog', { name: 'Zielgruppen bearbeiten' });
    await groups
      .getByRole('group', { name: 'Zielgruppen' })
      .getByRole('button', { name: /Erwachsenenbildung/ })
      .click();
    await groups.getByRole('button', { name: 'Speichern' }).click();
    for (let step = 0; step < 4; step += 1) {
      await wizard.getByRole('button', { name: 'Weiter' }).click();
    }
    await wizard.getByRole('button', { name: 'Medium erstellen' }).click();
    // The new step's heading takes the focus as it shows: Escape reaches the dialog.
    await expect(
      wizard.getByRole('heading', { name: 'Schritt 6 von 7: Teaser Bild' }),
    ).toBeFocused();
  };
  const suffix = String(Date.now()).slice(-6);

  // Escape after creation: keep or delete, or go back.
  await createDraft(`WEG-${suffix}`, 'Ein Entwurf zum Löschen');
  await page.keyboard.press('Escape');
  const draft = page.getByRole('dialog', { name: 'Entwurf behalten?' });
  await expect(draft).toContainText(`„Ein Entwurf zum Löschen“ (FWU-WEG-${suffix})`);
  await expect(draft.getByRole('button', { name: 'Entwurf behalten' })).toBeFocused();
  await expectAccessible(page);
  await draft.getByRole('button', { name: 'Entwurf löschen' }).click();
  await expect(wizard).toHaveCount(0);
  await expect(page.getByText('Der Entwurf wurde gelöscht.')).toBeVisible();
  expect((await page.request.get(`/api/v1/producer/media/FWU-WEG-${suffix}`)).status()).toBe(404);

  await createDraft(`BLEIBT-${suffix}`, 'Ein Entwurf zum Behalten');
  await wizard.getByRole('button', { name: 'Abbrechen' }).click();
  await draft.getByRole('button', { name: 'Entwurf behalten' }).click();
  await expect(wizard).toHaveCount(0);
  await expect(cell(page, `FWU-BLEIBT-${suffix}`, 'fn_titel')).toHaveText(
    'Ein Entwurf zum Behalten',
  );
  await focusCell(page, `FWU-BLEIBT-${suffix}`, 'fn_status');
  await expect(cell(page, `FWU-BLEIBT-${suffix}`, 'fn_status')).toHaveText('Entwurf');
});
