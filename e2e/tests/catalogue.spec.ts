import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { logIn } from './support/session.ts';

const cards = (page: Page) => page.locator('main article');

test('the storefront shows media first: shelves of the newest and of the large subject areas', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Bildungsmedien für Ihren Unterricht', level: 1 }),
  ).toBeVisible();
  const newest = page.getByRole('region', { name: 'Neueste Medien' });
  await expect(newest.locator('article')).toHaveCount(12);
  // The first card is on screen at once, above the subject areas.
  await expect(newest.locator('article').first()).toBeInViewport();
  await expect(page.getByRole('link', { name: /^Biologie \(\d+\)$/ })).toBeVisible();
  await expectAccessible(page);

  // A shelf scrolls sideways, not the page.
  const shelf = newest.getByRole('list');
  const scrollable = await shelf.evaluate((list) => list.scrollWidth > list.clientWidth);
  expect(scrollable).toBe(true);
  await shelf.evaluate((list) => {
    list.scrollLeft = list.scrollWidth;
  });
  await expect(newest.locator('article').last()).toBeInViewport();

  // The subject shelves further down load when they come near.
  await page.mouse.wheel(0, 20_000);
  const shelves = page.locator('main section');
  await expect.poll(() => shelves.count()).toBeGreaterThanOrEqual(5);
  await expect(shelves.last().locator('article').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);

  // The kind tabs narrow the shelves.
  await page.getByRole('tab', { name: 'Apps' }).click();
  await expect(page).toHaveURL(/\/\?t=apps$/);
  await expect(newest.getByRole('link', { name: 'Alle anzeigen: Neueste Medien' })).toHaveAttribute(
    'href',
    '/search?t=apps',
  );
});

test('the search lists the newest media and scrolls for more, and keeps its place', async ({
  page,
}) => {
  await page.goto('/search');
  await expect(cards(page)).toHaveCount(24);
  await page.mouse.wheel(0, 20_000);
  await expect(cards(page)).toHaveCount(48);

  // Leaving and coming back keeps the loaded pages and the scroll position.
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(1000);
  await page.getByRole('link', { name: 'Kategorien' }).first().click();
  await expect(page.getByRole('heading', { name: 'Kategorien', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(cards(page)).toHaveCount(48);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

test('a search with a filter lives in the URL, and the back button restores it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Medien suchen' }).fill('Pflanzen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Pflanzen$/);
  await expect(
    page.getByRole('heading', { name: 'Ergebnisse für „Pflanzen“', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Ergebnisse?$/ })).toBeVisible();
  // The cards mount a few at a time after the total shows: all of them, once nothing is busy.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const allTitles = await cards(page).locator('h3').allTextContents();
  expect(allTitles.length).toBeGreaterThan(1);
  expect(allTitles.some((title) => title.includes('Pflanze'))).toBe(true);
  await expectAccessible(page);

  // The filter offers the types that occur under this search, with counts.
  await page.getByRole('combobox', { name: 'Medienart' }).click();
  const option = page.getByRole('option').first();
  await expect(option).toHaveText(/\(\d+\)$/);
  const optionText = (await option.textContent()) ?? '';
  const expected = Number(/\((\d+)\)$/.exec(optionText)?.[1]);
  await option.click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/typ=/);
  await expect(cards(page)).toHaveCount(Math.min(expected, 24));
  await expect(
    page.getByRole('status').filter({ hasText: `${String(expected)} Ergebnis` }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Apps' }).click();
  await expect(page).toHaveURL(/t=apps/);

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=Pflanzen$/);
  await expect(cards(page)).toHaveCount(allTitles.length);
});

test('the filters offer what the catalogue holds, with counts: subject areas as a tree, school stages', async ({
  page,
}) => {
  await page.goto('/search');
  await expect(cards(page).first()).toBeVisible();

  // Sachgebiete: a tree of the areas with media, top level with counts, opened by keyboard.
  await page.getByRole('button', { name: 'Sachgebiete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sachgebiete' });
  const biology = dialog.getByRole('treeitem', { name: /^Biologie \(\d+\)$/ });
  await expect(biology).toBeVisible();
  await expectAccessible(page);
  await biology.focus();
  await page.keyboard.press('ArrowRight');
  await expect(biology).toHaveAttribute('aria-expanded', 'true');
  const child = biology.getByRole('group').getByRole('treeitem').first();
  await expect(child).toHaveText(/\(\d+\)$/);
  const childCount = Number(/\((\d+)\)$/.exec((await child.textContent()) ?? '')?.[1]);
  await page.keyboard.press('ArrowDown');
  await expect(child).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/geb=\d{5}/);
  await expect(child).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`^${String(childCount)} Ergebnis`) }),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(Math.min(childCount, 24));

  // Klassenstufe: school stages and grades, only those with media, counted.
  await page.getByRole('combobox', { name: 'Klassenstufe' }).click();
  const stages = page.getByRole('option');
  await expect(stages.first()).toHaveText(
    /^(Elementarbereich|Grundschule|Klasse|Oberstufe|Förderschule|Berufliche|Kinder|Erwachsenen|Lehrer).* \(\d+\)$/,
  );
  await expect(page.getByRole('listbox').getByRole('checkbox')).toHaveCount(0);
  await expectAccessible(page);
});

