import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VisitTaxes } from '@eclat/shared';
import { appointments, paymentLedger, receipts } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { fixVisitTaxes } from './payments.repository.ts';
import { provinceOf, readTaxSettings, visitTaxesOf } from './payments.service.ts';

/**
 * The taxes of visits with money recorded before migration 0024 (decision 054 fixed a visit's taxes at its
 * first ledger row; those visits had none and followed the current settings, so a rate changed later
 * rewrote their totals). Filled once, at start, by the process that migrates the database (decision 061):
 * - from the visit's first receipt or credit note (the rates and the business's name, numbers and address
 *   it printed: the settings of the time, as the customer saw them), the province by the visit's postal
 *   code as `provinceOf` says;
 * - a visit with rows but no document (a fee recorded alone, a receipt never issued) takes today's
 *   settings (`visitTaxesOf`), which it was following anyway.
 * A startup step rather than a migration's SQL: the province's rule (`provinceOf`), the rates' defaults and
 * overrides (`taxesOf`) and the snapshot's shape (`VisitTaxes`) live in TypeScript; SQL would write them a
 * second time. It is idempotent: only visits with ledger rows and no snapshot are read, and each is written
 * with `fixVisitTaxes` (only while still null, so a row being written meanwhile keeps its own); once done, a
 * start finds none (every new first row fixes its visit's taxes itself).
 */

const BATCH = 500;

/** Returns how many visits got their taxes. */
export async function backfillTaxSnapshots(db: Db, brandName: string): Promise<number> {
  const settings = await readTaxSettings(db, brandName);
  let filled = 0;
  for (;;) {
    const visits = await db
      .select({ id: appointments.id, postalCode: appointments.postalCode })
      .from(appointments)
      .where(
        and(
          isNull(appointments.taxSnapshot),
          sql`exists (select 1 from ${paymentLedger} where ${paymentLedger.appointmentId} = ${appointments.id})`,
        ),
      )
      .limit(BATCH);
    if (visits.length === 0) return filled;
    for (const visit of visits) {
      const [first] = await db
        .select({ document: receipts.document })
        .from(receipts)
        .where(eq(receipts.appointmentId, visit.id))
        .orderBy(asc(receipts.issuedAt), asc(receipts.number))
        .limit(1);
      const taxes: VisitTaxes = first
        ? {
            province: provinceOf(visit.postalCode, settings),
            rates: first.document.taxes.map(({ code, rate }) => ({ code, rate })),
            legalName: first.document.business.legalName,
            gstHstNumber: first.document.business.gstHstNumber,
            qstNumber: first.document.business.qstNumber,
            address: first.document.business.address,
          }
        : visitTaxesOf({ postalCode: visit.postalCode, taxSnapshot: null }, settings);
      await fixVisitTaxes(db, visit.id, taxes);
      filled += 1;
    }
  }
}

/** At start, in the process that migrated the database (app.ts), after the migrations. */
export const taxSnapshotBackfillPlugin = fp(
  async (app: FastifyInstance, { brandName }: { brandName: string }) => {
    const filled = await backfillTaxSnapshots(app.db, brandName);
    if (filled > 0) app.log.info({ filled }, 'tax snapshots filled for visits paid before migration 0024');
  },
  { name: 'tax-snapshot-backfill', dependencies: ['db'] },
);
