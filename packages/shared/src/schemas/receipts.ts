import { z } from '../zod.ts';
import { LOCALES } from '../locales.ts';
import { PAYMENT_METHODS } from '../money.ts';
import { taxLineSchema } from './payments.ts';

/**
 * What a receipt or a credit note says (issue 29, decision 049): built by the payments service from the
 * ledger row it is issued for, stored with the receipt's number, and rendered as a PDF and an email in
 * the customer's language. A plain snapshot, so a receipt printed again years later says what it said
 * the first time. Written here, once, because the email job carries it to the mail worker (which parses
 * it) and the server's payments module builds it. It has no OpenAPI name (`.meta({ id })`): no route
 * carries it, and a named schema joins the API document.
 */
export const receiptDocumentSchema = z.object({
  kind: z.enum(['receipt', 'credit_note']),
  /** The business's gapless number, formatted: "R-000123" (receipts and credit notes share it). */
  number: z.string().min(1).max(40),
  issuedAt: z.iso.datetime({ offset: true }),
  locale: z.enum(LOCALES),
  business: z.object({
    legalName: z.string().max(200),
    address: z.string().max(500),
    gstHstNumber: z.string().max(40),
    qstNumber: z.string().max(40),
  }),
  customer: z.object({ name: z.string().max(250), email: z.string().max(320) }),
  visit: z.object({
    /** The visit's start (ISO); shown in `timeZone`. */
    startsAt: z.iso.datetime({ offset: true }),
    /** The business's time zone: the visit's time and the date of issue are written in it. */
    timeZone: z.string().min(1).max(100),
    place: z.string().max(500),
  }),
  /** What the visit costs before tax: services, extras, surcharge, discount (negative), fees. */
  lines: z.array(z.object({ label: z.string().max(300), cents: z.number().int() })).max(200),
  baseCents: z.number().int(),
  taxes: z.array(taxLineSchema).max(5),
  totalCents: z.number().int(),
  /** The money this document is for: the payment received, or the refund given back. */
  amount: z.object({
    cents: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().max(200).nullable(),
  }),
  /** A tip in this payment (untaxed, for the cleaners). */
  tipCents: z.number().int(),
  /** What the customer still owes on the visit after this document. */
  owedCents: z.number().int(),
  /** A credit note's reason. */
  reason: z.string().max(2000).nullable(),
});
export type ReceiptDocument = z.infer<typeof receiptDocumentSchema>;
