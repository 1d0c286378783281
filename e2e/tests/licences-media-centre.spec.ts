import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';

const CENTRE = ['medienzentrum@demo.medienkatalog.invalid', 'Demo-Medienzentrum-2026'] as const;
const TEACHER = ['lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026'] as const;
const SCHOOL_ADMIN = ['schuladmin@demo.medienkatalog.invalid', 'Demo-Schuladmin-2026'] as const;
const STADTPARK = 'Gesamtschule Am Stadtpark';

async function openFromMenu(page: Page, item: string) {
  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Waits until a dialog has faded in: axe measures contrast as it is drawn. */
async function opened(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await dialog.evaluate(async (element) => {
    const root = element.closest('.MuiDialog-root') ?? element;
    await Promise.all(root.getAnimations({ subtree: true }).map((animation) => animation.finished));
  });
}

/** The status of the play link call of a medium for whoever is signed in on `page`. */
const playStatus = async (page: Page, identifier: string) =>
  (await page.request.get(`/api/v1/media/link/${identifier}?purpose=play`)).status();

test('the media centre passes an expiring Naturfilm licence on to a school, whose teacher then plays the film, and withdraws it', async ({
  page,
  browser,
}) => {
  await logIn(page, ...CENTRE);
  await openFromMenu(page, 'Lizenzen');
  await expect(page).toHaveURL(/\/mz\/licences$/);
  await expect(page.getByRole('heading', { name: 'Lizenzen', level: 1 })).toBeVisible();

  // The Naturfilm licences run out in 20 days: marked in words, and listed first.
  const cards = page.getByRole('list', { name: 'Lizenzen' }).getByRole('article');
  await expect(cards.first()).toContainText(/Läuft in \d+ Tagen ab/);
  await page
    .getByRole('combobox', { name: 'Anbieter' })
    .selectOption('Naturfilm Mitteldeutschland');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    await expect(card).toContainText(/Läuft in (19|20|21) Tagen ab/);
    await expect(card).toContainText('Naturfilm Mitteldeutschland');
  }
  await expect(
    page.getByRole('status').filter({ hasText: /^6 Lizenzen · 6 laufen/ }),
  ).toBeVisible();
  await expectAccessible(page);

  const card = cards.first();
  const title = (await card.getAttribute('aria-label')) ?? '';
  const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
  const identifier = decodeURIComponent(href.split('/').pop() ?? '');
  expect(identifier).not.toBe('');
  await expect(card).toContainText('Noch an keine Schule weitergegeben.');

  // Before: the teacher of the school has no licence for the film.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await logIn(teacher, ...TEACHER);
  expect(await playStatus(teacher, identifier)).toBe(403);

  await card.getByRole('button', { name: `„${title}“ an Schulen weitergeben` }).click();
  const dialog = page.getByRole('dialog', { name: 'An Schulen weitergeben' });
  await expect(dialog.getByRole('checkbox', { name: /Gesamtschule Am Stadtpark/ })).toBeVisible();
  await expect(dialog).toContainText('Schulnummer 100234');
  await opened(dialog);
  await expectAccessible(page);
  await dialog.getByRole('checkbox', { name: /Gesamtschule Am Stadtpark/ }).check();
  await expect(dialog).toContainText('1 Schule ausgewählt');
  await dialog.getByRole('button', { name: 'Weitergeben' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('An 1 Schule weitergegeben.')).toBeVisible();
  const given = page.getByRole('article', { name: title });
  await expect(given).toContainText(`${STADTPARK} · Schulnummer 100234`);

  // After: the teacher plays the film.
  expect(await playStatus(teacher, identifier)).toBe(200);
  await teacher.goto(`/marketplace/${encodeURIComponent(identifier)}`);
  const heading = teacher.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const filmTitle = (await heading.textContent()) ?? '';
  await expect(
    teacher.getByRole('button', { name: `Abspielen: ${filmTitle}`, exact: true }).first(),
  ).toBeEnabled();

  // Withdrawn again, after a confirmation: the teacher's access ends.
  await given.getByRole('button', { name: `Lizenz von ${STADTPARK} zurücknehmen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Lizenz zurücknehmen?' });
  await expect(confirm).toContainText(`gilt dann nicht mehr für ${STADTPARK}`);
  await opened(confirm);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Zurücknehmen' }).click();
  await expect(page.getByText(`Die Lizenz von ${STADTPARK} wurde zurückgenommen.`)).toBeVisible();
  await expect(given).toContainText('Noch an keine Schule weitergegeben.');
  expect(await playStatus(teacher, identifier)).toBe(403);
  await teacherContext.close();

  // On a phone the page fits the screen and its buttons can be reached.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('combobox', { name: 'Anbieter' }).selectOption('');
  const lernfilm = page.getByRole('article', { name: 'Alle Medien von Lernfilm Studio Nord' });
  await expect(lernfilm).toContainText(`${STADTPARK} · Schulnummer 100234`);
  // By keyboard: the dialog opens with Enter, closes with Escape and gives the focus back.
  const passOn = lernfilm.getByRole('button', { name: /an Schulen weitergeben/ });
  await passOn.focus();
  await page.keyboard.press('Enter');
  await opened(dialog);
  await expect(dialog.getByRole('checkbox', { name: /Gesamtschule Am Stadtpark/ })).toBeDisabled();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(passOn).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the media centre reads its schools’ use as a chart and a table, filters by school and exports the CSV', async ({
  page,
}) => {
  await logIn(page, ...CENTRE);
  await openFromMenu(page, 'Nutzung');
  await expect(page).toHaveURL(/\/mz\/history$/);
  await expect(page.getByRole('heading', { name: 'Nutzung', level: 1 })).toBeVisible();
  const chart = page.getByRole('img', { name: 'Nutzung je Monat' });
  await expect(chart).toBeVisible();
  await expect(page.getByText(/insgesamt [\d.]+ Wiedergaben/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Nutzung nach Monat, Schule und Medium' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  const rowCount = page.getByRole('status').filter({ hasText: /^[\d.]+ Zeilen?$/ });
  const count = async () => Number(((await rowCount.textContent()) ?? '').replace(/\D/g, ''));
  const all = await count();
  expect(all).toBeGreaterThan(20);
  // Seeded: use in every school.
  await expect(table).toContainText('Grundschule Lindenweg');
  await expect(table).toContainText(STADTPARK);
  await expectAccessible(page);

  await page
    .getByRole('combobox', { name: 'Schule' })
    .selectOption({ label: 'Grundschule Lindenweg (100871)' });
  await expect.poll(count).toBeLessThan(all);
  await expect(table).not.toContainText(STADTPARK);
  await expect(table).toContainText('Grundschule Lindenweg');
  const schoolRows = await count();
  expect(schoolRows).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Werte des Diagramms als Tabelle zeigen' }).click();
  const values = page.getByRole('table', { name: 'Werte des Diagramms: Nutzung je Monat' });
  await expect(values.getByRole('row')).toHaveCount(13);
  await expectAccessible(page);

  // Sorted by plays, most first; the CSV holds the rows in that order.
  await table.getByRole('button', { name: 'Wiedergaben' }).click();
  await expect(table.getByRole('columnheader', { name: 'Wiedergaben' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV exportieren' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^nutzung-\d{4}-\d{2}-bis-\d{4}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(
    csv.startsWith(
      '\uFEFF"Monat","Schule","Schulnummer","Kennung","Titel","Aufrufe","Wiedergaben","Downloads"\r\n',
    ),
  ).toBe(true);
  const lines = csv.trimEnd().split('\r\n').slice(1);
  expect(lines).toHaveLength(schoolRows);
  expect(lines.every((line) => line.includes('"Grundschule Lindenweg","100871"'))).toBe(true);
  const plays = lines.map((line) => Number(/"(\d+)","\d+"$/.exec(line)?.[1]));
  expect(plays).toEqual([...plays].sort((a, b) => b - a));

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

test("a school admin reads the school's licences without changing them; teachers may not", async ({
  page,
}) => {
  await logIn(page, ...SCHOOL_ADMIN);
  await openFromMenu(page, 'Lizenzen der Schule');
  await expect(page).toHaveURL(/\/school\/licences$/);
  await expect(page.getByRole('heading', { name: 'Lizenzen der Schule', level: 1 })).toBeVisible();
  const lernfilm = page.getByRole('article', { name: 'Alle Medien von Lernfilm Studio Nord' });
  await expect(lernfilm).toContainText('Vom Medienzentrum weitergegeben');
  await expect(lernfilm).toContainText('Streamen und Herunterladen');
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await logIn(page, ...TEACHER);
  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await expect(page.getByRole('menuitem', { name: /Lizenzen/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/school/licences');
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
});
