import type { TFunction } from '@/lib/i18n';

import { isApiError, toErrorCode } from '@/lib/api-client';

/**
 * Why a write to the ledger was refused, in the language: the failed action's words (`failedKey`), then
 * the field's rule when the server named one (a translation key), else the error code's own text
 * (`errors.PAYMENT_ABOVE_OWED`, `errors.PAYMENTS_OFF`, ...): the app's one error vocabulary.
 */
export function failureText(
  t: TFunction,
  exists: (key: string) => boolean,
  error: unknown,
  failedKey: string,
): string {
  const detail = isApiError(error) ? error.details.find((item) => exists(item.message))?.message : undefined;
  const reasonKey = detail ?? `errors.${toErrorCode(error)}`;
  return `${t(failedKey)} ${t(reasonKey)}`;
}

/** A key for one opening of a form: the server records a write with the same key once. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
