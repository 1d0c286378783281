import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { mailLink } from './support/mail.ts';

const cards = (page: Page) => page.locator('main article');

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

test('register, confirm by mail, log in, star two media, use the wishlist, log out', async ({
  page,
}) => {
  const email = `lena.${String(Date.now())}@schule.example`;
  await page.goto('/register');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Lena');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Vogel');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('kurz');
  await page.getByRole('button', { name: 'Benutzerkonto anlegen' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 10 Zeichen lang sein.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('Sonnige-Wiese-2026');
  await page.getByRole('button', { name: 'Benutzerkonto anlegen' }).click();
  await expect(page).toHaveURL(/\/register\/success$/);
  await expect(page.getByText(/Wir haben Ihnen eine E-Mail geschickt/)).toBeVisible();

  await page.goto(await mailLink(email, 'bestätigen'));
  await expect(
    page.getByText('Ihre E-Mail-Adresse ist bestätigt.', { exact: false }),
  ).toBeVisible();
  // The token does not stay in the address.
  expect(page.url()).not.toContain('token');
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await logIn(page, email, 'Sonnige-Wiese-2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Benutzermenü von Lena Vogel' })).toBeVisible();

  await page.goto('/search?q=Wald');
  const starred: string[] = [];
  for (const index of [0, 1]) {
    const card = cards(page).nth(index);
    starred.push((await card.locator('h3').textContent()) ?? '');
    await card.getByRole('button', { name: 'Auf die Merkliste' }).click();
    await expect(card.getByRole('button', { name: 'Von der Merkliste entfernen' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Merkliste' }).first().click();
  await expect(page.getByRole('heading', { name: 'Merkliste', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).locator('h3')).toHaveText([starred[1] ?? '', starred[0] ?? '']);
  await expectAccessible(page);

  await cards(page).first().getByRole('button', { name: 'Von der Merkliste entfernen' }).click();
  await expect(cards(page)).toHaveCount(1);
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('button', { name: 'Von der Merkliste entfernen' }).click();
  await expect(page.getByText(/Hier gibt es noch keine Medien/)).toBeVisible();

  await page.getByRole('button', { name: 'Benutzermenü von Lena Vogel' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByRole('link', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.goto('/wishlist');
  await expect(
    page.getByRole('dialog', { name: 'Für diese Funktion müssen Sie angemeldet sein.' }),
  ).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'E-Mail-Adresse' })
    .fill('kreisadmin@demo.medienkatalog.invalid');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page).toHaveURL(/\/login\/password-reset\/confirm$/);
  await expect(page.getByText(/Wenn zu dieser Adresse ein Benutzerkonto besteht/)).toBeVisible();

  await page.goto(await mailLink('kreisadmin@demo.medienkatalog.invalid', 'Passwort zurücksetzen'));
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  expect(page.url()).not.toContain('token');
  await page
    .getByRole('textbox', { name: 'Neues Passwort', exact: true })
    .fill('Herbst-Laub-im-Park');
  await page
    .getByRole('textbox', { name: 'Neues Passwort wiederholen' })
    .fill('Herbst-Laub-im-Pärk');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Die beiden Passwörter stimmen nicht überein.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Neues Passwort wiederholen' })
    .fill('Herbst-Laub-im-Park');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort geändert' })).toBeVisible();

  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await logIn(page, 'kreisadmin@demo.medienkatalog.invalid', 'Demo-Kreisadmin-2026');
  await expect(page.getByRole('alert')).toHaveText(
    'E-Mail-Adresse oder Passwort ist nicht korrekt.',
  );
  await logIn(page, 'kreisadmin@demo.medienkatalog.invalid', 'Herbst-Laub-im-Park');
  await expect(
    page.getByRole('button', { name: /^Benutzermenü von Thomas Krüger$/ }),
  ).toBeVisible();
});

test('a student is sent from the marketplace to the class library', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, 'schuelerin@demo.medienkatalog.invalid', 'Demo-Schuelerin-2026');
  await expect(page).toHaveURL(/\/classlibrary$/);
  await expect(
    page.getByRole('heading', { name: 'Klassenbibliothek der Klasse 7b' }),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  await expectAccessible(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/classlibrary$/);
});

test('an anonymous visitor opening the wishlist logs in and lands on it', async ({ page }) => {
  await page.goto('/wishlist');
  const dialog = page.getByRole('dialog', {
    name: 'Für diese Funktion müssen Sie angemeldet sein.',
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Jetzt Anmelden' }).click();
  await expect(page).toHaveURL(/\/login\/\?r=%2Fwishlist$/);
  await expectAccessible(page);
  await logIn(page, 'lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026');
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'Merkliste', level: 1 })).toBeVisible();
});

test('a teacher edits the profile and sees the trending list', async ({ page }) => {
  await page.goto('/login?r=%2Fprofile');
  await logIn(page, 'schuladmin@demo.medienkatalog.invalid', 'Demo-Schuladmin-2026');
  await expect(page.getByRole('heading', { name: 'Profil', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Schule (optional)' }).fill('Realschule am Berg');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ihre Angaben sind gespeichert.')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Schule (optional)' })).toHaveValue(
    'Realschule am Berg',
  );
  // Opening a medium counts for the trending list of everybody.
  await page.goto('/search?q=Vulkane');
  const title = (await cards(page).first().locator('h3').textContent()) ?? '';
  await cards(page).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Im Trend' }).first().click();
  await expect(page.getByRole('heading', { name: 'Im Trend', level: 1 })).toBeVisible();
  await expect(cards(page).locator('h3').filter({ hasText: title })).toBeVisible();
});