test('a search that finds nothing says so; typing errors are corrected and said; several words', async ({
  page,
}) => {
  await page.goto('/search?q=Xylophonquantenschaum');
  await expect(page.getByText('Keine Ergebnisse')).toBeVisible();

  // Each wrong word of several is corrected, and the page says what it searched.
  await page.goto('/search?q=Fotosynthse%20Film');
  await expect(
    page.getByRole('heading', { name: 'Ergebnisse für „Photosynthese Film“', level: 1 }),
  ).toBeVisible();
  await expect(
    cards(page).locator('h3').filter({ hasText: 'Photosynthese' }).first(),
  ).toBeVisible();
  await expectAccessible(page);
  // The filters offer what the results hold: the subject areas of the corrected query.
  await page.getByRole('button', { name: 'Sachgebiete', exact: true }).click();
  const subjects = page.getByRole('dialog', { name: 'Sachgebiete' });
  await expect(subjects.getByRole('treeitem', { name: /^Biologie \(\d+\)$/ })).toBeVisible();
  await subjects.getByRole('button', { name: 'Fertig' }).click();
  await expect(subjects).toBeHidden();
  await page.getByRole('link', { name: '„Fotosynthse Film“' }).click();
  await expect(page).toHaveURL(/exact=1/);
  await expect(
    page.getByRole('heading', { name: 'Ergebnisse für „Fotosynthse Film“', level: 1 }),
  ).toBeVisible();
  // As typed, no medium has both words: those with one of them follow, and the page says so.
  await expect(
    page.getByText('Keine Treffer mit allen Wörtern – Ergebnisse mit einzelnen Wörtern'),
  ).toBeVisible();

  // A query that found something, with a word the catalogue knows better: 'Meinten Sie'.
  await page.goto('/search?q=Wasser%20Bot');
  await expect(page.getByText(/^Meinten Sie/)).toBeVisible();
  await page.getByRole('link', { name: '„Wasser Botanik“' }).click();
  await expect(
    page.getByRole('heading', { name: 'Ergebnisse für „Wasser Botanik“', level: 1 }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a word finds its compounds, and a school word its subject area', async ({ page }) => {
  await page.goto('/search?q=Teilung.');
  await expect(
    cards(page).locator('h3').filter({ hasText: 'Zellteilung: Mitose und Meiose' }).first(),
  ).toBeVisible();

  await page.goto('/search?q=Mathe.');
  await expect(
    cards(page).locator('h3').filter({ hasText: 'Der Satz des Pythagoras' }).first(),
  ).toBeVisible();
  await expectAccessible(page);
});

test('the filters load after the first results without moving them, on a phone and wide', async ({
  page,
}) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/search?q=Wasser');
    const first = cards(page).first();
    await expect(first).toBeVisible();
    const before = (await first.boundingBox())?.y;
    await expect(page.getByRole('combobox', { name: 'Medienart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sachgebiete' })).toBeVisible();
    expect((await first.boundingBox())?.y).toBe(before);
  }
});

test('a search or medium page opened by its address brings its first answer, or asks for it once with its code', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/media/')) {
      asked.push(`${url.pathname}${url.search}`);
    }
  });
  const searches = () => asked.filter((url) => url.startsWith('/api/v1/media/catalogue/search?'));
  /** Opens a search and then its first medium; returns how often each asked for its answer. */
  const openSearchAndMedium = async () => {
    asked.length = 0;
    await page.goto('/search?q=Wasser');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Medienart' })).toBeVisible();
    const searchAnswers = searches().filter((url) => url.endsWith('q=Wasser&p=0')).length;
    // The words the page opened with are not completed: nobody is typing.
    expect(asked.filter((url) => url.includes('/suggest'))).toEqual([]);

    const medium = await cards(page).first().getByRole('link').first().getAttribute('href');
    const identifier = medium?.split('/').pop() ?? '';
    asked.length = 0;
    await page.goto(medium ?? '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Ähnliche Medien/ })).toBeVisible();
    return [searchAnswers, asked.filter((url) => url === `/api/v1/media/${identifier}`).length];
  };
  // A visitor's pages come rendered from the server with their answers: nothing to ask.
  expect(await openSearchAndMedium()).toEqual([0, 0]);
  // A signed-in user's pages are the app's own: each asks once, while its code loads.
  await logIn(page, 'lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026');
  expect(await openSearchAndMedium()).toEqual([1, 1]);
});

