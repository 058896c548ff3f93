import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, customers, paymentLedger, receipts, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { keysetBatches } from '../../lib/keyset.ts';
import type { ReceiptDocument, VisitTaxes } from '@eclat/shared';

/**
 * The accountant's payments CSV (issue 29, decision 052): every ledger row written in a stretch of time,
 * oldest first, with its receipt or credit note, its visit and who recorded it; read in keyset batches on
 * the ledger's time index, so memory holds one batch whatever the years.
 */

/** A ledger row as the CSV writes it. */
export type ExportedLedgerRow = {
  id: string;
  createdAt: Date;
  /** The row's time as PostgreSQL writes it, to the microsecond (a Date keeps milliseconds): the keyset's key. */
  position: string;
  kind: 'payment' | 'tip' | 'fee' | 'refund';
  cents: number;
  method: 'cash' | 'cheque' | 'interac' | 'card' | null;
  feeKind: 'late_cancellation' | 'lockout' | null;
  reference: string | null;
  note: string | null;
  recordedBy: string | null;
  receiptNumber: number | null;
  /** The receipt or credit note as issued: its figures are the line's (decision 054). */
  receiptDocument: ReceiptDocument | null;
  appointmentId: string;
  appointmentDate: Date;
  status: string;
  postalCode: string | null;
  /** The visit's taxes fixed by its first ledger row (decision 054). */
  taxSnapshot: VisitTaxes | null;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string | null;
};

const recorder = alias(users, 'recorder');

/** The ledger's rows written in [start, end) (either end open), a batch at a time. */
export function ledgerBatches(
  db: Db,
  range: { start?: Date; end?: Date },
  batchSize: number,
): AsyncGenerator<ExportedLedgerRow[]> {
  return keysetBatches<ExportedLedgerRow, ExportedLedgerRow>(
    batchSize,
    (after, limit) =>
      db
        .select({
          id: paymentLedger.id,
          createdAt: paymentLedger.createdAt,
          position: sql<string>`${paymentLedger.createdAt}::text`,
          kind: paymentLedger.kind,
          cents: paymentLedger.cents,
          method: paymentLedger.method,
          feeKind: paymentLedger.feeKind,
          reference: paymentLedger.reference,
          note: paymentLedger.note,
          recordedBy: recorder.email,
          receiptNumber: receipts.number,
          receiptDocument: receipts.document,
          appointmentId: paymentLedger.appointmentId,
          appointmentDate: appointments.appointmentDate,
          status: appointments.status,
          postalCode: appointments.postalCode,
          taxSnapshot: appointments.taxSnapshot,
          customerFirstName: appointments.customerFirstName,
          customerLastName: appointments.customerLastName,
          customerEmail: customers.email,
        })
        .from(paymentLedger)
        .innerJoin(appointments, eq(appointments.id, paymentLedger.appointmentId))
        .leftJoin(customers, eq(customers.id, appointments.customerId))
        .leftJoin(receipts, eq(receipts.ledgerEntryId, paymentLedger.id))
        .leftJoin(recorder, eq(recorder.id, paymentLedger.recordedByUserId))
        .where(
          and(
            range.start ? gte(paymentLedger.createdAt, range.start) : undefined,
            range.end ? lt(paymentLedger.createdAt, range.end) : undefined,
            // The bound alone lets the time index start the batch where the last one ended; the pair
            // then skips the rows of that same instant already written.
            after ? sql`${paymentLedger.createdAt} >= ${after.position}::timestamptz` : undefined,
            after
              ? sql`(${paymentLedger.createdAt}, ${paymentLedger.id}) > (${after.position}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(paymentLedger.createdAt), asc(paymentLedger.id))
        .limit(limit),
    (row) => row,
  );
}
