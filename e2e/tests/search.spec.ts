import { expect, test } from '@playwright/test';

test('a visitor sees the newest media and searches the demo catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Medienkatalog', level: 1 })).toBeVisible();
  const newest = page.getByRole('list', { name: 'Neueste Medien' });
  await expect(newest.getByRole('listitem')).toHaveCount(24);
  const firstNewest = await newest.getByRole('heading').first().textContent();

  await page.getByLabel('Suche').fill('Pflanzen');
  const results = page.getByRole('list', { name: 'Ergebnisse für „Pflanzen“' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/^\d+ Ergebnisse$/)).toBeVisible();
  const titles = await results.getByRole('heading').allTextContents();
  expect(titles.some((title) => title.includes('Pflanze'))).toBe(true);
  expect(titles[0]).not.toBe(firstNewest);

  // Umlaut spellings find the same media.
  await page.getByLabel('Suche').fill('Oekosystem');
  await expect(
    page
      .getByRole('list', { name: 'Ergebnisse für „Oekosystem“' })
      .getByText('Das Ökosystem Wald')
      .first(),
  ).toBeVisible();
});

test('a search without hits says so', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Suche').fill('Xylophonquantenschaum');
  await expect(page.getByText('Keine Ergebnisse')).toBeVisible();
});

test('unknown paths of the app fall back to the app, unknown API paths answer 404', async ({
  page,
  request,
}) => {
  await page.goto('/search?q=Vulkane');
  await expect(page.getByRole('heading', { name: 'Medienkatalog', level: 1 })).toBeVisible();
  const response = await request.get('/api/v1/gibt-es-nicht');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    error: 'Not Found',
    message: 'Die angeforderte Seite wurde nicht gefunden.',
  });
});
