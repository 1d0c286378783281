import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { cell, focusCell } from './support/grid.ts';
import { logIn } from './support/session.ts';

/*
 * One medium's way from the add-medium wizard to a teacher's screen: created with a teaser and
 * two files, given a folder, an index file and a ZIP, published, played and downloaded.
 */
test.describe.configure({ mode: 'serial' });

const NUMBER = `E2E-${String(Date.now()).slice(-6)}`;
const IDENTIFIER = `FWU-${NUMBER}`;
const TITLE = 'Die Zelle unter dem Mikroskop';

async function openEditMode(page: Page) {
  await logIn(page, 'produzent@demo.medienkatalog.invalid', 'Demo-Produzent-2026');
  await page.goto('/content-preview');
  await page.getByRole('tab', { name: 'Bearbeiten' }).click();
  await expect(page.getByText(/^[\d.]+ Medien$/)).toBeVisible();
}

/** Made in the browser itself: a PNG teaser and a short WebM video (no committed media). */
async function makeTeaser(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 630;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    const gradient = context.createLinearGradient(0, 0, 1200, 630);
    gradient.addColorStop(0, '#1c5d99');
    gradient.addColorStop(1, '#8fd694');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1200, 630);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(data, 'base64');
}

async function makeVideo(page: Page): Promise<Buffer> {
  const data = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      chunks.push(event.data);
    };
    let frame = 0;
    const timer = setInterval(() => {
      context.fillStyle = `hsl(${String((frame * 12) % 360)}, 70%, 50%)`;
      context.fillRect(0, 0, 160, 90);
      frame += 1;
    }, 40);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) {
      binary += String.fromCharCode(byte);
    }
    return btoa(binary);
  });
  return Buffer.from(data, 'base64');
}

const fileRow = (panel: Locator, name: string) => panel.getByRole('row').filter({ hasText: name });

