import { sql } from 'drizzle-orm';
import { check, date, integer, pgEnum, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAY_KINDS } from '@eclat/shared';
import { id, timestamps } from './columns.ts';
import { employees } from './employees.ts';
import { users } from './users.ts';

export const payKindEnum = pgEnum('pay_kind', PAY_KINDS);

/**
 * An employee's pay terms from a business-local day on (issue 30 §6, decision 066): by the hour, or a
 * percent of the visit's price before tax. One row per day the terms changed; the terms of a day are
 * the row with the latest `effective_from` on or before it, so a new row leaves earlier days alone.
 */
export const employeePayRates = pgTable(
  'employee_pay_rates',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    kind: payKindEnum('kind').notNull(),
    /** With `hourly`: cents per hour. */
    hourlyCents: integer('hourly_cents'),
    /** With `percent`: hundredths of a percent (4500 is 45 %). */
    percentBasisPoints: integer('percent_basis_points'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employee_pay_rates_employee_day_uq').on(t.employeeId, t.effectiveFrom),
    check(
      'employee_pay_rates_amount',
      sql`(${t.kind} = 'hourly' and ${t.hourlyCents} > 0 and ${t.percentBasisPoints} is null)
        or (${t.kind} = 'percent' and ${t.percentBasisPoints} between 1 and 10000 and ${t.hourlyCents} is null)`,
    ),
  ],
);
