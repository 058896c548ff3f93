import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import type { Permission } from '@eclat/shared';
import { BUSINESS_TIME_ZONE } from './business-time.ts';
import { fromMailbox } from './mailbox.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { createDatabase, type Database } from '../../../apps/api/src/db/client.ts';
import { connectForTool } from '../../../apps/api/src/db/connect.ts';
import { createUser } from '../../../apps/api/src/modules/auth/accounts.repository.ts';
import { PAGE_TEXT } from '../../../apps/api/src/modules/auth/page-text.ts';
import { hashPassword } from '../../../apps/api/src/modules/auth/passwords.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
export const PASSWORD = 'spotless windows every tuesday';

type Language = 'en' | 'fr';

const TEXT = {
  en: {
    logIn: 'Log In',
    logOut: 'Log Out',
    createAccount: 'Create an account',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    submitCreate: 'Create account',
    submitSignIn: 'Sign in',
    nav: 'Main navigation',
    checkEmail: 'Check your email',
    continueToSignIn: 'Continue to sign in',
    verified: 'Email address confirmed',
    continueToSite: 'Continue to Éclat',
  },
  fr: {
    logIn: 'Se connecter',
    logOut: 'Se déconnecter',
    createAccount: 'Créer un compte',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Courriel',
    password: 'Mot de passe',
    submitCreate: 'Créer le compte',
    submitSignIn: 'Se connecter',
    nav: 'Navigation principale',
    checkEmail: 'Consultez vos courriels',
    continueToSignIn: 'Continuer vers la connexion',
    verified: 'Adresse courriel confirmée',
    continueToSite: 'Continuer vers Éclat',
  },
} as const;

