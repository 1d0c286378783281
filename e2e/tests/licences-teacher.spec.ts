import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';
import { expectClickableAtCentre } from './support/clickable.ts';

/**
 * Licences as the demo teacher meets them (school 'Gesamtschule Am Stadtpark'): Naturfilm's
 * films need a licence the school does not have, Lernfilm's play through the media centre's;
 * a published demo code grants one more FWU film; FWU's Mediathek heads its search.
 */
const TEACHER = ['lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026'] as const;
const CODE = 'FWXD-EM2Q-6KXB-TZ7A';
const NATURFILM = '/search?producer=Naturfilm%20Mitteldeutschland';
const LERNFILM = '/search?producer=Lernfilm%20Studio%20Nord';

const cards = (page: Page) => page.locator('main article');

test('a Naturfilm card offers "Zugang erhalten" instead of playing; it leads to redeeming a code', async ({
  page,
}) => {
  await logIn(page, ...TEACHER);
  await page.goto(NATURFILM);
  const card = cards(page).first();
  await expect(card).toBeVisible();
  const title = ((await card.locator('h3').textContent()) ?? '').trim();
  await expect(card.getByRole('button', { name: /^Abspielen/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Herunterladen/ })).toHaveCount(0);
  const access = card.getByRole('button', { name: `Zugang erhalten: ${title}` });
  await expect(access).toBeVisible();
  await expectAccessible(page);

  await access.click();
  const dialog = page.getByRole('dialog', { name: `Zugang zu „${title}“ erhalten` });
  await expect(dialog).toContainText('Für dieses Medium haben Sie noch keine Lizenz.');
  await expect(dialog).toContainText('Medienzentrum Ihrer Schule (Gesamtschule Am Stadtpark)');
  await expectAccessible(page);

  await dialog.getByRole('link', { name: 'Code einlösen' }).click();
  await expect(page).toHaveURL(/\/redeem\?r=%2Fsearch%3Fproducer%3DNaturfilm/);
  await expect(page.getByRole('heading', { name: 'Code einlösen', level: 1 })).toBeVisible();
  // What the teacher held before (other journeys may have redeemed codes for it).
  const mine = page.getByRole('region', { name: 'Meine Lizenzen' });
  await expect(
    mine.getByRole('listitem').or(mine.getByText('Sie haben noch keinen Code eingelöst.')).first(),
  ).toBeVisible();
  const before = await mine.getByRole('listitem').count();
  await expectAccessible(page);

  // Typed as printed; the server's answer and the licence appear with a link to the medium.
  await page.getByRole('textbox', { name: 'Code' }).fill(CODE.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Einlösen' }).click();
  await expect(page.getByText(/^Code eingelöst: Sie haben jetzt Zugang zu „.+“\.$/)).toBeVisible();
  const granted = page.getByRole('region', { name: 'Ihre neue Lizenz' });
  await expect(granted).toContainText('Streamen und Herunterladen');
  await expect(mine.getByRole('listitem')).toHaveCount(before + 1);
  await expectAccessible(page);
  const toMedium = granted.getByRole('link', { name: /^Zum Medium: / });
  const medium = ((await toMedium.textContent()) ?? '').replace('Zum Medium: ', '');

  // The medium now plays: the play button is offered, the link call answers 200 and the
  // medium's content opens.
  await toMedium.click();
  await expect(page).toHaveURL(/\/marketplace\/FWU-/);
  await expect(page.getByRole('heading', { name: medium, level: 1 })).toBeVisible();
  // The medium itself (not the related media below it) no longer asks for access.
  await expect(
    page.getByRole('button', { name: `Zugang erhalten: ${medium}`, exact: true }),
  ).toHaveCount(0);
  const [link] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/v1/media/link/')),
    page.getByRole('button', { name: `Abspielen: ${medium}`, exact: true }).click(),
  ]);
  expect(link.status()).toBe(200);
  expect(link.url()).toMatch(/\?purpose=play$/);
  expect((await link.json()) as { direct: string | null }).toMatchObject({
    direct: expect.stringMatching(/^\/content\//),
  });
  await expect(page.getByText('Kein Abspiel-Link verfügbar')).toHaveCount(0);
  // The player (loaded on the first play) opens in its dialog; axe checks it once it is there.
  await expect(page.getByRole('dialog', { name: medium })).toBeVisible();
  // The confirmation slides in beside it (its code loads on the first message).
  await expect(page.getByText('Medium wird abgespielt')).toBeVisible();
  await expectAccessible(page);

  // Redeeming the same code again: the server's message beside the field.
  await page.goto('/redeem');
  await page.getByRole('textbox', { name: 'Code' }).fill(CODE);
  await page.getByRole('button', { name: 'Einlösen' }).click();
  const field = page.getByRole('textbox', { name: 'Code' });
  await expect(field).toHaveAccessibleDescription(
    'Sie haben diesen Code schon eingelöst. Die Lizenz ist in Ihrem Konto.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('the user menu leads to redeeming; a QR link fills the code in', async ({ page }) => {
  await logIn(page, ...TEACHER);
  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'Code einlösen' }).click();
  await expect(page).toHaveURL(/\/redeem$/);

  await page.goto(`/redeem?code=${CODE.toLowerCase()}`);
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(CODE);
  await expect(page).toHaveURL(/\/redeem$/);
  await expect(page.getByText(/Der Code aus dem QR-Code ist eingetragen/)).toBeVisible();
  await expectAccessible(page);
});

test('the Mediathek search shows only its media under its name and description', async ({
  page,
}) => {
  await page.goto('/search?mediathek=fwu/biologie-sek1');
  await expect(
    page.getByRole('heading', { name: 'Inhalte der Biologie Sekundarstufe I-Mediathek', level: 1 }),
  ).toBeVisible();
  await expect(
    page.getByText('Filme und Arbeitsblätter für den Biologieunterricht der Klassen 5 bis 10.'),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '12 Ergebnisse' })).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  const producers = await cards(page)
    .getByRole('button', { name: /^Alle Medien von / })
    .allTextContents();
  expect(new Set(producers)).toEqual(new Set(['FWU Institut für Film und Bild']));
  await expectAccessible(page);

  await page.goto('/search?mediathek=fwu/gibt-es-nicht');
  await expect(page.getByText('Eine Mediathek „fwu/gibt-es-nicht“ gibt es nicht')).toBeVisible();
  await expect(page.getByText('Keine Ergebnisse')).toBeVisible();
  await expectAccessible(page);
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${String(viewport.width)}x${String(viewport.height)} the card's play and "Zugang erhalten" take a click where they are drawn`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logIn(page, ...TEACHER);

    await page.goto(NATURFILM);
    const access = cards(page)
      .first()
      .getByRole('button', { name: /^Zugang erhalten: / });
    await expectClickableAtCentre(access);
    await access.click();
    const dialog = page.getByRole('dialog', { name: /^Zugang zu / });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Schließen' }).click();

    await page.goto(LERNFILM);
    const play = cards(page)
      .first()
      .getByRole('button', { name: /^Abspielen: / });
    await expectClickableAtCentre(play);
    await expectClickableAtCentre(
      cards(page)
        .first()
        .getByRole('button', { name: /^Herunterladen: / }),
    );
    await expectAccessible(page);
  });
}
