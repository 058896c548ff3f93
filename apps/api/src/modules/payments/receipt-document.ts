/**
 * The receipt's shape lives in lib/ so the schema (db/) and the email templates (mail/), which may not
 * import a module, can name it too; the payments module and its callers import it from here.
 */
export type { ReceiptDocument } from '../../lib/receipt-document.ts';
