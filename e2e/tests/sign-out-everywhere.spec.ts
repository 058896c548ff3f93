import { expect, seriousA11yViolations, test } from './fixtures.ts';
import { createAccount, readAccessToken, setLanguage, signIn, text } from './support/accounts.ts';

const TEXT = {
  en: {
    profile: 'My profile',
    action: 'Sign out everywhere',
    confirmTitle: 'Sign out everywhere?',
    confirmText: 'Every device and browser signed in to your account, this one included',
    feeds: 'your private calendar addresses will stop working',
    cancel: 'Cancel',
  },
  fr: {
    profile: 'Mon profil',
    action: 'Se déconnecter partout',
    confirmTitle: 'Se déconnecter partout?',
    confirmText: 'Tous les appareils et navigateurs connectés à votre compte, y compris celui-ci',
    feeds: 'les adresses privées de vos calendriers cesseront de fonctionner',
    cancel: 'Annuler',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`sign out everywhere asks first, then ends this tab and every token taken before (${language})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000); // a sign-in, two dialogs with axe and screenshots, a sign-out: slow on a busy machine
    const t = TEXT[language];
    const email = await createAccount('customer');
    await setLanguage(page, language);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await signIn(page, email, language);
    const tokenBefore = await readAccessToken(page);
    const me = (token: string) =>
      page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me(tokenBefore)).status()).toBe(200);

    await page.goto('/profile');
    const open = page.getByRole('main').getByRole('button', { name: t.action });
    const dialog = page.getByRole('dialog', { name: t.confirmTitle });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await open.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(t.confirmText);
      await expect(dialog).toContainText(t.feeds);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`sign-out-everywhere-${language}-${width}.png`) });
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toHaveCount(0);
      expect((await me(tokenBefore)).status()).toBe(200);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await open.click();
    await dialog.getByRole('button', { name: t.action }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: text(language).logIn })).toBeVisible({
      timeout: 30_000,
    });
    expect((await me(tokenBefore)).status()).toBe(401);
  });
}
