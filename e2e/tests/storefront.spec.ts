import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';

/**
 * The storefront's first pages (home, search, a medium) come rendered from the server for
 * visitors, so that their covers paint before the app's code has arrived; the app then takes the
 * page over. What a visitor gets before, during and after that.
 */

const cards = (page: Page) => page.locator('main article');

/** Holds back the app's code (not the boot script) until `release` is called. */
async function holdAppCode(page: Page) {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Console errors and uncaught exceptions of the page (hydration mismatches among them). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The 404 of a missing medium's page is the answer it should be.
    if (message.type() === 'error' && !message.text().includes('404')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a visitor gets the first pages rendered: covers, titles and links without any script', async ({
  browser,
  request,
}) => {
  const html = await (await request.get('/search?q=Wasser')).text();
  expect(html).toMatch(/<img[^>]+src="\/covers\/[^"]+"[^>]*fetchpriority="high"/i);
  expect(html).toContain('<title>Ergebnisse für „Wasser“ – Medienkatalog</title>');
  // The app's code is named, not loaded: the boot script loads it after the first covers.
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/boot-[^"]+" data-app=/);
  expect(html).not.toMatch(/<script[^>]+src="\/assets\/index-/);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=Wasser');
  const first = cards(page).first();
  await expect(first.getByRole('img')).toBeVisible();
  await expect
    .poll(() => first.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // (axe needs scripts: the next test runs it on the same pages, taken over by the app.)
  // The card's title leads to the medium's page, rendered as well.
  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await first.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(/\/marketplace\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} – Medienkatalog`);
  // The search form works without the app, too.
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  await context.close();
});

test('a medium that is not there answers 404, a signed-in user gets the app itself', async ({
  page,
  request,
}) => {
  const missing = await request.get('/marketplace/KEIN-MEDIUM-1');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('id="server-state"');

  await logIn(page, 'lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026');
  const signedIn = await page.request.get('/search?q=Wasser');
  expect(signedIn.status()).toBe(200);
  const html = await signedIn.text();
  expect(html).not.toContain('server-state');
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the app takes the pages over without errors at ${String(viewport.width)} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const errors = collectErrors(page);
    for (const url of ['/', '/search?q=Wasser']) {
      await page.goto(url);
      // The server renders the first cards; the app, once it has taken over, the rest.
      await expect.poll(() => cards(page).count()).toBeGreaterThan(4);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      await expectAccessible(page);
    }
    const first = cards(page).first();
    const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await first.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(/\/marketplace\//);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Ähnliche Medien/ })).toBeVisible();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    // The page does not reach beyond the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

test('a click and typing before the app has taken over are not lost', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/search?q=Wasser');
  const card = cards(page).first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  // Not yet the app's: the server rendered two cards.
  await expect(cards(page)).toHaveCount(2);
  await card.getByRole('button', { name: `Auf die Merkliste: ${title}` }).click();
  const search = page.getByRole('combobox', { name: 'Medien suchen' });
  await search.fill('Energie');
  release();
  const prompt = page.getByRole('dialog', {
    name: 'Für diese Funktion müssen Sie angemeldet sein.',
  });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(prompt).toBeHidden();
  await expect(search).toHaveValue('Energie');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=Energie/);
  expect(errors).toEqual([]);
});