test('the search bar suggests titles, keywords, subject areas and producers while typing', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Medien suchen' });
  await box.pressSequentially('Photo', { delay: 50 });
  // Typing is never blocked: the field holds every letter while the list arrives.
  await expect(box).toHaveValue('Photo');
  // The combobox (loaded when one goes into the field) took over from the plain field while one
  // typed, with the focus.
  await expect(box).toHaveClass(/MuiAutocomplete-input/);
  await expect(box).toBeFocused();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(8);
  await expect(options.first()).toContainText(/Photo/i);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(box).toHaveValue('Photo');

  // The arrows move through the completions (aria-activedescendant), Enter searches one.
  // (The first press opens the list again, the next highlights the first completion.)
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/);
  const active = page.locator(`[id="${(await box.getAttribute('aria-activedescendant')) ?? ''}"]`);
  const title = ((await active.locator('span').first().textContent()) ?? '').trim();
  expect(title).toMatch(/Photo/i);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(cards(page).first()).toBeVisible();

  // Several words complete in any order, and a school word stands for its subject area.
  await box.fill('');
  await box.pressSequentially('Weltkrieg Zwe', { delay: 50 });
  await expect(options.filter({ hasText: 'Der Zweite Weltkrieg' }).first()).toBeVisible();
  await box.fill('');
  await box.pressSequentially('Erdk', { delay: 50 });
  const schoolWord = options.filter({ hasText: 'Erdkunde' });
  await expect(schoolWord).toContainText('Sachgebiet');
  await schoolWord.click();
  await expect(
    page.getByRole('heading', { name: 'Ergebnisse für „Erdkunde“', level: 1 }),
  ).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});

