import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createAccount, setLanguage, signIn } from './support/accounts.ts';
import { fromMailbox } from './support/mailbox.ts';
import { startFreshServer } from './support/server.ts';

/**
 * Nothing typed before a pre-rendered page's script has taken over is lost (issue 27, decision 021): the
 * page's script is held back while the test types, fills (as a password manager does) and presses the
 * form's button at once after the page appears; once the script is let through, the fields keep what was
 * typed and the button pressed is carried out once, with those values. The pages with a field: the
 * contact form (`/contacts`) and the services search (`/services`); `/` and `/about-us` have none (their
 * only control, the EN/FR choice, is a click the boot script holds and gives again).
 */

/**
 * Holds every script of the page until `release()`: the page paints from its HTML, the boot script runs
 * (it is inline), nothing hydrates. `goto` (the fixture's, which waits for hydration) is started, not
 * awaited: the test types meanwhile, then releases and awaits it.
 */
async function holdScripts(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectNotHydrated(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
}

const CONTACT = {
  en: {
    name: 'Name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    send: 'Send',
    success: 'Email sent successfully!',
  },
  fr: {
    name: 'Nom',
    email: 'Courriel',
    subject: 'Objet',
    message: 'Message',
    send: 'Envoyer',
    success: 'Courriel envoyé!',
  },
} as const;

const SEARCH = {
  en: { label: 'Search services by title', submit: 'Search', clear: 'Clear the search' },
  fr: { label: 'Rechercher un service par titre', submit: 'Rechercher', clear: 'Effacer la recherche' },
} as const;

test.describe('the contact form', () => {
  // A server of its own: the contact route allows a few messages per address, and these send four. In
  // order in one worker, so that one server is started.
  test.describe.configure({ mode: 'default' });
  let server: Awaited<ReturnType<typeof startFreshServer>>;
  test.beforeAll(async () => {
    server = await startFreshServer('typed-contact');
  });
  test.afterAll(async () => {
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
  });

  for (const language of ['en', 'fr'] as const) {
    test(`${language}: filled and sent before the script has taken over, it is sent once with what was typed`, async ({
      page,
    }) => {
      const t = CONTACT[language];
      const subject = `Typed at once (${language}) ${Date.now()}`;
      const message = `Bonjour,\nCould you come on Friday? (${language})`;
      let sends = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/v1/contact/send')) sends += 1;
      });
      const release = await holdScripts(page);
      const loaded = page.goto(`${server.base}/contacts?lang=${language}`);

      // Filled as a password manager does, typed key by key, a label clicked first, then sent.
      await page.getByRole('textbox', { name: t.name, exact: true }).fill('Léa Martin');
      await page.getByRole('textbox', { name: t.email, exact: true }).fill('lea@example.com');
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${t.subject}`) })
        .click();
      await page.keyboard.type(subject);
      await page.getByRole('textbox', { name: t.message, exact: true }).pressSequentially(message);
      await page.getByRole('button', { name: t.send, exact: true }).click();
      // Twice, as an impatient person does: still one message.
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await expectNotHydrated(page);
      await expect(page.getByRole('textbox', { name: t.subject, exact: true })).toHaveValue(subject);

      release();
      await loaded;
      await expect(page.getByText(t.success)).toBeVisible();
      // Sent, so the form empties itself.
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveValue('');
      expect(sends).toBe(1);

      // What the business received: every field as typed.
      const email = await fromMailbox(
        'hello@eclat.example',
        (received) => (received.subject?.includes(subject) ? received : undefined),
        server.dataDir,
      );
      expect(email.replyTo?.[0]?.address).toBe('lea@example.com');
      expect(email.text).toContain('Léa Martin');
      expect(email.text).toContain('Could you come on Friday?');
    });

    test(`${language}: fields filled before the script has taken over stay filled while the rest is typed`, async ({
      page,
    }) => {
      const t = CONTACT[language];
      const subject = `Filled in two goes (${language}) ${Date.now()}`;
      const release = await holdScripts(page);
      const loaded = page.goto(`${server.base}/contacts?lang=${language}`);
      await page.getByRole('textbox', { name: t.name, exact: true }).fill('Noé Tremblay');
      await page.getByRole('textbox', { name: t.email, exact: true }).fill('noe@example.com');
      await expectNotHydrated(page);

      release();
      await loaded;
      // Typing after hydration renders the form again: what was filled before stays.
      await page.getByRole('textbox', { name: t.subject, exact: true }).fill(subject);
      await page.getByRole('textbox', { name: t.message, exact: true }).fill('A window, a door, a floor.');
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveValue('Noé Tremblay');
      await expect(page.getByRole('textbox', { name: t.email, exact: true })).toHaveValue('noe@example.com');
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await expect(page.getByText(t.success)).toBeVisible();

      const email = await fromMailbox(
        'hello@eclat.example',
        (received) => (received.subject?.includes(subject) ? received : undefined),
        server.dataDir,
      );
      expect(email.replyTo?.[0]?.address).toBe('noe@example.com');
      expect(email.text).toContain('Noé Tremblay');
    });
  }
});

test.describe('the services search', () => {
  for (const language of ['en', 'fr'] as const) {
    test(`${language}: typed and submitted with Enter before the script has taken over, it searches once hydrated`, async ({
      page,
    }) => {
      const t = SEARCH[language];
      let searches = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/services/search')) searches += 1;
      });
      const release = await holdScripts(page);
      const loaded = page.goto(`/services?lang=${language}`);
      const box = page.getByRole('textbox', { name: t.label });
      await box.pressSequentially('window');
      await box.press('Enter');
      await expectNotHydrated(page);
      // Enter did not send the page away as a plain form.
      await expect(page).toHaveURL(new RegExp(`/services\\?lang=${language}$`));

      release();
      await loaded;
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('heading', { name: 'Window Washing' })).toBeVisible();
      await expect(box).toHaveValue('window');
      expect(searches).toBe(1);
    });

    test(`${language}: typed before the script has taken over, the search box keeps it for the next search`, async ({
      page,
    }) => {
      const t = SEARCH[language];
      const release = await holdScripts(page);
      const loaded = page.goto(`/services?lang=${language}`);
      const box = page.getByRole('textbox', { name: t.label });
      await box.fill('deep');
      await expectNotHydrated(page);

      release();
      await loaded;
      // The page knows the text: its clear button shows, and Search looks for it.
      await expect(page.getByRole('button', { name: t.clear })).toBeVisible();
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards.getByRole('heading', { name: 'Deep Cleaning' })).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(box).toHaveValue('deep');
    });
  }
});

/** A new customer, signed in in the language (on the server at `base`, with its data folder). */
async function signInAsCustomer(
  page: Page,
  language: 'en' | 'fr',
  server: { base: string; dataDir?: string } = { base: '' },
) {
  const email = await createAccount('customer', server.dataDir ?? process.env.E2E_DATA_DIR);
  await setLanguage(page, language);
  await page.goto(`${server.base}/?lang=${language}`);
  await signIn(page, email, language);
}

test.describe('signed in, the app replacing the page: the contact form', () => {
  // A browser holding a session does not hydrate the pre-rendered page: the single-page app replaces it
  // (decision 018). What was typed and pressed before is given to the app's screen. A server of its own
  // (the contact route's limit per address), in order in one worker.
  test.describe.configure({ mode: 'default' });
  let server: Awaited<ReturnType<typeof startFreshServer>>;
  test.beforeAll(async () => {
    server = await startFreshServer('typed-signed-in');
  });
  test.afterAll(async () => {
    await server.stop();
    await fs.rm(server.dataDir, { recursive: true, force: true });
  });

  for (const language of ['en', 'fr'] as const) {
    test(`${language}: the contact form filled and sent before the app has taken over is sent once with what was typed`, async ({
      page,
    }) => {
      const t = CONTACT[language];
      await signInAsCustomer(page, language, server);
      const subject = `Signed in, typed at once (${language}) ${Date.now()}`;
      let sends = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/v1/contact/send')) sends += 1;
      });
      const release = await holdScripts(page);
      const loaded = page.goto(`${server.base}/contacts?lang=${language}`);
      await page.getByRole('textbox', { name: t.name, exact: true }).fill('Maëlle Roy');
      await page.getByRole('textbox', { name: t.email, exact: true }).fill('maelle@example.com');
      await page.getByRole('textbox', { name: t.subject, exact: true }).pressSequentially(subject);
      await page.getByRole('textbox', { name: t.message, exact: true }).fill('Two windows, one door.');
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await expectNotHydrated(page);

      release();
      await loaded;
      await expect(page.getByText(t.success)).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveValue('');
      expect(sends).toBe(1);

      const email = await fromMailbox(
        'hello@eclat.example',
        (received) => (received.subject?.includes(subject) ? received : undefined),
        server.dataDir,
      );
      expect(email.replyTo?.[0]?.address).toBe('maelle@example.com');
      expect(email.text).toContain('Maëlle Roy');
      expect(email.text).toContain('Two windows, one door.');
    });
  }
});

test.describe('signed in, the app replacing the page: the services search', () => {
  for (const language of ['en', 'fr'] as const) {
    test(`${language}: the services search typed and sent with Enter before the app has taken over searches once`, async ({
      page,
    }) => {
      const t = SEARCH[language];
      await signInAsCustomer(page, language);
      let searches = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/services/search')) searches += 1;
      });
      const release = await holdScripts(page);
      const loaded = page.goto(`/services?lang=${language}`);
      const box = page.getByRole('textbox', { name: t.label });
      await box.pressSequentially('window');
      await box.press('Enter');
      await expectNotHydrated(page);

      release();
      await loaded;
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards.getByRole('heading', { name: 'Window Washing' })).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(box).toHaveValue('window');
      await expect(page.getByRole('button', { name: t.clear })).toBeVisible();
      expect(searches).toBe(1);
    });
  }
});
