import { Alert, Button, Stack, Text } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

/** A red alert with a message and Try again, for a list that could not load (loaded only then). */
export function RetryAlert({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
