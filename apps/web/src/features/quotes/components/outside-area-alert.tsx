import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';

import { Link } from '@/lib/navigation';
import { useTranslation } from '@/lib/i18n';

import { requestQuoteHref } from '../links';

/**
 * An address outside the service area (issue 16): online booking is closed there, and the quote request
 * is offered instead, with the services and postal code already chosen. For the booking step that knows
 * the postal code (checkout today; the "Your home" step when it comes).
 */
export function OutsideAreaAlert({
  postalCode,
  serviceIds,
}: {
  postalCode: string;
  serviceIds: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" data-testid="outside-area">
      <Stack gap="sm" align="flex-start">
        <Text size="sm" fw={700}>
          {t('quotes.outside.title')}
        </Text>
        <Text size="sm">{t('quotes.outside.text', { postalCode })}</Text>
        <Button
          component={Link}
          to={requestQuoteHref({ serviceIds, postalCode })}
          size="xs"
          leftSection={<IconFileDollar size={16} aria-hidden="true" />}
        >
          {t('quotes.outside.request')}
        </Button>
      </Stack>
    </Alert>
  );
}
