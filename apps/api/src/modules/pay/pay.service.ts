import {
  addDays,
  payPeriodOf,
  todayIn,
  type OverviewLabour,
  type PayRateInput,
  type PayRates,
  type PayReport,
  type PayReportQuery,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOwnEmployee } from '../auth/ownership.ts';
import { findEmployee } from '../employees/employees.repository.ts';
import { payFigures } from './pay-figures.ts';
import { periodBounds } from './pay-period.ts';
import { findPayTerms, findReceivedTips, findWorkedVisits, upsertPayTerms } from './pay.repository.ts';

/**
 * Hours and pay (issue 30 §6, decision 066): the one service. It reads the rows (`pay.repository.ts`)
 * and hands them to the one pure function (`payFigures`); the report, its CSV and the overview's labour
 * cost are its answers.
 */

export type PayDeps = {
  db: Db;
  timeZone: string;
  bufferMinutes: number;
  pay: AppConfig['pay'];
};

export type PayCaller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified' | 'permissions'>;

async function employeeOrNotFound(db: Db, employeeId: string) {
  const employee = await findEmployee(db, employeeId);
  if (!employee) throw notFound('Employee');
  return employee;
}

/** `GET /employees/{id}/pay-rates` (admin): the employee's terms, oldest first. */
export async function payRatesOf(deps: PayDeps, employeeId: string): Promise<PayRates> {
  await employeeOrNotFound(deps.db, employeeId);
  const rows = await findPayTerms(deps.db, [employeeId]);
  return {
    rates: rows.map((row) => ({
      effectiveFrom: row.effectiveFrom,
      kind: row.kind,
      hourlyCents: row.hourlyCents,
      percentBasisPoints: row.percentBasisPoints,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * `POST /employees/{id}/pay-rates` (admin): terms from a day on. The other kind's amount is dropped (an
 * hourly rate has no percent); terms from a day that has some replace them.
 */
export async function setPayRate(
  deps: PayDeps,
  caller: PayCaller,
  employeeId: string,
  input: PayRateInput,
): Promise<PayRates> {
  await employeeOrNotFound(deps.db, employeeId);
  await upsertPayTerms(deps.db, {
    employeeId,
    effectiveFrom: input.effectiveFrom,
    kind: input.kind,
    hourlyCents: input.kind === 'hourly' ? (input.hourlyCents ?? null) : null,
    percentBasisPoints: input.kind === 'percent' ? (input.percentBasisPoints ?? null) : null,
    createdByUserId: caller.userId,
  });
  return payRatesOf(deps, employeeId);
}

/**
 * `GET /pay/report`: the admin reads anyone's; an employee reads their own (it is their pay slip's
 * detail) and gets 403 for anyone else's; a customer 403.
 */
export async function payReportFor(
  deps: PayDeps,
  caller: PayCaller,
  query: PayReportQuery,
): Promise<PayReport> {
  if (!caller.permissions.has('admin')) {
    const own = caller.permissions.has('employee') ? await findOwnEmployee(deps.db, caller) : undefined;
    if (own?.id !== query.employeeId) throw forbidden('You can only see your own pay.');
  }
  const employee = await employeeOrNotFound(deps.db, query.employeeId);
  const period = payPeriodOf(query.date ?? todayIn(deps.timeZone), deps.pay.periodStart, deps.pay.periodDays);
  const range = periodBounds(period, deps.timeZone);
  const [terms, visits, tips] = await Promise.all([
    findPayTerms(deps.db, [employee.id]),
    findWorkedVisits(deps.db, range, employee.id),
    findReceivedTips(deps.db, range, employee.id),
  ]);
  const figures = payFigures({
    timeZone: deps.timeZone,
    travelRule: deps.pay.travel,
    bufferMinutes: deps.bufferMinutes,
    terms,
    visits,
    tips,
  });
  return {
    employee: { id: employee.id, firstName: employee.firstName, lastName: employee.lastName },
    timeZone: deps.timeZone,
    period: { ...period, lengthDays: deps.pay.periodDays },
    travelRule: deps.pay.travel,
    ...figures,
  };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

/**
 * The overview's labour cost (decision 066): the pay (visits and travel, not tips: the customer pays
 * those) of every employee for the completed visits of the week starting `weekStart`, against the price
 * before tax of the same visits, so the share compares like with like whatever day of the week it is.
 */
export async function labourOfWeek(deps: PayDeps, weekStart: string): Promise<OverviewLabour> {
  const range = periodBounds({ from: weekStart, to: addDays(weekStart, 6) }, deps.timeZone);
  const visits = await findWorkedVisits(deps.db, range, null);
  const byEmployee = groupBy(visits, (visit) => visit.employeeId);
  const terms = groupBy(await findPayTerms(deps.db, [...byEmployee.keys()]), (row) => row.employeeId);
  let labourCents = 0;
  for (const [employeeId, worked] of byEmployee) {
    labourCents += payFigures({
      timeZone: deps.timeZone,
      travelRule: deps.pay.travel,
      bufferMinutes: deps.bufferMinutes,
      terms: terms.get(employeeId) ?? [],
      visits: worked,
      tips: [],
    }).totals.payCents;
  }
  const prices = new Map(visits.map((visit) => [visit.appointmentId, visit.priceCents]));
  const revenueCents = [...prices.values()].reduce((total, cents) => total + cents, 0);
  return {
    weekStart,
    labourCents,
    revenueCents,
    sharePerMille: revenueCents > 0 ? Math.round((labourCents * 1000) / revenueCents) : null,
  };
}
