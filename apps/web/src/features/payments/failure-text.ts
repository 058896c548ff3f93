import type { TFunction } from '@/lib/i18n';

import { isApiError, toErrorCode } from '@/lib/api-client';

/** Codes that say only "some field is wrong": the field's own rule says more. */
const GENERIC_CODES = new Set(['VALIDATION_ERROR', 'BAD_REQUEST']);

/**
 * Why a write to the ledger was refused, in the language: the failed action's words (`failedKey`), then
 * the error code's own text (`errors.PAYMENT_ABOVE_OWED`, `errors.PAYMENTS_OFF`, ...: the app's one
 * error vocabulary), or for a validation error the field's rule the server named (a translation key).
 */
export function failureText(
  t: TFunction,
  exists: (key: string) => boolean,
  error: unknown,
  failedKey: string,
): string {
  const code = toErrorCode(error);
  const detail = isApiError(error) ? error.details.find((item) => exists(item.message))?.message : undefined;
  const reasonKey = detail && GENERIC_CODES.has(code) ? detail : `errors.${code}`;
  return `${t(failedKey)} ${t(reasonKey)}`;
}

/**
 * Whether the server kept the charge to make it shortly (Stripe did not answer in time, decision 061):
 * not a failure, and never to be sent again (a new key would charge twice). The dialog says so and closes.
 */
export function isChargePending(error: unknown): boolean {
  return isApiError(error) && error.code === 'CARD_CHARGE_PENDING';
}

/** A key for one opening of a form: the server records a write with the same key once. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
