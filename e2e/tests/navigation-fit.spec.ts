import type { Permission } from '@eclat/shared';
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import { createAccount, expectSignedIn, PASSWORD, text } from './support/accounts.ts';

/**
 * Every role's navigation fits from 1,024 px up (issue 27, decision 037), in English and French: each
 * link the spec gives the role is shown in the bar, the staff pages under the Work menu, and nothing in
 * the header overflows or overlaps. The Work menu works with the keyboard alone. On a phone, the menu
 * button holds every link. Each role is an account as the operator's tool makes it: one role, or several.
 */

type Language = 'en' | 'fr';

const LABELS = {
  en: {
    home: 'Home',
    services: 'Services',
    aboutUs: 'About Us',
    contacts: 'Contacts',
    appointments: 'Appointments',
    schedule: 'Schedule',
    myAvailabilities: 'My Availabilities',
    myDay: 'My Day',
    adminDashboard: 'Admin Dashboard',
    dispatch: 'Dispatch',
    myAppointments: 'My Appointments',
    work: 'Work',
    profile: 'My profile',
    openMenu: 'Open navigation menu',
  },
  fr: {
    home: 'Accueil',
    services: 'Services',
    aboutUs: 'À propos',
    contacts: 'Nous joindre',
    appointments: 'Rendez-vous',
    schedule: 'Horaire',
    myAvailabilities: 'Mes disponibilités',
    myDay: 'Ma journée',
    adminDashboard: 'Tableau de bord',
    dispatch: 'Répartition',
    myAppointments: 'Mes rendez-vous',
    work: 'Travail',
    profile: 'Mon profil',
    openMenu: 'Ouvrir le menu de navigation',
  },
} as const;

type BarPage = 'home' | 'services' | 'aboutUs' | 'contacts' | 'myAppointments';
type WorkPage = 'appointments' | 'schedule' | 'myAvailabilities' | 'myDay' | 'adminDashboard' | 'dispatch';

const ADDRESSES: Record<WorkPage, string> = {
  appointments: '/appointments',
  schedule: '/schedule',
  myAvailabilities: '/my-availabilities',
  myDay: '/my-day',
  adminDashboard: '/admin-dashboard',
  dispatch: '/dispatch',
};

/**
 * The spec's navigation bar (§2), written out here rather than read from the app: Home, Services (not
 * for admins), About Us, Contacts; employees' Appointments, Schedule, My Availabilities, My Day; admins'
 * Admin Dashboard and Dispatch (the staff pages, in the Work menu); employees' and customers' My
 * Appointments.
 */
function expectedFor(roles: readonly Permission[]): { links: BarPage[]; work: WorkPage[] } {
  const has = (role: Permission) => roles.includes(role);
  const links: BarPage[] = ['home', ...(has('admin') ? [] : ['services' as const]), 'aboutUs', 'contacts'];
  if (has('employee') || has('customer')) links.push('myAppointments');
  const work: WorkPage[] = [
    ...(has('employee') ? (['appointments', 'schedule', 'myAvailabilities', 'myDay'] as const) : []),
    ...(has('admin') ? (['adminDashboard', 'dispatch'] as const) : []),
  ];
  return { links, work };
}

/** Every set of roles an account can hold (the operator's tool grants any of them), and a visitor. */
const ROLE_SETS: readonly (readonly Permission[])[] = [
  [],
  ['customer'],
  ['employee'],
  ['admin'],
  ['employee', 'customer'],
  ['admin', 'customer'],
  ['admin', 'employee'],
  ['admin', 'employee', 'customer'],
];

/** An account holding these roles, signed in on the page (nothing for a visitor). */
async function signInAs(page: Page, roles: readonly Permission[]) {
  await page.goto('/');
  if (roles.length === 0) return;
  const email = await createAccount(roles);
  const t = text('en');
  await page.getByRole('banner').getByRole('button', { name: t.logIn }).click();
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitSignIn }).click();
  await expectSignedIn(page);
}