test('a producer adds a medium through the seven wizard steps with a teaser and two files and sees it in the grid with its cover', async ({
  page,
}) => {
  await openEditMode(page);
  const teaser = await makeTeaser(page);
  const video = await makeVideo(page);
  expect(video.length).toBeGreaterThan(1000);

  await page.getByRole('button', { name: 'Medium hinzufügen' }).click();
  const wizard = page.getByRole('dialog', { name: 'Neues Medium hinzufügen' });
  await expect(wizard).toContainText('Schritt 1 von 7: Grunddaten');
  await expect(wizard.getByRole('button', { name: 'Zurück' })).toBeDisabled();
  const next = wizard.getByRole('button', { name: 'Weiter' });
  await expect(next).toBeDisabled();
  await wizard.getByRole('textbox', { name: 'Medien-Nr.' }).fill(NUMBER);
  await wizard.getByRole('textbox', { name: 'Titel' }).fill(TITLE);
  await expect(next).toBeDisabled();
  await wizard.getByRole('button', { name: 'Auswählen' }).click();
  const groups = page.getByRole('dialog', { name: 'Zielgruppen bearbeiten' });
  await groups
    .getByRole('group', { name: 'Zielgruppen' })
    .getByRole('button', { name: /Allgemeinbildende Schule/ })
    .click();
  await groups.getByRole('button', { name: 'Speichern' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Zielgruppe' })).toHaveValue('A');
  await next.click();

  await expect(wizard).toContainText('Schritt 2 von 7: Inhaltsfelder');
  await wizard
    .getByRole('textbox', { name: 'Kurzbeschreibung' })
    .fill('Zellen unter dem Lichtmikroskop.');
  await next.click();
  await expect(wizard).toContainText('Schritt 3 von 7: Metadaten');
  await wizard.getByRole('spinbutton', { name: 'Produktionsjahr' }).fill('1899');
  await next.click();
  await expect(
    wizard.getByText('Das Produktionsjahr muss zwischen 1900 und 2030 liegen.'),
  ).toBeVisible();
  await wizard.getByRole('spinbutton', { name: 'Produktionsjahr' }).fill('2024');
  await next.click();

  await expect(wizard).toContainText('Schritt 4 von 7: Klassifizierung & Tags');
  await wizard.getByRole('button', { name: 'Auswählen' }).first().click();
  const keywords = page.getByRole('dialog', { name: 'Schlagwörter bearbeiten' });
  for (const keyword of ['Zelle', 'Biologie', 'Mikroskop', 'Labor']) {
    await keywords.getByRole('textbox', { name: 'Schlagwort' }).fill(keyword);
    await page.keyboard.press('Enter');
  }
  await keywords.getByRole('button', { name: 'Speichern' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Schlagwörter' })).toHaveValue(
    'Zelle, Biologie, Mikroskop +1 weitere',
  );
  await next.click();

  await expect(wizard).toContainText('Schritt 5 von 7: Produktionsinformationen');
  await wizard.getByRole('textbox', { name: 'Produzent' }).fill('FWU Institut für Film und Bild');
  await wizard.getByRole('button', { name: 'Medium erstellen' }).click();

  await expect(wizard).toContainText('Schritt 6 von 7: Teaser Bild');
  await wizard
    .getByLabel('Teaserbild auswählen')
    .setInputFiles({ name: 'teaser.png', mimeType: 'image/png', buffer: teaser });
  await expect(wizard.getByRole('img', { name: `Teaserbild von „${TITLE}“` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(wizard.getByRole('button', { name: 'Bild ändern' })).toBeEnabled();
  await wizard.getByRole('button', { name: 'Weiter' }).click();

  await expect(wizard).toContainText('Schritt 7 von 7: Dateien verwalten');
  await wizard.getByLabel('Hochzuladende Dateien').setInputFiles([
    { name: 'film.webm', mimeType: 'video/webm', buffer: video },
    {
      name: 'arbeitsblatt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Aufgaben zur Zelle\n'),
    },
  ]);
  await expect(page.getByText('2 Datei(en) erfolgreich hochgeladen')).toBeVisible();
  await expect(fileRow(wizard, 'film.webm')).toBeVisible();
  await expect(fileRow(wizard, 'arbeitsblatt.txt')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fertigstellen' }).click();
  await expect(wizard).toHaveCount(0);

  // In the grid, first, with its cover rendered from the teaser (not the placeholder).
  const thumbnail = page.locator(`.ag-row[row-id="${IDENTIFIER}"] .ag-cell[col-id="image"] img`);
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(222);
  const cover = await page.request.get(`/covers/400x226/${IDENTIFIER}.jpg`);
  const placeholder = await page.request.get('/covers/400x226/FWU-GIBT-ES-NICHT.jpg');
  expect(cover.headers()['content-type']).toBe('image/jpeg');
  expect(cover.headers().etag).not.toBe(placeholder.headers().etag);
});

test('the producer uploads a folder, sets the index file, builds the ZIP and publishes the medium', async ({
  page,
}, testInfo) => {
  const folder = testInfo.outputPath('kapitel');
  await mkdir(path.join(folder, 'bilder'), { recursive: true });
  await writeFile(path.join(folder, 'index.html'), '<!doctype html><title>Kapitel</title><p>Start');
  await writeFile(path.join(folder, 'bilder', 'zelle.txt'), 'Zellkern, Zellwand');

  await openEditMode(page);
  await page.locator(`.ag-row[row-id="${IDENTIFIER}"] .ag-cell[col-id="files"] button`).click();
  const panel = page.getByRole('dialog', { name: 'Dateien verwalten' });
  await expect(fileRow(panel, 'film.webm')).toBeVisible();
  // The teaser's working folder is not among the medium's files, and cannot be changed.
  await expect(fileRow(panel, 'thumbs')).toHaveCount(0);
  await expectAccessible(page);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'mk_csrf');
  const removed = await page.request.delete(`/dav/${IDENTIFIER}/thumbs`, {
    headers: { 'X-CSRF-Token': csrf?.value ?? '' },
  });
  expect(removed.status()).toBe(403);
  expect(((await removed.json()) as { message: string }).message).toMatch(
    /^Der Ordner „thumbs“ gehört zum Teaserbild/,
  );
  const renamed = await page.request.fetch(`/dav/${IDENTIFIER}/thumbs`, {
    method: 'MOVE',
    headers: { 'X-CSRF-Token': csrf?.value ?? '', Destination: `/dav/${IDENTIFIER}/bilder-alt` },
  });
  expect(renamed.status()).toBe(403);
  await panel.locator('input[webkitdirectory]').setInputFiles(folder);
  await expect(
    page.getByText('Ordner "kapitel" erfolgreich hochgeladen (2 Dateien, 2 Ordner)'),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Ordner „kapitel“ öffnen' }).click();
  await expect(fileRow(panel, 'index.html')).toBeVisible();

  // The producer's own web page opens sandboxed on a signed address, never in the app's origin:
  // it cannot read the app's cookies.
  const [opened] = await Promise.all([
    page.waitForEvent('popup'),
    panel.getByRole('button', { name: '„index.html“ im Browser öffnen' }).click(),
  ]);
  await expect(opened).toHaveURL(
    new RegExp(`/content/${IDENTIFIER}/play\\.[^/]+/kapitel/index\\.html$`),
  );
  await expect(opened.locator('p')).toHaveText('Start');
  expect(
    await opened.evaluate(() => {
      try {
        return document.cookie;
      } catch {
        return 'gesperrt';
      }
    }),
  ).toBe('gesperrt');
  await opened.close();
  await panel
    .getByRole('navigation', { name: 'Ordnerpfad' })
    .getByRole('button', { name: 'Hauptordner' })
    .click();

  await panel.getByRole('button', { name: '„film.webm“ als Index-Datei setzen' }).click();
  await expect(page.getByText('"film.webm" wurde als Index-Datei gesetzt')).toBeVisible();
  await expect(fileRow(panel, 'film.webm')).toContainText('INDEX');

  await panel.getByRole('button', { name: 'ZIP erstellen' }).click();
  await expect(page.getByText('ZIP-Informationen wurden aktualisiert')).toBeVisible();
  await expect(panel.getByText(new RegExp(`ZIP: ${IDENTIFIER}\\.zip \\(`))).toBeVisible();
  await panel.getByRole('button', { name: 'Schließen' }).first().click();

  // Published through the grid's Status cell, a choice of its German names.
  await focusCell(page, IDENTIFIER, 'fn_status');
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Veröffentlicht' }).click();
  await expect(cell(page, IDENTIFIER, 'fn_status')).toHaveText('Veröffentlicht');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('1 Medium gespeichert')).toBeVisible();

  // The demo school's teachers may play it: a share with their school (by its school number),
  // as 'Freigaben' makes one.
  const shared = await page.evaluate(async (identifier) => {
    const token =
      document.cookie
        .split('; ')
        .find((cookie) => cookie.startsWith('mk_csrf='))
        ?.slice('mk_csrf='.length) ?? '';
    const found = await fetch('/api/v1/producer/organisations?q=100234');
    const [school] = (await found.json()) as { id: number }[];
    const response = await fetch('/api/v1/producer/shares', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: JSON.stringify({
        organisation_ids: [school?.id],
        scope: { kind: 'media', identifiers: [identifier] },
        terms: { rights: 'download' },
      }),
    });
    return response.status;
  }, IDENTIFIER);
  expect(shared).toBe(201);
});

test('a teacher opens the medium, plays it (the video loads) and downloads its ZIP', async ({
  page,
}) => {
  await logIn(page, 'lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026');
  await page.goto(`/marketplace/${IDENTIFIER}`);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Abspielen' }).click();
  const player = page.getByRole('dialog', { name: TITLE });
  const video = player.locator('video');
  await expect(video).toBeVisible();
  // HAVE_METADATA or more: the signed link answered with a playable video.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(1);
  await player.getByRole('button', { name: 'Schließen' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${IDENTIFIER}.zip`);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  await expect(page.getByText('Download gestartet')).toBeVisible();

  // Visitors are asked to log in first.
  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await page.goto(`/marketplace/${IDENTIFIER}`);
  await page.getByRole('button', { name: 'Abspielen' }).click();
  await expect(page.getByRole('dialog')).toContainText('angemeldet');
});
