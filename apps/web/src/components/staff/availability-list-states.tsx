import type { ErrorCode } from '@eclat/shared';
import { useTranslation } from '@/lib/i18n';

import { LoadErrorAlert, type LoadErrorWayOut } from '@/components/ui/query-states';
import { toErrorCode } from '@/lib/api-client';

import { isNotEmployeeError } from '@/lib/staff/not-employee';
import { NotEmployeeAlert } from './not-employee-alert';

type EmployeeLoadErrorProps = LoadErrorWayOut & {
  error: unknown;
  title?: string;
  message: string;
  /** The error codes whose reason (`errors.<CODE>`) follows the message. */
  explain?: readonly ErrorCode[];
};

/**
 * Employee data that could not load: the friendly explanation when the account has no employee
 * record, otherwise the screen's message (spec §8), the reason for the codes it explains, and Retry
 * (or another way out).
 */
export function EmployeeLoadError({
  error,
  message,
  explain = ['FORBIDDEN', 'SERVICE_UNAVAILABLE'],
  ...alert
}: EmployeeLoadErrorProps) {
  const { t } = useTranslation();
  if (isNotEmployeeError(error)) return <NotEmployeeAlert />;
  const code = toErrorCode(error);
  const reason = explain.includes(code) ? ` ${t(`errors.${code}`)}` : '';
  return <LoadErrorAlert {...alert} message={`${message}${reason}`} />;
}
