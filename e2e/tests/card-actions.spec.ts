import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { expectClickableAtCentre } from './support/clickable.ts';
import { logIn } from './support/session.ts';

/**
 * Every action of a card is clicked where it is drawn, as a mouse user would: the element at the
 * centre of its box must be the control (or inside it), the box must lie inside the card, and the
 * click at that point must do what the control says. On a desktop and a phone width.
 */

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

const cards = (page: Page) => page.locator('main article');
/** The card of the medium with exactly this title. */
const cardOf = (page: Page, title: string) =>
  cards(page)
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 3 }) })
    .first();

/** Waits until the list has loaded: cards there, no skeletons left. */
async function listLoaded(page: Page) {
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Clicks `control` at the centre of its box, after checking that the box lies inside `card` and
 * that the element drawn there is the control (nothing covers it, nothing cuts it off).
 */
async function clickWhereDrawn(page: Page, card: Locator, control: Locator) {
  // The pointer comes from elsewhere: the tooltip of the last control it rested on goes away.
  await page.mouse.move(0, 0);
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
  await expectClickableAtCentre(control);
  const box = await control.boundingBox();
  const cardBox = await card.boundingBox();
  expect(cardBox, 'the card is drawn').not.toBeNull();
  if (!box || !cardBox) {
    return;
  }
  const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
  expect(box.x, `${String(name)} starts inside the card`).toBeGreaterThanOrEqual(cardBox.x);
  expect(box.x + box.width, `${String(name)} ends inside the card`).toBeLessThanOrEqual(
    cardBox.x + cardBox.width + 0.5,
  );
  expect(
    box.y + box.height,
    `${String(name)} ends above the card's lower edge`,
  ).toBeLessThanOrEqual(cardBox.y + cardBox.height + 0.5);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
}

/** Focusing the star must not scroll the card's content sideways (nor cut off the title). */
async function expectNoSidewaysScroll(card: Locator, star: Locator) {
  await star.focus();
  const scrolled = await card.evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll('*'))].some((inner) => inner.scrollLeft !== 0),
  );
  expect(scrolled, 'nothing in the card scrolled sideways').toBe(false);
  const title = card.getByRole('heading', { level: 3 });
  const [titleBox, cardBox] = [await title.boundingBox(), await card.boundingBox()];
  expect(titleBox?.x ?? 0).toBeGreaterThanOrEqual(cardBox?.x ?? 0);
  await star.blur();
}