export const text = (language: Language) => TEXT[language];

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The operator's tool, against a data folder (a server of a test's own). */
export function runUsersCliOn(dataDir: string | undefined, ...args: string[]): string {
  const result = spawnSync(process.execPath, [path.join(REPO, 'apps/api/src/cli/users.ts'), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`users ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** The operator's tool, against the running test server's data folder. */
export function runUsersCli(...args: string[]): string {
  return runUsersCliOn(process.env.E2E_DATA_DIR, ...args);
}

/** A new account (its email) with the role, made with the operator's tool; the test server's unless told. */
export function createAccountWithCli(
  role: 'admin' | 'employee' | 'customer',
  dataDir = process.env.E2E_DATA_DIR,
): string {
  const email = uniqueEmail(role);
  runUsersCliOn(dataDir, 'create', '--email', email, '--password', PASSWORD, '--role', role);
  return email;
}

type Connection = { db: Database; close: () => Promise<void> };

async function connect(dataDir: string): Promise<Connection> {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const handle = await connectForTool(loadConfig({ DATA_DIR: dataDir }, REPO, false), quiet);
  const db = createDatabase(handle.url, 1, 'eclat-e2e');
  // A connection the server ends (it stops, or restarts) is not this worker's failure.
  db.$client.on('error', () => undefined);
  return {
    db,
    close: async () => {
      await db.$client.end();
      await handle.close();
    },
  };
}

// The test server's database, kept for the life of the worker (`closeAccountConnections`); a server of a
// test's own is connected to for each account, since it may stop or restart.
let testServer: Promise<Connection> | undefined;
let passwordHash: Promise<string> | undefined;

/** Ends the connection `createAccount` kept to the test server (the worker's teardown). */
export async function closeAccountConnections() {
  const open = testServer;
  testServer = undefined;
  if (open) await (await open).close();
}

/** The test server's database, through the connection this worker keeps (`closeAccountConnections`). */
export async function testServerDatabase(): Promise<Database> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('No data folder: E2E_DATA_DIR is not set.');
  return (await (testServer ??= connect(dataDir))).db;
}

/**
 * A new account (its email) with the role or roles, on the running server of the data folder (the test server's
 * unless told): the rows the operator's tool writes (`users create`, its address verified), written by the
 * same repository function from the test's own process. The tool itself is a new Node process that loads the
 * API's code (about 2 s of CPU each time); tests that are about the tool use `createAccountWithCli`.
 */
export async function createAccount(
  roles: Permission | readonly Permission[],
  dataDir = process.env.E2E_DATA_DIR,
): Promise<string> {
  if (!dataDir) throw new Error('No data folder: E2E_DATA_DIR is not set.');
  const granted = typeof roles === 'string' ? [roles] : [...roles];
  const email = uniqueEmail(granted.join('-'));
  // Every test account has the same password: hashed once per worker.
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  await onServerDatabase(
    (db) =>
      createUser(
        db,
        { email, passwordHash: hash, firstName: '', lastName: '', emailVerifiedAt: new Date() },
        granted,
      ),
    dataDir,
  );
  return email;
}

/**
 * Runs `use` on the database of the running server of the data folder (the test server's unless told): the
 * test server's through the connection this worker keeps, a server of a test's own through one of its own.
 */
export async function onServerDatabase<T>(
  use: (db: Database) => Promise<T>,
  dataDir = process.env.E2E_DATA_DIR,
): Promise<T> {
  if (!dataDir) throw new Error('No data folder: E2E_DATA_DIR is not set.');
  const own = dataDir !== process.env.E2E_DATA_DIR;
  const connection = own ? connect(dataDir) : (testServer ??= connect(dataDir));
  const { db, close } = await connection;
  try {
    return await use(db);
  } finally {
    if (own) await close();
  }
}

/** The session the web app stored after sign-in (shared by every tab of the site), if any. */
export async function readStoredSession(
  page: Page,
): Promise<{ access_token?: string; refresh_token?: string; expires_at?: number } | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as {
          access_token?: string;
          refresh_token?: string;
          expires_at?: number;
        })
      : null;
  });
}

/** The access token the web app stored after sign-in. */
export async function readAccessToken(page: Page): Promise<string> {
  const token = (await readStoredSession(page))?.access_token;
  if (!token) throw new Error('No access token in the page.');
  return token;
}

export function nav(page: Page, language: Language = 'en') {
  return page.getByRole('navigation', { name: text(language).nav });
}

/**
 * Back on the site and signed in: Log Out is in the header, shown in the bar from 1,024 px up or, on a
 * narrower window, folded away behind the menu button.
 */
export async function expectSignedIn(page: Page, language: Language = 'en') {
  await expect(page).not.toHaveURL(/\/oidc\//);
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: text(language).logOut, includeHidden: true })
      .first(),
  ).toBeAttached();
}

/** From any page of the site: Log In, then sign in on the provider's page. */
export async function signIn(page: Page, email: string, language: Language = 'en') {
  const t = text(language);
  await page.getByRole('banner').getByRole('button', { name: t.logIn }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitSignIn }).click();
  await expectSignedIn(page, language);
}

/** The verification link found in an email's text (on the address of the server that sent it). */
export function verificationLinkIn(text: string): string | undefined {
  return /https?:\/\/\S+\/oidc\/account\/verify-email\?token=[\w-]+&lang=\w+/.exec(text)?.[0];
}

/**
 * The newest verification link emailed to the address by a server without SMTP (its `.eml` files under
 * DATA_DIR/mail), waiting for the job queue to deliver it. `after` skips links already used.
 */
export function verificationLinkFromMailbox(
  email: string,
  dataDir = process.env.E2E_DATA_DIR,
  after: readonly string[] = [],
): Promise<string> {
  return fromMailbox(
    email,
    (parsed) => {
      const link = verificationLinkIn(parsed.text ?? '');
      return link && !after.includes(link) ? link : undefined;
    },
    dataDir,
  );
}

/**
 * Opens a verification link and confirms the address the way its page asks: with the account's password
 * (`PASSWORD`, the one every test account gets). Ends on the "confirmed" page.
 */
export async function confirmVerificationLink(page: Page, link: string, language: Language = 'en') {
  const t = text(language);
  await page.goto(link);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: PAGE_TEXT[language].verifyAction }).click();
  await expect(page.getByRole('heading', { name: t.verified })).toBeVisible();
}

/** Follows a verification link in the page: the confirmation, then on to the site's home page. */
export async function followVerificationLink(page: Page, link: string, language: Language = 'en') {
  const t = text(language);
  await confirmVerificationLink(page, link, language);
  await page.getByRole('link', { name: t.continueToSite }).click();
  await expect(page).not.toHaveURL(/\/oidc\//);
}

/**
 * From any page of the site: Log In, then create an account on the provider's page. By default the
 * account's email is then verified the way a person does it (the link of the email, from the test
 * server's mailbox unless `verificationLink` reads it elsewhere), and the person signs in. With
 * `verify: false` the person signs in at once and stays unverified.
 */
export async function signUp(
  page: Page,
  email: string,
  language: Language = 'en',
  options: { verify?: boolean; verificationLink?: (email: string) => Promise<string> } = {},
) {
  const t = text(language);
  await page.getByRole('banner').getByRole('button', { name: t.logIn }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByRole('link', { name: t.createAccount }).click();
  await page.getByLabel(t.firstName, { exact: true }).fill('Camille');
  await page.getByLabel(t.lastName, { exact: true }).fill('Gagnon');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitCreate }).click();
  await expect(page.getByRole('heading', { name: t.checkEmail })).toBeVisible();
  if (options.verify === false) {
    await page.getByRole('link', { name: t.continueToSignIn }).click();
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.submitSignIn }).click();
    await expectSignedIn(page, language);
    return;
  }
  const link = await (
    options.verificationLink ?? ((address: string) => verificationLinkFromMailbox(address))
  )(email);
  await followVerificationLink(page, link, language);
  await signIn(page, email, language);
}

export async function setLanguage(page: Page, language: Language) {
  await page.addInitScript((lng) => {
    window.localStorage.setItem('eclat.language', lng);
  }, language);
}

/**
 * A page of its own (another browser context), signed in, in the language, with its console errors
 * collected (the fixture watches only the test's own page).
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  language: Language,
) {
  const context = await browser.newContext({ baseURL, locale: 'en-CA', timezoneId: BUSINESS_TIME_ZONE });
  const page = await context.newPage();
  // The fixture watches the test's own page; this one is watched the same way.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await setLanguage(page, language);
  await page.goto('/');
  // On a narrow window the navigation folds into a menu, Log Out included: wait for the session instead.
  const t = text(language);
  await page.getByRole('banner').getByRole('button', { name: t.logIn }).click();
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitSignIn }).click();
  await expect.poll(() => readAccessToken(page).catch(() => null)).not.toBeNull();
  return { page, errors };
}
