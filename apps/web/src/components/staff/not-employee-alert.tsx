import { Alert, Stack, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

import { useSession } from '@/lib/auth/session';

/**
 * Shown instead of availabilities or a schedule when the signed-in account has no employee record
 * (the API answers 403 `availabilities.errors.notEmployee`): what is wrong and who can fix it.
 */
export function NotEmployeeAlert() {
  const { t } = useTranslation();
  const { email } = useSession();
  return (
    <Alert
      color="yellow"
      role="status"
      title={t('availabilities.notEmployee.title')}
      icon={<IconUserQuestion size={20} aria-hidden="true" />}
    >
      <Stack gap={6}>
        <Text size="sm">{t('availabilities.notEmployee.text')}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {email
            ? t('availabilities.notEmployee.ask', { email })
            : t('availabilities.notEmployee.askNoEmail')}
        </Text>
      </Stack>
    </Alert>
  );
}