test('the producer chip searches the producer; detail keywords search the keyword', async ({
  page,
}) => {
  await page.goto('/search?q=Vulkane');
  const firstCard = cards(page).first();
  const producer =
    (await firstCard.getByRole('button', { name: /^Alle Medien von / }).textContent()) ?? '';
  await firstCard.getByRole('button', { name: `Alle Medien von ${producer}` }).click();
  await expect(page).toHaveURL(/\/search\/?\?producer=/);
  await expect(
    page.getByRole('heading', { name: `Ergebnisse für Produzent „${producer}“`, level: 1 }),
  ).toBeVisible();
  await expect(cards(page).first()).toContainText(producer);

  await cards(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/marketplace\//);
  await expect(page.getByRole('region', { name: 'Angaben zum Medium' })).toBeVisible();
  await expect(page.getByText('Medienart', { exact: true })).toBeVisible();
  await expectAccessible(page);
  const keyword = page
    .getByRole('region', { name: 'Angaben zum Medium' })
    .getByRole('link')
    .filter({ hasNotText: producer })
    .last();
  const keywordText = (await keyword.textContent()) ?? '';
  await keyword.click();
  await expect(page).toHaveURL(/schlag=/);
  await expect(
    page.getByRole('heading', { name: `Ergebnisse für Schlagwort „${keywordText}“` }),
  ).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});

test('an unknown medium shows a German not-found page', async ({ page }) => {
  await page.goto('/marketplace/GIBT-ES-NICHT');
  await expect(page.getByText('Dieses Medium wurde nicht gefunden.')).toBeVisible();
});

test('the preview overlay shows a medium without leaving the list', async ({ page }) => {
  await page.goto('/');
  const title = (await cards(page).first().locator('h3').textContent()) ?? '';
  await cards(page)
    .first()
    .getByRole('button', { name: /^Vorschau: / })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByText('Medienart')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('categories lead from the top level down to the media of a leaf', async ({ page }) => {
  await page.goto('/categories');
  await expectAccessible(page);
  await page.getByRole('link', { name: /^Biologie\s*\d+ Medien$/ }).click();
  await expect(page).toHaveURL(/\/categories\/080$/);
  await expect(page.getByRole('heading', { name: 'Biologie', level: 1 })).toBeVisible();
  const child = page
    .getByRole('list', { name: 'Sachgebiete in Biologie' })
    .getByRole('link')
    .first();
  const childName = ((await child.locator('p').first().textContent()) ?? '').trim();
  await child.click();
  await expect(page).toHaveURL(/\/categories\/080\/080\d\d$/);
  await expect(page.getByRole('heading', { name: childName, level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sachgebiete' })).toContainText('Biologie');
  await expect(cards(page).first()).toBeVisible();
});

test('the footer links lead to real pages; later screens say they are in preparation', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Rechtliches und Kontakt' });
  for (const name of ['Impressum', 'Datenschutz', 'Nutzungsbedingungen', 'Kontakt', 'Über uns']) {
    await footer.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }
  await expectAccessible(page);
  await page.goto('/purchase/confirmed');
  await expect(page.getByRole('heading', { name: 'In Vorbereitung' })).toBeVisible();
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});

test('an anonymous star asks to log in and leads to the login with the way back', async ({
  page,
}) => {
  await page.goto('/search?q=Vulkane');
  await cards(page).first().getByRole('button', { name: 'Auf die Merkliste' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Für diese Funktion müssen Sie angemeldet sein.',
  });
  await expect(dialog).toContainText(
    'Um fortzufahren, müssen Sie sich mit Ihrem bestehenden Benutzerkonto anmelden oder ein neues Benutzerkonto erstellen.',
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Jetzt Anmelden' }).click();
  await expect(page).toHaveURL(/\/login\/\?r=%2Fsearch%3Fq%3DVulkane$/);
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the catalogue fits the screen and the search opens from its icon', async ({ page }) => {
    await page.goto('/');
    // Media come first on a phone too: a card is on the first screen.
    await expect(cards(page).first()).toBeInViewport();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Suche öffnen' }).click();
    await page.getByRole('combobox', { name: 'Medien suchen' }).fill('Wald');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Ergebnisse für „Wald“' })).toBeVisible();
    await expectAccessible(page);
  });
});

test('the header fits a 390 px phone, its search behind an icon and its links in a row below; wide, the links sit in the top row', async ({
  page,
}) => {
  const banner = page.getByRole('banner');
  const title = banner.getByRole('link', { name: 'Medienkatalog' });
  // Hidden elements have no role: exactly one navigation shows at each width.
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const field = banner.getByRole('combobox', { name: 'Medien suchen' });
  const openSearch = banner.getByRole('button', { name: 'Suche öffnen' });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const box = async (element: Locator) => {
    const found = await element.boundingBox();
    if (!found) {
      throw new Error('not drawn');
    }
    return found;
  };

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  await expect(navigation).toHaveCount(1);
  await expect(navigation.getByRole('link')).toHaveText(['Marktplatz', 'Kategorien']);
  const titleBox = await box(title);
  expect((await box(navigation)).y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  expect(await fits()).toBe(true);
  await expect(field).toBeHidden();
  await openSearch.click();
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  await expect(openSearch).toBeHidden();
  expect(await fits()).toBe(true);
  await banner.getByRole('button', { name: 'Suche schließen' }).click();
  await expect(field).toBeHidden();
  await expect(openSearch).toBeVisible();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  await expect(navigation).toHaveCount(1);
  const wideTitle = await box(title);
  const wideNavigation = await box(navigation);
  // In the title's row, between it and the search field.
  expect(wideNavigation.y).toBeLessThan(wideTitle.y + wideTitle.height);
  expect(wideNavigation.y + wideNavigation.height).toBeGreaterThan(wideTitle.y);
  expect(wideNavigation.x).toBeGreaterThan(wideTitle.x + wideTitle.width);
  expect((await box(field)).x).toBeGreaterThan(wideNavigation.x + wideNavigation.width);
  await expect(openSearch).toBeHidden();
  await expect(banner.getByRole('button', { name: 'Suche schließen' })).toBeHidden();
});

test('while the subject names load, a medium page keeps its heading order', async ({ page }) => {
  await page.goto('/search?q=Wasser');
  const href = await page
    .locator('main article a[href^="/marketplace/"]')
    .first()
    .getAttribute('href');
  expect(href).not.toBeNull();
  // The related media's heading names the subject area once the names' code is there: held back.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/related-heading-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(href ?? '/');
  const related = page.getByRole('region', { name: 'Ähnliche Medien' });
  await expect(related.getByRole('heading', { level: 2, name: 'Ähnliche Medien' })).toBeVisible();
  await expect(related.locator('article').first()).toBeVisible();
  await expectAccessible(page);
  release();
  await expect(
    page.getByRole('heading', { level: 2, name: /^Ähnliche Medien aus / }),
  ).toBeVisible();
});