async function titleOf(card: Locator) {
  return (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
}

/** The preview opens at the click on the eye, is accessible and closes again. */
async function previewWorks(page: Page, card: Locator) {
  const title = await titleOf(card);
  await clickWhereDrawn(page, card, card.getByRole('button', { name: `Vorschau: ${title}` }));
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The producer chip starts a search for the producer. */
async function producerChipWorks(page: Page, card: Locator) {
  const chip = card.getByRole('button', { name: /^Alle Medien von / });
  const producer = ((await chip.getAttribute('aria-label')) ?? '').replace('Alle Medien von ', '');
  const back = page.url();
  await clickWhereDrawn(page, card, chip);
  await expect(page).toHaveURL(/\/search\/?\?producer=/);
  await expect(
    page.getByRole('heading', { name: `Ergebnisse für Produzent „${producer}“`, level: 1 }),
  ).toBeVisible();
  await page.goto(back);
  await listLoaded(page);
}

/** A visitor: the star asks to log in, 'Anmelden' goes to the login and back; no play buttons. */
async function visitorCardWorks(page: Page, card: Locator) {
  const title = await titleOf(card);
  await expect(card.getByRole('button', { name: /^(Abspielen|Herunterladen): / })).toHaveCount(0);
  const star = card.getByRole('button', { name: `Auf die Merkliste: ${title}` });
  await expectNoSidewaysScroll(card, star);
  await clickWhereDrawn(page, card, star);
  const prompt = page.getByRole('dialog', {
    name: 'Für diese Funktion müssen Sie angemeldet sein.',
  });
  await expect(prompt).toBeVisible();
  await expectAccessible(page);
  await prompt.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(prompt).toBeHidden();

  await previewWorks(page, card);

  const back = new URL(page.url());
  await clickWhereDrawn(
    page,
    card,
    card.getByRole('link', { name: `Anmelden zum Abspielen: ${title}` }),
  );
  await expect(page).toHaveURL(`/login/?r=${encodeURIComponent(`${back.pathname}${back.search}`)}`);
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.goBack();
  await listLoaded(page);
}

/** A teacher: star (it stays starred), preview, and play/download or 'Zugang erhalten'. */
async function teacherCardWorks(page: Page, card: Locator) {
  const title = await titleOf(card);
  const star = card.getByRole('button', { name: new RegExp(`Merkliste.*: ${escape(title)}$`) });
  await expectNoSidewaysScroll(card, star);
  if ((await star.getAttribute('aria-pressed')) !== 'true') {
    await clickWhereDrawn(page, card, star);
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(star).toHaveAccessibleName(`Von der Merkliste entfernen: ${title}`);
  }
  await previewWorks(page, card);

  const play = card.getByRole('button', { name: `Abspielen: ${title}` });
  if ((await play.count()) > 0) {
    await clickWhereDrawn(page, card, play);
    const player = page.getByRole('dialog', { name: title });
    await expect(player).toBeVisible();
    await expectAccessible(page);
    await player.getByRole('button', { name: 'Schließen', exact: true }).click();
    await expect(player).toBeHidden();
    const download = card.getByRole('button', { name: `Herunterladen: ${title}` });
    if ((await download.count()) > 0) {
      const started = page.waitForEvent('download');
      await clickWhereDrawn(page, card, download);
      await started;
      await expect(page.getByText('Download gestartet').first()).toBeVisible();
    }
  } else {
    await clickWhereDrawn(
      page,
      card,
      card.getByRole('button', { name: `Zugang erhalten: ${title}` }),
    );
    const dialog = page.getByRole('dialog', { name: `Zugang zu „${title}“ erhalten` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Code einlösen' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toBeHidden();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const viewport of VIEWPORTS) {
  test.describe(`at ${String(viewport.width)}x${String(viewport.height)}`, () => {
    test.use({ viewport });

    test('a visitor reaches every card action where it is drawn', async ({ page }) => {
      test.setTimeout(90_000);
      for (const url of ['/', '/search?q=Wasser']) {
        await page.goto(url);
        await listLoaded(page);
        await expectAccessible(page);
        const card = cards(page).first();
        await visitorCardWorks(page, card);
        await producerChipWorks(page, cards(page).first());
      }
    });

    test('a teacher stars, previews, plays, downloads or asks for access from any list', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await logIn(page, 'lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026');
      const starredTitles: string[] = [];
      for (const url of ['/', '/search?q=Wasser']) {
        await page.goto(url);
        await listLoaded(page);
        await expectAccessible(page);
        // One card the teacher may play, one without access: every kind of action row.
        const playable = cards(page)
          .filter({ has: page.getByRole('button', { name: /^Abspielen: / }) })
          .first();
        const locked = cards(page)
          .filter({ has: page.getByRole('button', { name: /^Zugang erhalten: / }) })
          .first();
        for (const card of [playable, locked]) {
          const title = await titleOf(card);
          if (!starredTitles.includes(title)) {
            await teacherCardWorks(page, cardOf(page, title));
            starredTitles.push(title);
          }
        }
        await producerChipWorks(page, cards(page).first());
      }

      // The starred media are in the wishlist, where every action works the same.
      await page.getByRole('link', { name: 'Merkliste' }).first().click();
      await expect(page.getByRole('heading', { name: 'Merkliste', level: 1 })).toBeVisible();
      await listLoaded(page);
      await expectAccessible(page);
      for (const title of starredTitles) {
        await expect(cardOf(page, title)).toBeVisible();
      }
      for (const title of starredTitles) {
        const card = cardOf(page, title);
        const play = card.getByRole('button', { name: `Abspielen: ${title}` });
        if ((await play.count()) > 0) {
          await clickWhereDrawn(page, card, play);
          const player = page.getByRole('dialog', { name: title });
          await expect(player).toBeVisible();
          await player.getByRole('button', { name: 'Schließen', exact: true }).click();
          await expect(player).toBeHidden();
        } else {
          await clickWhereDrawn(
            page,
            card,
            card.getByRole('button', { name: `Zugang erhalten: ${title}` }),
          );
          const dialog = page.getByRole('dialog', { name: `Zugang zu „${title}“ erhalten` });
          await dialog.getByRole('button', { name: 'Schließen' }).click();
          await expect(dialog).toBeHidden();
        }
        await previewWorks(page, card);
        // Unstarring takes the medium off the list at once.
        const star = card.getByRole('button', { name: `Von der Merkliste entfernen: ${title}` });
        await expectNoSidewaysScroll(card, star);
        await clickWhereDrawn(page, card, star);
        await expect(cardOf(page, title)).toHaveCount(0);
      }
    });
  });
}
