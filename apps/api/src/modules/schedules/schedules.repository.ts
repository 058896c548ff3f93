import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { Schedule } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { employees, schedules } from '../../db/schema/index.ts';
import type { ListFilter } from '../availabilities/availabilities.repository.ts';

/** Assigned shifts (`schedules`), with their employee's name. */

const scheduleColumns = {
  row: schedules,
  employeeFirstName: employees.firstName,
  employeeLastName: employees.lastName,
};
type ScheduleJoin = {
  row: typeof schedules.$inferSelect;
  employeeFirstName: string;
  employeeLastName: string;
};

const toSchedule = ({ row, employeeFirstName, employeeLastName }: ScheduleJoin): Schedule => ({
  scheduleId: row.id,
  employeeId: row.employeeId,
  employeeFirstName,
  employeeLastName,
  availabilityId: row.availabilityId,
  assignedDate: row.assignedDate.toISOString(),
  shift: row.shift,
  status: row.status,
  comments: row.comments,
});

export async function findSchedules(db: Db, filter: ListFilter): Promise<Schedule[]> {
  const rows = await db
    .select(scheduleColumns)
    .from(schedules)
    .innerJoin(employees, eq(employees.id, schedules.employeeId))
    .where(
      and(
        filter.employeeId ? eq(schedules.employeeId, filter.employeeId) : undefined,
        gte(schedules.assignedDate, filter.start),
        lt(schedules.assignedDate, filter.end),
      ),
    )
    .orderBy(desc(schedules.assignedDate), asc(schedules.id));
  return rows.map(toSchedule);
}

export async function findSchedule(db: Db, id: string): Promise<Schedule | undefined> {
  const [joined] = await db
    .select(scheduleColumns)
    .from(schedules)
    .innerJoin(employees, eq(employees.id, schedules.employeeId))
    .where(eq(schedules.id, id));
  return joined ? toSchedule(joined) : undefined;
}

export async function insertSchedule(db: Db, values: typeof schedules.$inferInsert): Promise<Schedule> {
  const [row] = await db.insert(schedules).values(values).returning({ id: schedules.id });
  const created = row ? await findSchedule(db, row.id) : undefined;
  if (!created) throw new Error('The schedule was not saved.');
  return created;
}

export type ScheduleFields = Pick<
  typeof schedules.$inferInsert,
  'assignedDate' | 'shift' | 'status' | 'comments'
>;

export async function updateSchedule(
  db: Db,
  id: string,
  fields: ScheduleFields,
): Promise<Schedule | undefined> {
  await db.update(schedules).set(fields).where(eq(schedules.id, id));
  return findSchedule(db, id);
}

export async function deleteSchedule(db: Db, id: string): Promise<boolean> {
  return (await db.delete(schedules).where(eq(schedules.id, id)).returning({ id: schedules.id })).length > 0;
}
