import { asc, eq } from 'drizzle-orm';
import type { Employee } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { employees } from '../../db/schema/index.ts';
import { afterName, keysetBatches } from '../../lib/keyset.ts';
import { findUserByEmail } from '../auth/accounts.repository.ts';

type Row = typeof employees.$inferSelect;

export const toEmployee = (row: Row): Employee => ({
  employeeId: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  role: row.role,
  isActive: row.isActive,
});

export type EmployeeFields = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: string;
  isActive: boolean;
};

export async function listEmployees(db: Db): Promise<Employee[]> {
  return (
    await db
      .select()
      .from(employees)
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
  ).map(toEmployee);
}

/** Every employee in the list's order, a batch at a time (the CSV export). */
export function employeeBatches(db: Db, batchSize: number): AsyncGenerator<Employee[]> {
  return keysetBatches(
    batchSize,
    (after, limit) =>
      db
        .select()
        .from(employees)
        .where(afterName(employees, after))
        .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
        .limit(limit),
    toEmployee,
  );
}

export async function findEmployee(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(employees).where(eq(employees.id, id));
  return row;
}

/**
 * The account with the employee's email, so "my" availabilities and schedules know who is asking; only an
 * account that proved the address (decision 010), else the record waits for the ownership rule.
 */
async function linkedUserId(db: Db, email: string): Promise<string | null> {
  const account = await findUserByEmail(db, email);
  return account?.emailVerifiedAt ? account.id : null;
}

export async function createEmployee(db: Db, fields: EmployeeFields): Promise<Row> {
  const [row] = await db
    .insert(employees)
    .values({ ...fields, userId: await linkedUserId(db, fields.email) })
    .returning();
  if (!row) throw new Error('The employee was not saved.');
  return row;
}

export async function updateEmployee(db: Db, id: string, fields: EmployeeFields): Promise<Row | undefined> {
  const [row] = await db
    .update(employees)
    .set({ ...fields, userId: await linkedUserId(db, fields.email) })
    .where(eq(employees.id, id))
    .returning();
  return row;
}

export async function deleteEmployee(db: Db, id: string): Promise<boolean> {
  return (await db.delete(employees).where(eq(employees.id, id)).returning({ id: employees.id })).length > 0;
}
