import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';

const cards = (page: Page) => page.locator('main article');

test('a producer opens Meine Medien with its own media, drafts included, and searches them', async ({
  page,
}) => {
  await logIn(page, 'produzent@demo.medienkatalog.invalid', 'Demo-Produzent-2026');
  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await page.getByRole('menuitem', { name: 'Meine Medien' }).click();
  await expect(page).toHaveURL(/\/content-preview$/);
  await expect(page.getByRole('heading', { name: 'Meine Medien', level: 1 })).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: /Medien insgesamt$/ });
  await expect(count).toBeVisible();
  const total = Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  expect(total).toBeGreaterThan(24);
  await expect(cards(page)).toHaveCount(24);
  await expect(cards(page).first()).toContainText('FWU');
  await expect(page.getByRole('tab', { name: 'Ansicht' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  const firstTitle =
    ((await cards(page).first().locator('h3').textContent()) ?? '').split(' ')[0] ?? '';
  await page.getByRole('searchbox', { name: 'In diesen Medien suchen' }).fill(firstTitle);
  await expect
    .poll(async () => Number(((await count.textContent()) ?? '').replace(/\D/g, '')))
    .toBeLessThan(total);

  await page.getByRole('searchbox', { name: 'In diesen Medien suchen' }).fill('');
  await expect
    .poll(async () => Number(((await count.textContent()) ?? '').replace(/\D/g, '')))
    .toBe(total);
  // The filters offer what occurs among the producer's own media, with counts.
  await page.getByRole('combobox', { name: 'Medienart' }).click();
  const option = page.getByRole('option').first();
  const expected = Number(/\((\d+)\)$/.exec((await option.textContent()) ?? '')?.[1]);
  await option.click();
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => Number(((await count.textContent()) ?? '').replace(/\D/g, '')))
    .toBe(expected);

  await page.getByRole('tab', { name: 'Bearbeiten' }).click();
  await expect(
    page.getByRole('heading', { name: 'Meine Medien - Bearbeiten', level: 1 }),
  ).toBeVisible();
});

test('a media centre previews the licensed content of a producer; others may not', async ({
  page,
}) => {
  await logIn(page, 'medienzentrum@demo.medienkatalog.invalid', 'Demo-Medienzentrum-2026');
  await page.goto('/content-preview');
  await expect(page.getByRole('heading', { name: 'Inhaltsvorschau', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /Lernfilm Studio Nord/ }).click();
  await expect(page.getByRole('heading', { name: 'Lernfilm Studio Nord', level: 1 })).toBeVisible();
  await expect(cards(page).first()).toContainText('Lernfilm Studio Nord');
  await expect(page.getByRole('tab', { name: 'Bearbeiten' })).toHaveCount(0);

  await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await logIn(page, 'lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026');
  await page.goto('/content-preview');
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
});
