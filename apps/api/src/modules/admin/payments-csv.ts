import {
  splitTaxIncluded,
  sumCents,
  TAX_CODES,
  taxesOn,
  taxName,
  toLocal,
  type Locale,
  type TaxLine,
  type TaxRate,
  type TaxSettings,
} from '@eclat/shared';
import type { CsvValue } from '../../lib/csv.ts';
import { FEE_LABELS, receiptNumberText, visitTaxesOf } from '../payments/payments.service.ts';
import type { ExportedLedgerRow } from './payments-export.repository.ts';

/**
 * The accountant's payments CSV (issue 29, decisions 052 and 054): one line per ledger row, its figures
 * those of the document issued for it, never recomputed under today's settings. A payment is tax
 * included: its taxes are its share at the rates its receipt printed (`splitTaxIncluded`). A refund is
 * written negative (money given back) with the taxes its credit note printed: only its credit carries
 * tax, a tip or an overpayment given back none. A tip is untaxed. A fee is a charge before tax (the
 * payment of it is its own line): its taxes are added at the visit's fixed rates (`taxesOn`). Before tax
 * plus each tax is the total on every line; every tax has its column, so the columns add up whatever
 * the province.
 */

const TEXT = {
  en: {
    headers: [
      'Date',
      'Time',
      'Receipt or credit note',
      'Kind',
      'Method',
      'Reference',
      'Appointment ID',
      'Appointment date',
      'Customer',
      'Customer email',
      'Province',
      'Before tax (CAD)',
    ],
    after: ['Total (CAD)', 'Note or reason', 'Recorded by'],
    kind: { payment: 'Payment', tip: 'Tip', fee: 'Fee', refund: 'Refund' },
    method: { cash: 'Cash', cheque: 'Cheque', interac: 'Interac e-Transfer', card: 'Card' },
  },
  fr: {
    headers: [
      'Date',
      'Heure',
      'Reçu ou note de crédit',
      'Type',
      'Mode',
      'Référence',
      'N° du rendez-vous',
      'Date du rendez-vous',
      'Client',
      'Courriel du client',
      'Province',
      'Avant taxes ($ CA)',
    ],
    after: ['Total ($ CA)', 'Note ou motif', 'Inscrit par'],
    kind: { payment: 'Paiement', tip: 'Pourboire', fee: 'Frais', refund: 'Remboursement' },
    method: { cash: 'Comptant', cheque: 'Chèque', interac: 'Virement Interac', card: 'Carte' },
  },
} as const;

/** The header line: the columns, one per tax the business may charge (GST, HST, QST, PST, RST). */
export function paymentsCsvHeaders(locale: Locale): string[] {
  const t = TEXT[locale];
  return [...t.headers, ...TAX_CODES.map((code) => taxName(code, locale)), ...t.after];
}

/** The row's amount before tax, its taxes and its total, signed (a refund is negative). */
function amountsOf(
  row: Pick<ExportedLedgerRow, 'kind' | 'cents' | 'receiptDocument'>,
  rates: readonly TaxRate[],
): { baseCents: number; taxes: TaxLine[]; totalCents: number } {
  if (row.kind === 'tip') return { baseCents: row.cents, taxes: [], totalCents: row.cents };
  if (row.kind === 'fee') {
    const taxes = taxesOn(row.cents, rates);
    return { baseCents: row.cents, taxes, totalCents: row.cents + sumCents(taxes) };
  }
  const document = row.receiptDocument;
  if (row.kind === 'payment') {
    // The rates its receipt printed (the visit's fixed ones for a row without one).
    const printed = document ? document.taxes.map(({ code, rate }) => ({ code, rate })) : rates;
    return { ...splitTaxIncluded(row.cents, printed), totalCents: row.cents };
  }
  // A refund: the taxes of its credit note, the rest (a tip, an overpayment given back) untaxed; a
  // credit note without a credit has no tax to print.
  const taxes = (document ? document.taxes : splitTaxIncluded(row.cents, rates).taxes).filter(
    (tax) => tax.cents !== 0,
  );
  return {
    baseCents: -(row.cents - sumCents(taxes)),
    taxes: taxes.map((tax) => ({ ...tax, cents: -tax.cents })),
    totalCents: -row.cents,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** One ledger row as the CSV's cells, in the admin's language, days and times on the business clock. */
export function paymentsCsvRow(
  row: ExportedLedgerRow,
  settings: TaxSettings,
  locale: Locale,
  timeZone: string,
): CsvValue[] {
  const t = TEXT[locale];
  const { province, rates } = visitTaxesOf(row, settings);
  const { baseCents, taxes, totalCents } = amountsOf(row, rates);
  const written = toLocal(row.createdAt, timeZone);
  const taxCents = (code: (typeof TAX_CODES)[number]) => {
    const lines = taxes.filter((tax) => tax.code === code);
    return lines.length > 0 ? { cents: sumCents(lines) } : null;
  };
  return [
    written.date,
    `${pad(written.hour)}:${pad(written.minute)}`,
    row.receiptNumber === null ? null : receiptNumberText(row.receiptNumber),
    row.kind === 'fee' && row.feeKind ? FEE_LABELS[locale][row.feeKind] : t.kind[row.kind],
    row.method ? t.method[row.method] : null,
    row.reference,
    row.appointmentId,
    toLocal(row.appointmentDate, timeZone).date,
    `${row.customerFirstName} ${row.customerLastName}`.trim(),
    row.customerEmail,
    province,
    { cents: baseCents },
    ...TAX_CODES.map(taxCents),
    { cents: totalCents },
    row.note,
    row.recordedBy,
  ];
}
