import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import {
  addDays,
  centsOf,
  fromLocal,
  mondayOf,
  OVERVIEW_WEEKS,
  ROLE_IDS,
  SHIFTS,
  startingFigures,
  todayIn,
  type Permission,
} from '@eclat/shared';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { convertImage } from '../../modules/services/image-variants.ts';
import { describeImage, type PreparedImage } from '../../modules/services/service-image.ts';
import { saveServiceImage } from '../../modules/services/services.repository.ts';
import {
  appMeta,
  DEMO_SEEDED_KEY,
  availabilities,
  customers,
  employees,
  feedback,
  serviceExtras,
  services,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import {
  DEMO_ACCOUNT_CUSTOMER,
  DEMO_CUSTOMERS,
  DEMO_EMPLOYEES,
  DEMO_FEEDBACK,
  DEMO_SERVICE_AREA,
  DEMO_SERVICES,
  DEMO_TEAM_WEEKS,
} from './demo-content.ts';
import { saveServiceArea } from '../../modules/service-area/service-area.repository.ts';
import { writeDemoBusiness, type DemoBusiness } from './demo-visits.ts';

const IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'images');
const SEED_LOCK_ID = 7_310_405_212;
const INITIALISED_KEY = 'initialised_at';

/** A demo picture, with its copies made the way an upload's are. */
async function prepareDemoImage(file: string): Promise<PreparedImage> {
  const described = describeImage(await fs.readFile(path.join(IMAGES_DIR, file)));
  if (!described) throw new Error(`${file} is not a JPEG or PNG`);
  return { ...described, ...(await convertImage(described.content)) };
}

export type DemoAccount = { email: string; password: string; roles: Permission[] };
export type SeedResult = { seeded: boolean; reason: string; demoAccounts?: DemoAccount[] };

const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; roles: Permission[] }[] = [
  { email: 'admin@example.com', firstName: 'Alex', lastName: 'Admin', roles: ['admin'] },
  {
    email: 'employee@example.com',
    firstName: 'Émile',
    lastName: 'Employee',
    roles: ['employee', 'customer'],
  },
  { email: 'customer@example.com', firstName: 'Chloé', lastName: 'Customer', roles: ['customer'] },
];

/**
 * Marks the database as initialised and, when it is a brand-new empty database and `withDemo` is set,
 * writes the demo catalogue and feedback. A database that already holds data, or that was initialised
 * before (even if its data were deleted since), is never touched.
 */