async function switchLanguage(page: Page, language: Language) {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByRole('banner').locator('label', { hasText: language.toUpperCase() }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

type Box = { name: string; left: number; right: number; top: number; bottom: number };

/**
 * What the header shows, measured in the page: the box of each control a person sees (links, buttons,
 * the language options), the header's and the window's bounds, whether the page scrolls sideways and
 * whether the brand's name is cut.
 */
function measureHeader() {
  const header = document.querySelector('header');
  if (!header) throw new Error('no header');
  const shown = (element: Element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    return style.visibility !== 'hidden' && rect.width > 0 && rect.height > 0;
  };
  const boxes = [...header.querySelectorAll('a[href], button, label')].filter(shown).map((element) => {
    const rect = element.getBoundingClientRect();
    const name = (element.getAttribute('aria-label') ?? element.textContent).trim();
    return { name, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
  });
  // The brand: the header's first link.
  const brand = header.querySelector('a');
  const bounds = header.getBoundingClientRect();
  return {
    boxes,
    header: { left: bounds.left, right: bounds.right, top: bounds.top, bottom: bounds.bottom },
    windowWidth: document.documentElement.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
    brandCut: brand ? brand.scrollWidth > brand.clientWidth : true,
  };
}

/** Nothing outside the header or the window, no two controls over each other, no sideways scroll. */
async function expectHeaderFits(page: Page, where: string) {
  const measured = await page.evaluate(measureHeader);
  const problems: string[] = [];
  const edge = 0.5;
  for (const box of measured.boxes) {
    if (box.left < -edge || box.right > measured.windowWidth + edge)
      problems.push(`${box.name}: off the window`);
    if (box.top < measured.header.top - edge || box.bottom > measured.header.bottom + edge) {
      problems.push(`${box.name}: outside the header`);
    }
  }
  const overlap = (a: Box, b: Box) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > edge &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > edge;
  measured.boxes.forEach((a, index) => {
    for (const b of measured.boxes.slice(index + 1)) {
      if (overlap(a, b)) problems.push(`${a.name} overlaps ${b.name}`);
    }
  });
  if (measured.pageWidth > measured.windowWidth) {
    problems.push(`the page scrolls sideways: ${measured.pageWidth} > ${measured.windowWidth}`);
  }
  if (measured.brandCut) problems.push('the brand is cut');
  expect(problems, where).toEqual([]);
}

for (const roles of ROLE_SETS) {
  const who = roles.length === 0 ? 'a visitor' : roles.join(' + ');
  const expected = expectedFor(roles);

  test(`${who}: every link of the bar fits at 1024 and 1280 px in English and French, and the phone menu holds them all`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, roles);
    const banner = page.getByRole('banner');

    for (const language of ['en', 'fr'] as const) {
      const t = LABELS[language];
      await page.setViewportSize({ width: 1280, height: 800 });
      await switchLanguage(page, language);
      const bar = banner.getByRole('navigation', { name: text(language).nav });
      const workButton = bar.getByRole('button', { name: t.work, exact: true });

      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const where = `${who}, ${language}, ${String(width)} px`;
        for (const link of expected.links) {
          await expect(bar.getByRole('link', { name: t[link], exact: true }), where).toBeVisible();
        }
        // The staff pages are not links of the bar but items of its Work menu, which only staff have.
        for (const staffPage of expected.work) {
          await expect(bar.getByRole('link', { name: t[staffPage], exact: true }), where).toHaveCount(0);
        }
        if (expected.work.length > 0) await expect(workButton, where).toBeVisible();
        else await expect(workButton, where).toHaveCount(0);
        if (roles.length > 0) {
          await expect(banner.getByRole('link', { name: t.profile }), where).toBeVisible();
          await expect(banner.getByRole('button', { name: text(language).logOut }), where).toBeVisible();
        } else {
          await expect(banner.getByRole('button', { name: text(language).logIn }), where).toBeVisible();
        }
        await expect(banner.getByRole('button', { name: t.openMenu }), where).toBeHidden();
        await expectHeaderFits(page, where);
      }

      if (expected.work.length > 0) {
        // At 1024 px, by keyboard alone: Arrow Down opens the menu on its first page, the arrows and
        // Home/End move, Escape closes it and gives the focus back; Enter and Space open it too.
        await page.setViewportSize({ width: 1024, height: 800 });
        const menu = bar.getByRole('menu');
        const items = menu.getByRole('menuitem');
        const first = items.first();
        const last = items.last();
        await workButton.focus();
        await page.keyboard.press('ArrowDown');
        await expect(menu).toBeVisible();
        await expect(workButton).toHaveAttribute('aria-expanded', 'true');
        await expect(first).toBeFocused();
        await expect(items).toHaveText(expected.work.map((staffPage) => t[staffPage]));
        // The open menu fits the window too.
        for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 });
        await page.keyboard.press('ArrowDown');
        await expect(items.nth(1)).toBeFocused();
        await page.keyboard.press('End');
        await expect(last).toBeFocused();
        await page.keyboard.press('Home');
        await expect(first).toBeFocused();
        await page.keyboard.press('ArrowUp');
        await expect(last).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(workButton).toBeFocused();
        await expect(workButton).toHaveAttribute('aria-expanded', 'false');
        await page.keyboard.press('Space');
        await expect(first).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(workButton).toBeFocused();

        // Follow a page: in English the last (Arrow Up opens on it), in French the first (Enter).
        const target = language === 'en' ? expected.work[expected.work.length - 1] : expected.work[0];
        if (!target) throw new Error('no staff page');
        await page.keyboard.press(language === 'en' ? 'ArrowUp' : 'Enter');
        await expect(menu.getByRole('menuitem', { name: t[target], exact: true })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${ADDRESSES[target]}$`));
        await expect(menu).toBeHidden();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The page is marked as the current one in the menu, and the Work button looks current.
        await expect(workButton).toHaveAttribute('data-active', 'true');
        await workButton.click();
        await expect(menu.getByRole('menuitem', { name: t[target], exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expectHeaderFits(page, `${who}, ${language}, 1024 px, on ${ADDRESSES[target]}`);
      }

      // A phone: the bar's links and account controls give way to the menu button, whose drawer lists
      // every page.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(bar).toBeHidden();
      await expect(banner.getByRole('link', { name: t.profile })).toBeHidden();
      await expect(
        banner.getByRole('button', { name: roles.length > 0 ? text(language).logOut : text(language).logIn }),
      ).toBeHidden();
      await expectHeaderFits(page, `${who}, ${language}, 390 px`);
      await banner.getByRole('button', { name: t.openMenu }).click();
      const drawer = page.getByRole('dialog');
      for (const link of [...expected.links, ...expected.work]) {
        await expect(drawer.getByRole('link', { name: t[link], exact: true })).toBeVisible();
      }
      await expect(
        drawer.getByRole('button', { name: roles.length > 0 ? text(language).logOut : text(language).logIn }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
  });
}

test('a press on Work while the menu is still loading opens it once it is there', async ({ page }) => {
  // The menu's code is held (a slow phone line): the bar shows its stand-in button, which is pressed.
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route('**/assets/work-menu-*.js', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await signInAs(page, ['employee']);
  const t = LABELS.en;
  const bar = page.getByRole('banner').getByRole('navigation', { name: text('en').nav });
  await expect.poll(() => asked).toBe(true);
  await bar.getByRole('button', { name: t.work, exact: true }).click();
  await expect(bar.getByRole('menu')).toHaveCount(0);
  release?.();
  await expect(bar.getByRole('menu')).toBeVisible();
  await expect(bar.getByRole('menuitem')).toHaveText([
    t.appointments,
    t.schedule,
    t.myAvailabilities,
    t.myDay,
  ]);
});
