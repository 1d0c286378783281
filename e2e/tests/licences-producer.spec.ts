import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';
import { expectClickableAtCentre } from './support/clickable.ts';

const PRODUCER = ['produzent@demo.medienkatalog.invalid', 'Demo-Produzent-2026'] as const;
const TEACHER = ['lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026'] as const;

// The steps build on each other (the server keeps what the earlier ones made).
test.describe.configure({ mode: 'serial' });

/** Calls the API from the page as the app does: session cookie and CSRF header. */
async function redeemFromPage(page: Page, code: string) {
  return page.evaluate(async (input) => {
    const token =
      document.cookie
        .split('; ')
        .find((cookie) => cookie.startsWith('mk_csrf='))
        ?.slice('mk_csrf='.length) ?? '';
    const response = await fetch('/api/v1/user/redeem', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({ code: input }),
    });
    return { status: response.status, body: (await response.json()) as { message: string } };
  }, code);
}

test('the producer makes a Mediathek of two media and finds it in the search under its heading', async ({
  page,
}) => {
  await logIn(page, ...PRODUCER);
  await page.goto('/producer/mediatheken');
  await expect(page.getByRole('heading', { level: 1, name: 'Mediatheken' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Biologie Sekundarstufe I' })).toBeVisible();
  await expectAccessible(page);

  // A path that exists already: the server's 409 shows at the path field.
  await page.getByRole('button', { name: 'Neue Mediathek' }).click();
  let dialog = page.getByRole('dialog', { name: 'Neue Mediathek' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Biologie Sekundarstufe I');
  await expect(dialog.getByRole('textbox', { name: 'Pfad' })).toHaveValue(
    'fwu/biologie-sekundarstufe-i',
  );
  await dialog.getByRole('textbox', { name: 'Pfad' }).fill('fwu/biologie-sek1');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Pfad' })).toHaveAccessibleDescription(
    'Den Pfad „fwu/biologie-sek1“ gibt es schon.',
  );
  await expect(dialog.getByRole('textbox', { name: 'Pfad' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Neue Mediathek' }).click();
  dialog = page.getByRole('dialog', { name: 'Neue Mediathek' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Erdkunde');
  await expect(dialog.getByRole('textbox', { name: 'Pfad' })).toHaveValue('fwu/erdkunde');
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Zwei Filme zur Probe.');
  const picker = dialog.getByRole('group', { name: 'Medien der Mediathek' });
  // Published media only (the search shows no drafts): their label ends with '(FWU-…)'.
  const published = picker.getByRole('checkbox', { name: /\(FWU-[^,]+\)$/ });
  const titles: string[] = [];
  for (const index of [0, 1]) {
    const box = published.nth(index);
    titles.push((await labelOf(box)).replace(/\s*\(FWU-[^)]+\)$/, ''));
    await box.check();
  }
  await expect(picker.getByText('2 Medien ausgewählt')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Die Mediathek „Erdkunde“ wurde angelegt.')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'fwu/erdkunde' });
  await expect(card).toContainText('2 Medien');
  await expect(card).toContainText('Zwei Filme zur Probe.');

  await card.getByRole('link', { name: '„Erdkunde“ in der Suche ansehen' }).click();
  await expect(page).toHaveURL(/\/search\?mediathek=fwu%2Ferdkunde$/);
  // The heading names the Mediathek ('Inhalte der {name}-Mediathek').
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Inhalte der erdkunde-Mediathek$/i,
  );
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(2);
  const shown = (await cards.locator('h3').allTextContents()).map((title) => title.trim());
  expect(shown.sort()).toEqual(titles.sort());
});

/** The text of a checkbox's label (MUI puts the input inside the label). */
async function labelOf(box: Locator): Promise<string> {
  return box.evaluate((input) => (input.closest('label')?.textContent ?? '').trim());
}

test('the producer shares its whole pool with Kreismedienzentrum Nord and sees it listed', async ({
  page,
}) => {
  await logIn(page, ...PRODUCER);
  await page.goto('/producer/shares');
  await expect(page.getByRole('heading', { level: 1, name: 'Freigaben' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Erteilte Freigaben' });
  await expect(table).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Neue Freigabe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Freigabe' });
  // Nothing chosen: German messages at the fields, nothing sent.
  await dialog.getByRole('button', { name: 'Freigeben' }).click();
  await expect(dialog.getByText('Bitte wählen Sie mindestens eine Einrichtung.')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Einrichtungen' }).fill('Nord');
  const option = page.getByRole('option', { name: /^Kreismedienzentrum Nord/ });
  await expect(option).toBeVisible();
  await expectAccessible(page);
  await option.click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Kreismedienzentrum Nord' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Alle meine Medien' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Streamen und Herunterladen' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Freigeben' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Eine Freigabe erteilt.')).toBeVisible();

  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('Kreismedienzentrum Nord');
  await expect(newest).toContainText('Medienzentrum');
  await expect(newest).toContainText(/Alle Medien von/);
  await expect(newest).toContainText('Streamen und Herunterladen');
  await expect(newest).toContainText('aktiv');

  await page.getByRole('searchbox', { name: 'Freigaben filtern' }).fill('Kreismedienzentrum');
  await expect(page.getByRole('status').filter({ hasText: /Freigaben?$/ })).toHaveText(
    /^\d+ Freigaben?$/,
  );
  for (const row of await table.getByRole('row').all()) {
    if ((await row.getByRole('cell').count()) > 0) {
      await expect(row).toContainText('Kreismedienzentrum Nord');
    }
  }

  // On a phone the page and its dialog still work: the button takes a click where it is drawn.
  await page.setViewportSize({ width: 390, height: 844 });
  const create = page.getByRole('button', { name: 'Neue Freigabe' });
  await expectClickableAtCentre(create);
  await create.click();
  await expect(page.getByRole('dialog', { name: 'Neue Freigabe' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the producer makes three codes, downloads CSV and PDF; a teacher redeems one and the producer sees it redeemed', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ...PRODUCER);
  await page.goto('/producer/codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Code-Stapel' })).toContainText(
    'Demo-Codes für die Fortbildung',
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Codes erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Codes erstellen' });
  await dialog.getByRole('textbox', { name: 'Bezeichnung (optional)' }).fill('Journey-Codes');
  await dialog.getByRole('spinbutton', { name: /Anzahl der Codes/ }).fill('1001');
  await dialog.getByRole('button', { name: 'Codes erstellen' }).click();
  await expect(
    dialog.getByText('Es können 1 bis 1.000 Codes auf einmal erzeugt werden.'),
  ).toBeVisible();
  await dialog.getByRole('spinbutton', { name: /Anzahl der Codes/ }).fill('3');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Codes erstellen' }).click();

  const created = page.getByRole('dialog', { name: '3 Codes erstellt' });
  await expect(created).toBeVisible();
  await expect(created).toContainText('Die Codes werden nicht noch einmal angezeigt.');
  await expectAccessible(page);
  const rows = created.getByRole('region', { name: 'Die neuen Codes' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  const codes = (await rows.allTextContents())
    .slice(1)
    .map((row) => /[2-9A-Z]{4}(-[2-9A-Z]{4}){3}/.exec(row)?.[0] ?? '');
  expect(codes).toHaveLength(3);
  for (const code of codes) {
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}(-[2-9A-HJKMNP-TV-Z]{4}){3}$/);
  }

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    created.getByRole('button', { name: 'CSV herunterladen' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^codes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await csvDownload.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('\uFEFF"Nr.","Code","Link","Freigegeben","Gültig bis"');
  expect(lines.slice(1, 4)).toEqual(
    codes.map(
      (code, index) =>
        `"${String(index + 1)}","${code}","${baseURL ?? ''}/redeem?code=${code}","${lines[1]?.split('","')[3] ?? ''}","unbefristet"`,
    ),
  );
  expect(lines[1]).toMatch(/"Alle Medien von [^"]+","unbefristet"$/);
  expect(lines[4]).toBe('');

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    created.getByRole('button', { name: 'PDF zum Ausdrucken' }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^codes-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readFile(await pdfDownload.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Saved: closing asks nothing.
  await created.getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A teacher in a browser of its own redeems the second code by the link of its QR code.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await logIn(teacher, ...TEACHER);
  const link = `${baseURL ?? ''}/redeem?code=${codes[1] ?? ''}`;
  const redeemed = await redeemFromPage(teacher, link);
  expect(redeemed.status).toBe(200);
  expect(redeemed.body.message).toMatch(
    /^Code eingelöst: Sie haben jetzt Zugang zu „Alle Medien von/,
  );
  await teacherContext.close();

  await page.reload();
  const batch = page.getByRole('row').filter({ hasText: 'Journey-Codes' });
  await expect(batch.getByRole('cell')).toHaveText([
    '',
    'Journey-Codes',
    /^Alle Medien von/,
    'unbefristet',
    'Streamen',
    '2',
    '1',
    '0',
    '0',
    /\d{2}\.\d{2}\.\d{4}/,
  ]);
  await page.getByRole('button', { name: 'Codes von „Journey-Codes“ anzeigen' }).click();
  const list = page.getByRole('table', { name: 'Codes von „Journey-Codes“' });
  await expect(list.getByRole('row').nth(2)).toContainText('eingelöst');
  await expect(list.getByRole('row').nth(2)).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(list.getByRole('row').nth(1)).toContainText('offen');
  await expectAccessible(page);

  // The third code is withdrawn; the redeemed one offers no 'Zurückziehen'.
  await expect(
    page.getByRole('button', { name: 'Code Nr. 2 von „Journey-Codes“ zurückziehen' }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Code Nr. 3 von „Journey-Codes“ zurückziehen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Code Nr. 3 zurückziehen?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(page.getByText('Code Nr. 3 wurde zurückgezogen.')).toBeVisible();
  await expect(list.getByRole('row').nth(3)).toContainText('zurückgezogen');
});
