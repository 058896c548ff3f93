import { chromium, type Page } from '@playwright/test';
const base = 'http://127.0.0.1:3300';
const [role, password, lang, width, ...routes] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'en-CA', timezoneId: 'America/Toronto' });
await context.addInitScript((l) => localStorage.setItem('eclat.language', l), lang);
const page: Page = await context.newPage();
await page.goto(base + '/');
await page.waitForTimeout(1500);
const t = lang === 'fr' ? { logIn: 'Se connecter', email: 'Courriel', password: 'Mot de passe', submit: 'Se connecter' } : { logIn: 'Log In', email: 'Email', password: 'Password', submit: 'Sign in' };
if (role !== 'anon') {
  const menu = page.getByRole('button', { name: /menu/i });
  const login = page.getByRole('banner').getByRole('button', { name: t.logIn });
  if (!(await login.isVisible())) await menu.click();
  await page.getByRole('button', { name: t.logIn }).last().click();
  await page.getByLabel(t.email, { exact: true }).fill(`${role}@example.com`);
  await page.getByLabel(t.password, { exact: true }).fill(password ?? '');
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/oidc'));
  await page.waitForTimeout(1000);
}
for (const route of routes) {
  await page.goto(base + route);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  const name = `${role}-${lang}-${width}-${route.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: `/tmp/shots-lead/${name}`, fullPage: true });
  console.log(name);
}
await browser.close();
