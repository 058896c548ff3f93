import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Availability } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { availabilities, employees } from '../../db/schema/index.ts';
import { toLocal } from '../../lib/time-zone.ts';

const availabilityColumns = {
  row: availabilities,
  employeeFirstName: employees.firstName,
  employeeLastName: employees.lastName,
};

type AvailabilityJoin = {
  row: typeof availabilities.$inferSelect;
  employeeFirstName: string;
  employeeLastName: string;
};

const toAvailability = (joined: AvailabilityJoin, timeZone: string): Availability => ({
  availabilityId: joined.row.id,
  employeeId: joined.row.employeeId,
  employeeFirstName: joined.employeeFirstName,
  employeeLastName: joined.employeeLastName,
  availableDate: joined.row.availableDate.toISOString(),
  day: toLocal(joined.row.availableDate, timeZone).date,
  shift: joined.row.shift,
  comments: joined.row.comments,
});

/** A list's filter: one employee's (or everyone's), on the days [start, end) of a list range. */
export type ListFilter = { employeeId?: string; start: Date; end: Date };

export async function findAvailabilities(
  db: Db,
  timeZone: string,
  filter: ListFilter,
): Promise<Availability[]> {
  const rows = await db
    .select(availabilityColumns)
    .from(availabilities)
    .innerJoin(employees, eq(employees.id, availabilities.employeeId))
    .where(
      and(
        filter.employeeId ? eq(availabilities.employeeId, filter.employeeId) : undefined,
        gte(availabilities.availableDate, filter.start),
        lt(availabilities.availableDate, filter.end),
      ),
    )
    .orderBy(desc(availabilities.availableDate), asc(availabilities.id));
  return rows.map((row) => toAvailability(row, timeZone));
}

export async function findAvailability(
  db: Db,
  id: string,
  timeZone: string,
): Promise<Availability | undefined> {
  const [row] = await db
    .select(availabilityColumns)
    .from(availabilities)
    .innerJoin(employees, eq(employees.id, availabilities.employeeId))
    .where(eq(availabilities.id, id));
  return row ? toAvailability(row, timeZone) : undefined;
}

export type AvailabilityFields = {
  availableDate: Date;
  shift: Availability['shift'];
  comments: string | null;
};

export async function insertAvailability(
  db: Db,
  employeeId: string,
  fields: AvailabilityFields,
): Promise<string> {
  const [row] = await db
    .insert(availabilities)
    .values({ employeeId, ...fields })
    .returning({ id: availabilities.id });
  if (!row) throw new Error('The availability was not saved.');
  return row.id;
}

export async function updateAvailability(db: Db, id: string, fields: AvailabilityFields): Promise<void> {
  await db.update(availabilities).set(fields).where(eq(availabilities.id, id));
}

export async function deleteAvailability(db: Db, id: string): Promise<void> {
  await db.delete(availabilities).where(eq(availabilities.id, id));
}
