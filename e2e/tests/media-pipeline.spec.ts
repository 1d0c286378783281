import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';

/*
 * The media pipeline as people meet it (issue 14): a producer uploads a film and German
 * captions in the file manager and watches the streaming renditions appear under
 * 'Verarbeitung'; a teacher of the school it is shared with plays it as a stream, switches the
 * quality and the captions, and downloads the original. And the demo teacher plays a demo film
 * with its captions.
 */
test.describe.configure({ mode: 'serial' });

const PRODUCER = ['produzent@demo.medienkatalog.invalid', 'Demo-Produzent-2026'] as const;
const TEACHER = ['lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026'] as const;
/** The demo teacher's school ('Gesamtschule Am Stadtpark'), by its school number. */
const SCHOOL_NUMBER = '100234';
const NUMBER = `E2E-HLS-${String(Date.now()).slice(-6)}`;
const IDENTIFIER = `FWU-${NUMBER}`;
const TITLE = 'Wie ein Vulkan entsteht';
const FILM = 'vulkan.mp4';
const CAPTION_TEXT = 'Tief unter der Erde ist es heiß.';

let workDir = '';
let filmPath = '';

test.beforeAll(async () => {
  // A real 3 s 1280x720 H.264/AAC film, made here (no media in the repository).
  workDir = await mkdtemp(path.join(os.tmpdir(), 'mk-e2e-media-'));
  filmPath = path.join(workDir, FILM);
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=f=440:d=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', filmPath],
  ]);
});

test.afterAll(async () => {
  if (workDir) {
    await rm(workDir, { recursive: true, force: true });
  }
});

/** A JSON call of the signed-in page with its CSRF token, as the app makes it. */
async function call(page: Page, method: string, url: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token =
        document.cookie
          .split('; ')
          .find((cookie) => cookie.startsWith('mk_csrf='))
          ?.slice('mk_csrf='.length) ?? '';
      const response = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, url, body },
  );
}

/** The player's menu button of that name ('Qualität', 'Untertitel'), whatever it shows now. */
const menuButton = (player: Locator, name: string) =>
  player.getByRole('button', { name: new RegExp(`^${name}: `) });

test('a producer uploads a film and German captions and watches the renditions appear', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, ...PRODUCER);
  await page.goto('/content-preview');
  // The medium itself, published and shared with the demo school, as the wizard and
  // 'Freigaben' make them (their own journeys show those screens).
  expect(
    await call(page, 'POST', '/api/v1/producer/media', {
      fn_nr: NUMBER,
      fn_titel: TITLE,
      fn_adressat: 'A',
      fn_typ: '49',
      fn_kurztext: 'Magma, Druck und ein Ausbruch.',
      fn_status: 'published',
    }),
  ).toBe(201);
  const school = (await (
    await page.request.get(`/api/v1/producer/organisations?q=${SCHOOL_NUMBER}`)
  ).json()) as { id: number }[];
  expect(
    await call(page, 'POST', '/api/v1/producer/shares', {
      organisation_ids: [school[0]?.id],
      scope: { kind: 'media', identifiers: [IDENTIFIER] },
      terms: { rights: 'download' },
    }),
  ).toBe(201);

  await page.getByRole('tab', { name: 'Bearbeiten' }).click();
  await page.locator(`.ag-row[row-id="${IDENTIFIER}"] .ag-cell[col-id="files"] button`).click();
  const panel = page.getByRole('dialog', { name: 'Dateien verwalten' });
  // As a person would: the (empty) list first, then the upload.
  await expect(panel.getByText('Keine Dateien vorhanden')).toBeVisible();
  await panel.getByLabel('Hochzuladende Dateien').setInputFiles(filmPath);
  await expect(page.getByText('1 Datei(en) erfolgreich hochgeladen')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: FILM })).toBeVisible({ timeout: 15_000 });

  const captions = panel.getByRole('region', { name: 'Untertitel und Kapitel' });
  // A broken file is refused with its line named, before anything is stored.
  await captions.getByLabel('Untertiteldatei (WebVTT)').setInputFiles({
    name: 'kaputt.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:99.000\nFalsch\n'),
  });
  await expect(captions.getByRole('alert')).toContainText(
    'Die WebVTT-Datei ist fehlerhaft (Zeile 3)',
  );
  await captions.getByLabel('Untertiteldatei (WebVTT)').setInputFiles({
    name: 'de.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from(`WEBVTT\n\n00:00.000 --> 00:03.000\n${CAPTION_TEXT}\n`),
  });
  await expect(captions.getByRole('status')).toHaveText('„de.vtt“ wurde gespeichert.');
  await expect(captions.getByText('Deutsch (untertitel/de.vtt)')).toBeVisible();

  // The jobs of the upload, until the streaming renditions are done.
  const processing = panel.getByRole('region', { name: 'Verarbeitung' });
  await expect(processing).toContainText(`Dauer ermitteln: ${FILM}`, { timeout: 15_000 });
  await expect(processing.getByText(`Streaming-Fassungen (HLS): ${FILM} – Fertig`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(processing.getByText(`Vorschaubild aus dem Video: ${FILM} – Fertig`)).toBeVisible();
  await expect(processing.getByText(`Dauer ermitteln: ${FILM} – Fertig`)).toBeVisible();
  await expect(processing).not.toContainText('Fehlgeschlagen');
  await expectAccessible(page);
});

