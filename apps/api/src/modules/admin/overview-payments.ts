import type { OverviewPayments } from '@eclat/shared';
import { readerOn, type Db } from '../../db/transaction.ts';
import { moneyOf, readTaxSettings } from '../payments/payments.service.ts';
import { findWeekLedgerSums, findWeekVisitGroups, type OverviewSpan } from './overview.repository.ts';

/**
 * The money of the overview's weeks (issue 29, decision 052), when payments are on. Collected and
 * refunded: the ledger rows written in the week. Outstanding: what the visits of the week still owe, each
 * by the shared `visitMoney` (through the payments service's `moneyOf`: the same price, province and
 * taxes as the visit's own page), read as groups of alike visits so a year of history costs two grouped
 * queries, not one per visit. Failed: card attempts, none until the card adapter.
 */
export async function findWeekPayments(
  db: Db,
  span: OverviewSpan,
  business: { timeZone: string; brandName: string },
): Promise<Map<string, OverviewPayments>> {
  const read = readerOn(db);
  const [sums, groups, settings] = await Promise.all([
    read(() => findWeekLedgerSums(db, span, business.timeZone)),
    read(() => findWeekVisitGroups(db, span, business.timeZone)),
    read(() => readTaxSettings(db, business.brandName)),
  ]);
  const outstanding = new Map<string, number>();
  for (const group of groups) {
    const { owedCents } = moneyOf(group, settings, group.entries).money;
    outstanding.set(group.weekStart, (outstanding.get(group.weekStart) ?? 0) + owedCents * group.visits);
  }
  const weeks = new Map<string, OverviewPayments>();
  for (const week of new Set([...sums.keys(), ...outstanding.keys()])) {
    weeks.set(week, {
      collectedCents: sums.get(week)?.collectedCents ?? 0,
      refundedCents: sums.get(week)?.refundedCents ?? 0,
      outstandingCents: outstanding.get(week) ?? 0,
      failedCents: 0,
    });
  }
  return weeks;
}

/** A week with nothing received, given back or owed. */
export const NO_PAYMENTS: OverviewPayments = {
  collectedCents: 0,
  refundedCents: 0,
  outstandingCents: 0,
  failedCents: 0,
};
