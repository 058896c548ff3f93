/**
 * What a receipt or a credit note says (issue 29): built by the payments service from the ledger row it
 * is issued for, rendered as a PDF and an email in the customer's language (`mail/receipt-pdf.ts`,
 * `mail/templates/receipt.ts`). A plain snapshot: stored with the receipt's number, so a receipt printed
 * again years later says what it said the first time. Its schema lives in packages/shared
 * (`receiptDocumentSchema`): the email job carries the document to the mail worker, below this module.
 */
export type { ReceiptDocument } from '@eclat/shared';
