import { randomBytes } from 'node:crypto';
import { SHIFTS } from '@eclat/shared';
import { BUSINESS_TIME_ZONE } from './business-time.ts';
import { testServerDatabase } from './accounts.ts';
import { fromLocal } from '../../../apps/api/src/lib/time-zone.ts';
import { insertAvailability } from '../../../apps/api/src/modules/availabilities/availabilities.repository.ts';
import { createEmployee } from '../../../apps/api/src/modules/employees/employees.repository.ts';

/**
 * The demo team posts its availabilities for the coming 4 weeks only (DEMO_TEAM_WEEKS), and every test on the
 * shared server books from it: a day in those weeks has two to four cleaners, by weekday and by the day the
 * server was seeded, and another test may take them first. A test that needs a cleaner free at a given time
 * books a day after those weeks, that no other test uses, and brings its own team.
 */
export const OWN_DAYS = {
  /** staff-appointments "an admin adds…": two visits at 15:00 (+4 on a retry). */
  staffAdd: { en: 64, fr: 66 },
  /** instant-price's travel surcharge: one cleaner of its own at 10:00 (+4 on a retry). */
  surcharge: { en: 72, fr: 74 },
  /**
   * label-in-name's world, plus the worker's index (each worker makes one; a worker started again after
   * a failure has a new index, so its days run on: 150 to 211 leaves room for sixty).
   */
  labelWorld: 150,
  /** visit-steps: one cleaner with an account of its own, one visit (+4 on a retry). */
  visitSteps: { en: 90, fr: 92 },
  /** visit-photos: one cleaner with an account of its own, one visit (+4 on a retry). */
  visitPhotos: { en: 100, fr: 102 },
  /** checklists: one cleaner with an account of its own, one visit (+4 on a retry). */
  checklists: { en: 110, fr: 112 },
  /** access-notes: one cleaner with an account of its own, one visit (+4 on a retry). */
  accessNotes: { en: 120, fr: 122 },
} as const;

/** The employee works every shift of `day` (as an admin's "Add availability" for each shift). */
async function worksAllDay(employeeId: string, day: string): Promise<void> {
  const db = await testServerDatabase();
  for (const shift of SHIFTS) {
    await insertAvailability(db, employeeId, {
      availableDate: fromLocal(day, 0, 0, BUSINESS_TIME_ZONE),
      shift,
      comments: null,
    });
  }
}

/**
 * `count` active cleaners of the test's own (a last name with `tag`), working every shift of `day`: the rows
 * an admin's "Add availability" writes, written by the same repository functions. Returns their ids.
 */
export async function cleanersOfItsOwn(day: string, count: number, tag: string): Promise<string[]> {
  const db = await testServerDatabase();
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const employee = await createEmployee(db, {
      firstName: `Crew${String(index + 1)}`,
      lastName: tag,
      email: `crew-${randomBytes(4).toString('hex')}@example.com`,
      phoneNumber: '416-555-0170',
      role: 'Cleaner',
      isActive: true,
    });
    await worksAllDay(employee.id, day);
    ids.push(employee.id);
  }
  return ids;
}

/**
 * One active cleaner with this first name whose employee record has the email of an account (`email`, an
 * employee account the test made), working every shift of `day`: the account signs in to its own My Day.
 */
export async function cleanerWithAccount(day: string, email: string, firstName: string, tag: string) {
  const db = await testServerDatabase();
  const employee = await createEmployee(db, {
    firstName,
    lastName: tag,
    email,
    phoneNumber: '416-555-0171',
    role: 'Cleaner',
    isActive: true,
  });
  await worksAllDay(employee.id, day);
  return employee.id;
}
