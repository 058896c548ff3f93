import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { useTranslation } from '@/lib/i18n';

/** One section of checkout: a bordered paper with its heading (or a heading row) and its content. */
export function CheckoutSection({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        {typeof heading === 'string' ? (
          <Title order={2} size="h4">
            {heading}
          </Title>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** What a section could not load, with Retry, in the section's compact size. */
export function SectionRetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" p="sm">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