export async function initialiseDatabase(
  db: Database,
  options: {
    withDemo: boolean;
    timeZone: string;
    logger: Pick<Logger, 'info'>;
    /** The booking settings the demo's visits follow (`BUFFER_MINUTES`, `RECURRING_HORIZON_WEEKS`). */
    business?: Partial<Omit<DemoBusiness, 'timeZone'>>;
  },
): Promise<SeedResult> {
  const startedAt = performance.now();
  // On one connection of the pool, as a Db: the repositories the demo's visits reuse take one.
  return runInTransaction(db.$client, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const marker = await tx
      .select()
      .from(appMeta)
      .where(sql`${appMeta.key} = ${INITIALISED_KEY}`);
    if (marker.length > 0) return { seeded: false, reason: 'already initialised' };

    const counts = await tx.execute<{ n: number }>(sql`
      select (select count(*) from ${services}) + (select count(*) from ${customers})
           + (select count(*) from ${feedback}) + (select count(*) from ${users}) as n`);
    const hasData = (counts.rows[0]?.n ?? 0) > 0;
    await tx.insert(appMeta).values({ key: INITIALISED_KEY, value: new Date().toISOString() });

    if (hasData) return { seeded: false, reason: 'database already has data' };
    if (!options.withDemo) return { seeded: false, reason: 'SEED_DEMO=false' };
    await tx.insert(appMeta).values({ key: DEMO_SEEDED_KEY, value: new Date().toISOString() });

    const pictures = await Promise.all(
      DEMO_SERVICES.map(async (demo) => (demo.image ? prepareDemoImage(demo.image) : undefined)),
    );
    for (const [index, demo] of DEMO_SERVICES.entries()) {
      const pricingModel = demo.pricingModel ?? { kind: 'flat' };
      // Another model's "from" figures are the spec's pricing and duration (decision 025).
      const figures = startingFigures(pricingModel, {
        cents: centsOf(demo.pricing),
        minutes: demo.durationMinutes,
      });
      const [row] = await tx
        .insert(services)
        .values({
          title: demo.title,
          description: demo.description,
          pricing: figures.cents / 100,
          category: demo.category,
          durationMinutes: figures.minutes,
          isAvailable: demo.isAvailable,
          pricingModel,
        })
        .returning({ id: services.id });
      if (row && demo.extras?.length) {
        await tx.insert(serviceExtras).values(
          demo.extras.map((extra, position) => ({
            serviceId: row.id,
            position,
            titleEn: extra.en,
            titleFr: extra.fr,
            priceCents: extra.priceCents,
            minutes: extra.minutes,
          })),
        );
      }
      const picture = pictures[index];
      if (row && picture) await saveServiceImage(tx, row.id, picture);
    }

    const customerRows = await tx.insert(customers).values(DEMO_CUSTOMERS).returning();
    await saveServiceArea(tx, { prefixes: DEMO_SERVICE_AREA });
    const day = 24 * 60 * 60 * 1000;
    await tx.insert(feedback).values(
      DEMO_FEEDBACK.map((entry) => {
        const author = DEMO_CUSTOMERS[entry.author];
        const createdAt = new Date(Date.now() - entry.daysAgo * day);
        return {
          customerId: customerRows[entry.author]?.id ?? null,
          authorName: author?.firstName ?? '',
          stars: entry.stars,
          content: entry.content,
          status: entry.status,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    // One account per role, with random passwords (shown once at start, kept in DATA_DIR/demo-accounts.txt).
    const demoAccounts: DemoAccount[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const password = randomBytes(12).toString('base64url');
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash: await hashPassword(password),
          firstName: account.firstName,
          lastName: account.lastName,
          // The operator made these accounts: their addresses count as verified (decision 010).
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('demo account not created');
      await tx
        .insert(userRoles)
        .values(account.roles.map((role) => ({ userId: user.id, roleId: ROLE_IDS[role] })));
      demoAccounts.push({ email: account.email, password, roles: account.roles });
    }
    // The team; a record whose email has an account is linked to it ("my" availabilities and schedule).
    const accountIds = new Map<string, string>(
      (await tx.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
    );
    const team = await tx
      .insert(employees)
      .values(
        DEMO_EMPLOYEES.map(({ daysOff: _, ...employee }) => ({
          ...employee,
          userId: accountIds.get(employee.email) ?? null,
        })),
      )
      .returning({ id: employees.id, email: employees.email });
    // Their week, every shift of their working days, for the coming weeks and the Overview's past ones:
    // the demo books from its team.
    const now = options.business?.now ?? new Date();
    const today = todayIn(options.timeZone, now);
    const firstDay = addDays(mondayOf(today), -7 * (OVERVIEW_WEEKS - 1));
    const days: string[] = [];
    for (let day = firstDay; day < addDays(today, DEMO_TEAM_WEEKS * 7); day = addDays(day, 1)) days.push(day);
    const isDayOff = (employee: (typeof DEMO_EMPLOYEES)[number], day: string) => {
      if (!employee.daysOffAfterStart)
        return employee.daysOff.includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      const offset = Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
      return employee.daysOffAfterStart.includes(((offset % 7) + 7) % 7);
    };
    const rows = DEMO_EMPLOYEES.flatMap((employee) => {
      const id = team.find((row) => row.email === employee.email)?.id;
      if (!id || !employee.isActive) return [];
      return days.flatMap((day) =>
        isDayOff(employee, day)
          ? []
          : SHIFTS.map((shift) => ({
              employeeId: id,
              availableDate: fromLocal(day, 0, 0, options.timeZone),
              shift,
            })),
      );
    });
    await tx.insert(availabilities).values(rows);

    // The business: the demo customer's own profile, then the visits, the series and the quotes.
    const accountUserId = accountIds.get(DEMO_ACCOUNT_CUSTOMER.email);
    const adminUserId = accountIds.get('admin@example.com');
    const demoEmployeeId = team.find((row) => row.email === 'employee@example.com')?.id;
    if (!accountUserId || !adminUserId || !demoEmployeeId) throw new Error('demo accounts not created');
    const [accountProfile] = await tx
      .insert(customers)
      .values({ ...DEMO_ACCOUNT_CUSTOMER, userId: accountUserId })
      .returning();
    if (!accountProfile) throw new Error('demo customer profile not created');
    const businessStartedAt = performance.now();
    const written = await writeDemoBusiness(
      tx,
      {
        customers: [accountProfile, ...customerRows],
        accountCustomer: { id: accountProfile.id, userId: accountUserId },
        demoEmployeeId,
        adminUserId,
        services: await tx.select({ id: services.id, title: services.title }).from(services),
        area: DEMO_SERVICE_AREA,
      },
      {
        timeZone: options.timeZone,
        // Thirty minutes, `BUFFER_MINUTES`' default, when the caller gives none (tests).
        bufferMs: options.business?.bufferMs ?? 30 * 60_000,
        recurringHorizonWeeks: options.business?.recurringHorizonWeeks ?? 12,
        reminderHours: options.business?.reminderHours ?? [24],
        now,
      },
    );
    options.logger.info(
      {
        services: DEMO_SERVICES.length,
        feedback: DEMO_FEEDBACK.length,
        accounts: demoAccounts.length,
        ...written,
        ms: Math.round(performance.now() - startedAt),
        visitsMs: Math.round(performance.now() - businessStartedAt),
      },
      'wrote demo content into the new database',
    );
    return { seeded: true, reason: 'empty database', demoAccounts };
  });
}
