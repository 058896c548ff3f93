import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { toErrorCode } from '@/lib/api-client';

import { isNotEmployeeError } from '../not-employee';
import { NotEmployeeAlert } from './not-employee-alert';

/** Rows of grey while a table loads. */
export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={40} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * A list that could not load: the friendly explanation when the account has no employee record,
 * otherwise the screen's message (spec §8) with the reason and a retry.
 */
export function ListLoadError({
  error,
  title,
  message,
  onRetry,
}: {
  error: unknown;
  title: string;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (isNotEmployeeError(error)) return <NotEmployeeAlert />;
  const code = toErrorCode(error);
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {message}
          {code === 'FORBIDDEN' || code === 'SERVICE_UNAVAILABLE' ? ` ${t(`errors.${code}`)}` : ''}
        </Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
