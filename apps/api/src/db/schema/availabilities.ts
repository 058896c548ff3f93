import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { employees } from './employees.ts';
import { shiftEnum } from './enums.ts';

export const availabilities = pgTable(
  'availabilities',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** Midnight of the available day in the business time zone. */
    availableDate: timestamp('available_date', { withTimezone: true }).notNull(),
    shift: shiftEnum('shift').notNull(),
    comments: text('comments'),
    ...timestamps,
  },
  (t) => [
    index('availabilities_employee_date_idx').on(t.employeeId, t.availableDate),
    index('availabilities_date_idx').on(t.availableDate),
  ],
);