test('a teacher plays it as a stream, switches quality and captions, and downloads the original', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, ...TEACHER);
  await page.goto(`/marketplace/${IDENTIFIER}`);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('button', { name: `Abspielen: ${TITLE}`, exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  const player = dialog.getByRole('region', { name: `Medienplayer: ${TITLE}` });
  await expect(player).toBeVisible();
  await expect(player).toContainText('Adaptives Streaming');
  const video = player.locator('video');
  await expect(video).toHaveAttribute('poster', `/covers/1024x576/${IDENTIFIER}.jpg`);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(2);
  await expectAccessible(page);

  // Quality: both renditions are offered; 360p is what then plays.
  const quality = menuButton(player, 'Qualität');
  await expect(quality).toBeVisible({ timeout: 15_000 });
  await quality.click();
  const qualities = page.getByRole('menu', { name: 'Qualität' });
  await expect(qualities.getByRole('menuitemradio')).toHaveText([/^Automatisch/, '360p', '720p']);
  await expectAccessible(page);
  // Chosen, the 360p rendition is what the player loads from then on.
  const lowQuality = page.waitForResponse(
    (response) => /\/360p\/segment-\d+\.ts(\?|$)/.test(response.url()) && response.ok(),
    { timeout: 15_000 },
  );
  await qualities.getByRole('menuitemradio', { name: '360p' }).click();
  await expect(quality).toHaveAccessibleName('Qualität: 360p');
  await lowQuality;

  // Captions: off until chosen, then German shows.
  const captions = menuButton(player, 'Untertitel');
  await expect(captions).toHaveAccessibleName('Untertitel: Aus');
  await captions.click();
  const captionMenu = page.getByRole('menu', { name: 'Untertitel' });
  await expectAccessible(page);
  await captionMenu.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(captions).toHaveAccessibleName('Untertitel: Deutsch');
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => {
        const german = Array.from(element.textTracks).find((track) => track.language === 'de');
        return german
          ? `${german.mode} ${(german.cues?.[0] as VTTCue | undefined)?.text ?? ''}`
          : 'keine';
      }),
    )
    .toBe(`showing ${CAPTION_TEXT}`);

  await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: `Herunterladen: ${TITLE}`, exact: true })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(FILM);
  const original = await readFile(await download.path());
  expect(original.equals(await readFile(filmPath))).toBe(true);
  await expect(page.getByText(`Download gestartet: ${FILM}`)).toBeVisible();
  await expectAccessible(page);
});

test('the demo teacher plays a demo film with German captions', async ({ page }) => {
  await logIn(page, ...TEACHER);
  // Lernfilm Studio Nord's films play through the media centre's licence of the school.
  const answer = await page.request.get(
    '/api/v1/media/catalogue/search?filter_fn_prodname=Lernfilm%20Studio%20Nord&filter_fn_typ=49',
  );
  const films = (await answer.json()) as { identifier: string; access: string | null }[];
  const film = films.find((item) => item.access !== null && item.access !== 'none');
  expect(film, 'a demo film the teacher may play').toBeDefined();
  await page.goto(`/marketplace/${film?.identifier ?? ''}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const title = ((await heading.textContent()) ?? '').trim();

  // The page's own button comes first; related media below may share the title.
  await page
    .getByRole('button', { name: `Abspielen: ${title}`, exact: true })
    .first()
    .click();
  const player = page
    .getByRole('dialog', { name: title })
    .getByRole('region', { name: `Medienplayer: ${title}` });
  const video = player.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(2);
  const captions = menuButton(player, 'Untertitel');
  await captions.click();
  await expectAccessible(page);
  await page
    .getByRole('menu', { name: 'Untertitel' })
    .getByRole('menuitemradio', { name: 'Deutsch' })
    .click();
  await expect(captions).toHaveAccessibleName('Untertitel: Deutsch');
  // The demo captions begin with the film's title.
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => {
        const german = Array.from(element.textTracks).find((track) => track.language === 'de');
        return german?.mode === 'showing'
          ? ((german.cues?.[0] as VTTCue | undefined)?.text ?? '')
          : '';
      }),
    )
    .toBe(title);
  await player.getByRole('button', { name: /^Kapitel/ }).click();
  const chapters = page.getByRole('menu', { name: 'Kapitel' });
  await expect(chapters.getByRole('menuitem')).toHaveText(['0:00 Titel', /^0:0\d Worum es geht$/]);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
});
