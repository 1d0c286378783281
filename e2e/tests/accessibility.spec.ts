import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/accessibility.ts';
import { logIn } from './support/session.ts';

/**
 * Every route each demo role can reach, at a desktop and a phone width, with the dialogs, menus
 * and filter lists found there: 0 axe-core violations of any impact, and no page scrolls
 * sideways on the phone. One login per role; each page is checked at both widths in turn.
 * Soft assertions: one run lists every finding.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const PUBLIC_ROUTES = [
  '/',
  '/search?q=Wasser',
  '/categories',
  '/categories/080',
  '/impressum',
  '/datenschutz',
  '/nutzungsbedingungen',
  '/kontakt',
  '/ueber-uns',
  '/gibt-es-nicht',
];
const VISITOR_ROUTES = [
  '/login',
  '/login/password-request',
  '/login/password-reset/confirm',
  '/login/password-reset/new',
  '/login/password-reset/success',
  '/register',
  '/register/success',
  '/purchase/confirmed',
  '/purchase/cancelled',
];
const SIGNED_IN_ROUTES = ['/wishlist', '/trending', '/classlibrary', '/profile', '/redeem'];

interface Role {
  name: string;
  login?: [string, string];
  routes: string[];
}

const ROLES: Role[] = [
  { name: 'visitor', routes: [...PUBLIC_ROUTES, ...VISITOR_ROUTES] },
  {
    name: 'pupil',
    login: ['schuelerin@demo.medienkatalog.invalid', 'Demo-Schuelerin-2026'],
    routes: [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES],
  },
  {
    name: 'teacher',
    login: ['lehrkraft@demo.medienkatalog.invalid', 'Demo-Lehrkraft-2026'],
    routes: [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES],
  },
  {
    name: 'school admin',
    login: ['schuladmin@demo.medienkatalog.invalid', 'Demo-Schuladmin-2026'],
    routes: [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, '/school/licences'],
  },
  {
    name: 'district admin',
    login: ['kreisadmin@demo.medienkatalog.invalid', 'Demo-Kreisadmin-2026'],
    routes: [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, '/school/licences'],
  },
  {
    name: 'media centre',
    login: ['medienzentrum@demo.medienkatalog.invalid', 'Demo-Medienzentrum-2026'],
    routes: [
      ...PUBLIC_ROUTES,
      ...SIGNED_IN_ROUTES,
      '/content-preview',
      '/content-preview/fwu',
      '/mz/licences',
      '/mz/history',
    ],
  },
  {
    name: 'producer',
    login: ['produzent@demo.medienkatalog.invalid', 'Demo-Produzent-2026'],
    routes: [
      ...PUBLIC_ROUTES,
      ...SIGNED_IN_ROUTES,
      '/content-preview',
      '/producer/shares',
      '/producer/mediatheken',
      '/producer/codes',
      '/producer/stripe',
      '/producer/statistics',
      '/producer/marketplace',
      '/producer/media',
    ],
  },
];

/** Waits until the page has loaded: no skeletons, busy lists or progress bars left. */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  // The pointer rests nowhere: no tooltip is open.
  await page.mouse.move(0, 0);
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
}

/** Checks the page as it is now: axe (any impact) and, on the phone, no sideways scrolling. */
async function check(page: Page, state: string) {
  const violations = await axeViolations(page);
  expect.soft(violations, `axe on ${state}`).toEqual([]);
  const viewport = page.viewportSize();
  if (viewport?.width === PHONE.width) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect.soft(overflow, `no sideways scrolling on ${state}`).toBeLessThanOrEqual(0);
  }
}

/** At both widths in turn (the page stays loaded; its layout follows the width). */
async function checkBothWidths(page: Page, state: string, open?: () => Promise<void>) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await settled(page);
    if (open) {
      await open();
    }
    await check(page, `${state} at ${String(viewport.width)}px`);
    if (open) {
      await page.keyboard.press('Escape');
      await expect(page.locator('.MuiModal-root, [role="dialog"]')).toHaveCount(0);
    }
  }
}

/** The open dialogs, menus and lists of the search page and its cards. */
async function checkSearchPopups(page: Page, role: string, signedIn: boolean) {
  await page.goto('/search?q=Wasser');
  await settled(page);
  await checkBothWidths(page, `${role}: subject area tree`, async () => {
    await page.getByRole('button', { name: 'Sachgebiete', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Sachgebiete' }).getByRole('tree')).toBeVisible();
  });
  for (const filter of ['Sprache', 'Medienart', 'Klassenstufe']) {
    await checkBothWidths(page, `${role}: filter list ${filter}`, async () => {
      await page.getByRole('combobox', { name: filter }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
    });
  }
  const card = page.locator('main article').first();
  await checkBothWidths(page, `${role}: preview dialog`, async () => {
    await card.getByRole('button', { name: /^Vorschau: / }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  if (signedIn) {
    const locked = page
      .locator('main article')
      .filter({ has: page.getByRole('button', { name: /^Zugang erhalten: / }) })
      .first();
    if ((await locked.count()) > 0) {
      await checkBothWidths(page, `${role}: access dialog`, async () => {
        await locked.getByRole('button', { name: /^Zugang erhalten: / }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      });
    }
  } else {
    await checkBothWidths(page, `${role}: login dialog`, async () => {
      await card.getByRole('button', { name: /^Auf die Merkliste: / }).click();
      await expect(
        page.getByRole('dialog', { name: 'Für diese Funktion müssen Sie angemeldet sein.' }),
      ).toBeVisible();
    });
  }
}

for (const role of ROLES) {
  test(`every page of the ${role.name}, its dialogs and menus pass axe at 1366 and 390 px`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(DESKTOP);
    if (role.login) {
      await logIn(page, ...role.login);
    }
    // A medium page: the first result of a search.
    await page.goto('/search?q=Wasser');
    const href = await page.locator('main article a').first().getAttribute('href');
    const routes = [...role.routes, ...(href ? [href] : [])];

    for (const route of routes) {
      await page.goto(route);
      await checkBothWidths(page, `${role.name}: ${route}`);
    }

    if (role.login) {
      await page.goto('/search?q=Wasser');
      await checkBothWidths(page, `${role.name}: user menu`, async () => {
        await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
        await expect(page.getByRole('menu')).toBeVisible();
      });
    } else {
      // A page that needs a login asks for it in a dialog.
      await page.goto('/wishlist');
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'visitor: login required dialog');
    }
    if (!role.login || role.name === 'teacher') {
      await checkSearchPopups(page, role.name, role.login !== undefined);
    }
  });
}
