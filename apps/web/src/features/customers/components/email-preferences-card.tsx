import { Button, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';

import { notifySuccess } from '@/components/ui/notify';
import { useEmailPreferences, useSaveEmailPreferences } from '@/features/customers/api/email-preferences';
import { useErrorToast } from '@/lib/error-toast';
import { useTranslation } from '@/lib/i18n';

/**
 * A customer's optional emails (issue 15): reminders before each visit and the feedback request after
 * it, on or off. Saved as soon as the switch changes; confirmations and change notices always go out.
 */
export function EmailPreferencesCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const preferences = useEmailPreferences(email, true);
  const save = useSaveEmailPreferences(email);
  const showError = useErrorToast();

  let control;
  if (preferences.isError) {
    control = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red" role="alert">
          {t('emailPreferences.loadError')}
        </Text>
        <Button variant="default" size="xs" onClick={() => void preferences.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (!preferences.data) {
    control = <Skeleton height={24} width="80%" />;
  } else {
    // While saving, the switch shows the choice just made.
    const isOn = save.isPending ? save.variables.optionalEmails : preferences.data.optionalEmails;
    control = (
      <Switch
        checked={isOn}
        disabled={save.isPending}
        label={t('emailPreferences.optional')}
        description={t('emailPreferences.note')}
        onChange={(event) => {
          const optionalEmails = event.currentTarget.checked;
          save.mutate(
            { optionalEmails },
            {
              onSuccess: () => {
                notifySuccess(t(optionalEmails ? 'emailPreferences.savedOn' : 'emailPreferences.savedOff'));
              },
              onError: showError,
            },
          );
        }}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('emailPreferences.title')}
        </Title>
        {control}
      </Stack>
    </Paper>
  );
}
