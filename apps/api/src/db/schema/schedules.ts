import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { availabilities } from './availabilities.ts';
import { id, timestamps } from './columns.ts';
import { employees } from './employees.ts';
import { scheduleStatusEnum, shiftEnum } from './enums.ts';
import { users } from './users.ts';

/** Manager view (spec §3): a shift assigned to an employee, usually from one of their availabilities. */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    availabilityId: uuid('availability_id').references(() => availabilities.id, { onDelete: 'set null' }),
    assignedDate: timestamp('assigned_date', { withTimezone: true }).notNull(),
    shift: shiftEnum('shift').notNull(),
    status: scheduleStatusEnum('status').notNull().default('PENDING'),
    comments: text('comments'),
    ...timestamps,
  },
  (t) => [
    index('schedules_employee_date_idx').on(t.employeeId, t.assignedDate),
    index('schedules_date_idx').on(t.assignedDate),
  ],
);

/**
 * Employee view (spec §3): the jobs of an employee. An admin assigns employees to an appointment;
 * times and location come from the appointment.
 */
export const appointmentAssignments = pgTable(
  'appointment_assignments',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    status: scheduleStatusEnum('status').notNull().default('PENDING'),
    assignedByUserId: uuid('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.employeeId] }),
    index('appointment_assignments_employee_idx').on(t.employeeId),
  ],
);
