import { isApiError } from '@/lib/api-client';

/** The detail the API sends when the signed-in account has no employee record (403). */
export const NOT_EMPLOYEE_DETAIL = 'availabilities.errors.notEmployee';

/** True when a request was refused because the account is not linked to an employee record. */
export function isNotEmployeeError(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 403 &&
    error.details.some((detail) => detail.message === NOT_EMPLOYEE_DETAIL)
  );
}
