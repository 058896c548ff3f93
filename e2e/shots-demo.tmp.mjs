import { chromium } from '@playwright/test';
const base = 'http://localhost:3172';
const [adminPw] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
async function session(width, height, locale, lang) {
  const context = await browser.newContext({ viewport: { width, height }, locale, timezoneId: 'America/Toronto', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
  await page.goto(`${base}/`);
  return { context, page };
}
async function signIn(page, lang) {
  const t = lang === 'fr' ? { logIn: 'Se connecter', email: 'Courriel', pw: 'Mot de passe', submit: 'Se connecter' } : { logIn: 'Log In', email: 'Email', pw: 'Password', submit: 'Sign in' };
  const banner = page.getByRole('banner');
  const direct = banner.getByRole('button', { name: t.logIn });
  if (await direct.isVisible().catch(() => false)) await direct.click();
  else {
    await banner.getByRole('button').last().click();
    await page.getByRole('button', { name: t.logIn }).last().click();
  }
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel(t.email, { exact: true }).fill('admin@example.com');
  await page.getByLabel(t.pw, { exact: true }).fill(adminPw);
  await page.getByRole('button', { name: t.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc'));
  await page.waitForTimeout(1500);
}
{
  const { context, page } = await session(1280, 900, 'en-CA', 'en');
  await signIn(page, 'en');
  await page.goto(`${base}/admin-dashboard?tab=overview`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/work/screens/demo-overview-1280-en.png', fullPage: true });
  await page.goto(`${base}/dispatch`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/work/screens/demo-dispatch-1280-en.png', fullPage: true });
  await context.close();
}
{
  const { context, page } = await session(390, 844, 'fr-CA', 'fr');
  await signIn(page, 'fr');
  await page.goto(`${base}/dispatch`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/work/screens/demo-dispatch-390-fr.png', fullPage: true });
  await context.close();
}
await browser.close();
