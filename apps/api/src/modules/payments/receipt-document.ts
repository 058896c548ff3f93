import type { Locale, PaymentMethod, TaxLine } from '@eclat/shared';

/**
 * What a receipt or a credit note says (issue 29): built by the payments service from the ledger row it
 * is issued for, rendered as a PDF and an email in the customer's language. A plain snapshot: stored
 * with the receipt's number, so a receipt printed again years later says what it said the first time.
 */
export type ReceiptDocument = {
  kind: 'receipt' | 'credit_note';
  /** The business's gapless number, formatted: "R-000123" (receipts and credit notes share it). */
  number: string;
  issuedAt: string;
  locale: Locale;
  business: { legalName: string; address: string; gstHstNumber: string; qstNumber: string };
  customer: { name: string; email: string };
  visit: {
    /** The visit's start (ISO); shown in `timeZone`. */
    startsAt: string;
    timeZone: string;
    place: string;
  };
  /** What the visit costs before tax: services, extras, surcharge, discount (negative), fees. */
  lines: { label: string; cents: number }[];
  baseCents: number;
  taxes: TaxLine[];
  totalCents: number;
  /** The money this document is for: the payment received, or the refund given back. */
  amount: { cents: number; method: PaymentMethod; reference: string | null };
  /** A tip in this payment (untaxed, for the cleaners). */
  tipCents: number;
  /** What the customer still owes on the visit after this document. */
  owedCents: number;
  /** A credit note's reason. */
  reason: string | null;
};
