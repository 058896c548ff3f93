import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { pino } from 'pino';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { expect, seriousA11yViolations, test } from './fixtures.ts';
import {
  PASSWORD,
  setLanguage,
  signedInPage,
  signUp,
  uniqueEmail,
  verificationLinkFromMailbox,
} from './support/accounts.ts';
import { businessDay } from './support/business-time.ts';
import {
  chooseServices,
  confirmBooking,
  createProfile,
  CUSTOMER_TEXT,
  pickSlot,
  toCheckout,
} from './support/customer-booking.ts';
import { startRoundRobinProxy } from './support/round-robin-proxy.ts';
import { startOwnServer } from './support/server.ts';

/**
 * Issue 17, several servers behind one address (decision 031): two instances on one PostgreSQL behind a
 * proxy that sends each request to the next instance in turn. A customer signs up (the provider's pages,
 * the verification link), sets up a profile, books and finds the visit; the admin sees it; every email goes
 * out once; and the record of the proxy shows both instances answered sign-in and API calls, the tokens of
 * one accepted by the other, with no error.
 */

const REPO = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.join(REPO, 'test-results');

type Cluster = {
  proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  servers: { stop(): Promise<void> }[];
  database: EmbeddedPostgres;
  /** Shared by both instances: without SMTP, each writes the emails it sends under DATA_DIR/mail. */
  dataDir: string;
};

let cluster: Cluster | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = path.join(RESULTS, `several-instances-${Date.now()}`);
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'database'),
    logger: pino({ level: 'silent' }),
  });
  const proxy = await startRoundRobinProxy();
  const shared = {
    DATABASE_URL: database.url,
    PUBLIC_URL: proxy.base,
    TRUST_PROXY: '1',
    SEED_DEMO: 'true',
    BACKUP_ENABLED: 'false',
  };
  const servers = [];
  // One after the other: the first migrates and writes the demo content; the second finds them done.
  for (let index = 0; index < 2; index += 1) {
    const port = await freePort();
    servers.push(await startOwnServer(port, dataDir, shared));
    proxy.upstreams.push(`http://127.0.0.1:${port}`);
  }
  cluster = { proxy, servers, database, dataDir };
});

test.afterAll(async () => {
  if (!cluster) return;
  await Promise.all(cluster.servers.map((server) => server.stop()));
  await cluster.proxy.close();
  await cluster.database.stop();
  await fs.rm(cluster.dataDir, { recursive: true, force: true });
});

function theCluster(): Cluster {
  if (!cluster) throw new Error('the instances did not start');
  return cluster;
}

/** An admin account made with the operator's tool on the shared database. */
function createAdmin(databaseUrl: string): string {
  const email = uniqueEmail('instances-admin');
  const result = spawnSync(
    process.execPath,
    [
      path.join(REPO, 'apps/api/src/cli/users.ts'),
      'create',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--role',
      'admin',
    ],
    { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`users create failed: ${result.stderr}`);
  return email;
}

/** The subjects of every email sent to the address, one per message written. */
async function subjectsTo(dataDir: string, to: string): Promise<string[]> {
  const mailbox = path.join(dataDir, 'mail');
  const files = (await fs.readdir(mailbox)).filter((file) => file.endsWith(`-${to}.eml`));
  return Promise.all(
    files.map(
      async (file) =>
        (await PostalMime.parse(await fs.readFile(path.join(mailbox, file), 'utf8'))).subject ?? '',
    ),
  );
}

for (const language of ['en', 'fr'] as const) {
  test(`${language}: a whole booking journey with each request sent to the next of two instances`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const t = CUSTOMER_TEXT[language];
    const { proxy, dataDir, database } = theCluster();
    const lastName = language === 'en' ? 'Tremblay' : 'Bouchard';
    const from = proxy.hops.length;

    // Sign-up on the provider's pages, the verification link from the mailbox the instances share.
    await setLanguage(page, language);
    await page.goto(`${proxy.base}/`);
    const email = uniqueEmail(`instances-${language}`);
    await signUp(page, email, language, {
      verificationLink: (address) => verificationLinkFromMailbox(address, dataDir),
    });

    // The profile.
    const fields = { firstName: 'Camille', lastName, phone: '514-555-0142', address: '48 Rue Saint Paul' };
    await createProfile(page, language, fields, proxy.base);

    // A service, a day and a time, checkout.
    await chooseServices(page, language, ['Window Washing'], proxy.base);
    await pickSlot(page, language, businessDay(language === 'en' ? 10 : 11), 11);
    await toCheckout(page, language);
    await confirmBooking(page, language);
    const card = page.getByRole('main').getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByText(t.pending)).toBeVisible();
    // A reload asks again, of whichever instance comes next.
    await page.reload();
    await expect(card).toHaveCount(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The admin, in a browser of their own, finds the visit.
    const admin = await signedInPage(browser, proxy.base, createAdmin(database.url), language);
    await admin.page.goto(`${proxy.base}/admin-dashboard?tab=appointments`);
    await expect(admin.page.getByRole('row').filter({ hasText: lastName }).first()).toBeVisible();
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();

    // Each email went out once, whichever instance's workers took it.
    await expect.poll(async () => (await subjectsTo(dataDir, email)).length).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const subjects = await subjectsTo(dataDir, email);
    expect(new Set(subjects).size).toBe(subjects.length);

    // Both instances answered the provider and the API, signed in or not, and nothing failed.
    const hops = proxy.hops.slice(from);
    for (const upstream of [0, 1]) {
      const mine = hops.filter((hop) => hop.upstream === upstream);
      expect(mine.some((hop) => hop.path.startsWith('/oidc/'))).toBe(true);
      expect(mine.some((hop) => hop.path.startsWith('/api/v1/') && hop.bearer)).toBe(true);
    }
    expect(
      hops.some((hop) => hop.method === 'POST' && hop.path.startsWith('/api/v1/appointments/customers/')),
    ).toBe(true);
    expect(hops.filter((hop) => hop.status >= 500 || hop.status === 401)).toEqual([]);
  });
}
