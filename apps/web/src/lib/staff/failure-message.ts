import type { TFunction } from '@/lib/i18n';

import { isApiError } from '@/lib/api-client';

import { NOT_EMPLOYEE_DETAIL } from './not-employee';

/** Codes whose own message says more than the form's generic failure. */
const TOLD_CODES = new Set([
  'FORBIDDEN',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
]);

/**
 * The text of a failed write, in the active language: the form's message from spec §8 (`fallbackKey`),
 * followed by the reason when the server gave one the user can act on (a field detail, which is a
 * translation key, or a code such as FORBIDDEN). A missing employee record gets its own explanation.
 */
export function failureMessage(
  t: TFunction,
  exists: (key: string) => boolean,
  error: unknown,
  fallbackKey: string,
): string {
  const fallback = t(fallbackKey);
  if (!isApiError(error)) return fallback;
  const detail = error.details.find((item) => exists(item.message))?.message;
  if (detail === NOT_EMPLOYEE_DETAIL) return t(detail);
  if (detail) return `${fallback} ${t(detail)}`;
  if (TOLD_CODES.has(error.code)) return `${fallback} ${t(`errors.${error.code}`)}`;
  return fallback;
}
