import { expect, type Page } from '@playwright/test';

/** Logs in through the login page and waits for the user menu. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Benutzermenü von/ })).toBeVisible();
}
