import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { addDays, areaFor, mondayOf, OVERVIEW_WEEKS, todayIn, toLocal } from '@eclat/shared';
import { findServiceArea } from '../../modules/service-area/service-area.repository.ts';
import {
  availabilities,
  customers,
  employees,
  feedback,
  serviceImages,
  serviceImageVariants,
  services,
} from '../../db/schema/index.ts';
import { findUserByEmail, rolesOf } from '../../modules/auth/accounts.repository.ts';
import { verifyPassword } from '../../modules/auth/passwords.ts';
import { DEMO_TEAM_WEEKS } from './demo-content.ts';
import { initialiseDatabase } from './demo.ts';
import { resolvePaymentsMode } from '../../modules/payments/payments.service.ts';

const logger = { info: () => undefined };
const dbs: Database[] = [];
async function freshDb() {
  const db = createDatabase(await createTestDatabase(), 2);
  dbs.push(db);
  return db;
}
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.$client.end()));
});

describe('demo content', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDb();
  });

  it('fills an empty database with a living catalogue and feedback', async () => {
    const result = await initialiseDatabase(db, { withDemo: true, timeZone: 'America/Toronto', logger });
    expect(result).toMatchObject({ seeded: true, reason: 'empty database' });

    // One account per role, each with its own random password that really signs in.
    expect(result.demoAccounts?.map((account) => [account.email, account.roles])).toEqual([
      ['admin@example.com', ['admin']],
      ['employee@example.com', ['employee', 'customer']],
      ['customer@example.com', ['customer']],
    ]);
    expect(new Set(result.demoAccounts?.map((account) => account.password)).size).toBe(3);
    for (const account of result.demoAccounts ?? []) {
      const user = await findUserByEmail(db, account.email);
      expect(await verifyPassword(user?.passwordHash ?? null, account.password)).toBe(true);
      expect(await rolesOf(db, user?.id ?? '')).toEqual(expect.arrayContaining(account.roles));
      expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    }

    // Issue 16: a Toronto and Montréal service area, the demo customers' postal codes inside it.
    const area = (await findServiceArea(db)).prefixes;
    expect(area.map((entry) => entry.prefix)).toEqual(expect.arrayContaining(['M5V', 'H2X']));
    expect(area.filter((entry) => entry.surchargeCents > 0)).toHaveLength(1);
    const profiles = await db.select().from(customers);
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) expect(areaFor(area, profile.postalCode ?? '').served).toBe(true);

    // The team, the demo employee's record linked to their account.
    const team = await db.select().from(employees);
    expect(team.length).toBe(5);
    const employeeAccount = await findUserByEmail(db, 'employee@example.com');
    expect(team.find((row) => row.email === 'employee@example.com')?.userId).toBe(employeeAccount?.id);
    expect(team.filter((row) => row.userId === null).length).toBe(4);
    // The active ones work the coming weeks: every day of the week has two cleaners on every shift.
    const shifts = await db.select().from(availabilities);
    const inactive = team.filter((row) => !row.isActive).map((row) => row.id);
    expect(shifts.some((row) => inactive.includes(row.employeeId))).toBe(false);
    const perDayAndShift = new Map<string, number>();
    for (const row of shifts) {
      const key = `${toLocal(row.availableDate, 'America/Toronto').date}:${row.shift}`;
      perDayAndShift.set(key, (perDayAndShift.get(key) ?? 0) + 1);
    }
    // From the first Monday of the Overview's twelve weeks (the demo's history) to the coming weeks' end.
    const today = todayIn('America/Toronto');
    const firstDay = addDays(mondayOf(today), -7 * (OVERVIEW_WEEKS - 1));
    const days = Math.round((Date.parse(today) - Date.parse(firstDay)) / 86_400_000) + DEMO_TEAM_WEEKS * 7;
    expect(perDayAndShift.size).toBe(days * 3);
    // The demo employee works the first day and the next, whatever the weekday (their My Day).
    const own = team.find((row) => row.email === 'employee@example.com')?.id;
    const ownDays = new Set(
      shifts
        .filter((row) => row.employeeId === own)
        .map((row) => toLocal(row.availableDate, 'America/Toronto').date),
    );
    expect([ownDays.has(today), ownDays.has(addDays(today, 1))]).toEqual([true, true]);
    expect(Math.min(...perDayAndShift.values())).toBeGreaterThanOrEqual(2);

    const rows = await db.select().from(services);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['Residential', 'Commercial']));
    expect(rows.every((r) => r.durationMinutes > 0 && r.pricing >= 0)).toBe(true);

    const images = await db.select().from(serviceImages);
    expect(images.length).toBeGreaterThanOrEqual(8);
    for (const image of images) {
      // Real JPEG files: they start with the JPEG signature.
      expect(image.content.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(image.content.length).toBeGreaterThan(5_000);
      expect([image.width, image.height]).toEqual([960, 640]);
    }
    // Each with its AVIF and WebP copies, made as an upload's are, every one smaller than the original.
    const variants = await db.select().from(serviceImageVariants);
    for (const image of images) {
      const own = variants.filter((variant) => variant.serviceId === image.serviceId);
      expect(own.map((variant) => `${variant.format} ${variant.width}x${variant.height}`).sort()).toEqual([
        'avif 400x267',
        'avif 800x533',
        'avif 960x640',
        'webp 400x267',
        'webp 800x533',
        'webp 960x640',
      ]);
      for (const variant of own) expect(variant.content.length).toBeLessThan(image.content.length);
    }

    const statuses = await db
      .select({ status: feedback.status, n: count() })
      .from(feedback)
      .groupBy(feedback.status);
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(byStatus.VISIBLE).toBeGreaterThanOrEqual(2);
    expect(byStatus.INVISIBLE).toBeGreaterThanOrEqual(1);
    // The images are converted as uploads are (AVIF is slow on a shared machine): the seed takes seconds.
  }, 120_000);

  it('never runs twice, even after the data was deleted', async () => {
    await db.delete(feedback);
    await db.delete(services);
    expect(await initialiseDatabase(db, { withDemo: true, timeZone: 'America/Toronto', logger })).toEqual({
      seeded: false,
      reason: 'already initialised',
    });
    expect(await db.$count(services)).toBe(0);
  });

  it('never touches a database that already has data', async () => {
    const other = await freshDb();
    await other.insert(customers).values({
      firstName: 'Existing',
      lastName: 'Customer',
      email: 'existing@example.com',
      phoneNumber: '416-555-0100',
    });
    expect(await initialiseDatabase(other, { withDemo: true, timeZone: 'America/Toronto', logger })).toEqual({
      seeded: false,
      reason: 'database already has data',
    });
    expect(await other.$count(services)).toBe(0);
    expect(await other.$count(customers, eq(customers.email, 'existing@example.com'))).toBe(1);
  });

  it('writes nothing when demo content is turned off', async () => {
    const other = await freshDb();
    expect(await initialiseDatabase(other, { withDemo: false, timeZone: 'America/Toronto', logger })).toEqual(
      {
        seeded: false,
        reason: 'SEED_DEMO=false',
      },
    );
    expect(await other.$count(services)).toBe(0);
  });

  it('takes payments by hand on the demo’s database unless PAYMENTS says otherwise (issue 29)', async () => {
    // `db` holds the demo (the first test); a database initialised without it keeps payments off.
    expect(await resolvePaymentsMode(db, undefined)).toBe('manual');
    expect(await resolvePaymentsMode(db, 'off')).toBe('off');
    const plain = await freshDb();
    await initialiseDatabase(plain, { withDemo: false, timeZone: 'America/Toronto', logger });
    expect(await resolvePaymentsMode(plain, undefined)).toBe('off');
    expect(await resolvePaymentsMode(plain, 'manual')).toBe('manual');
  });
});
