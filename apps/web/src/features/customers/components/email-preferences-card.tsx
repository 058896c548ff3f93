import { Paper, Skeleton, Stack, Switch, Title } from '@mantine/core';

import { notifySuccess } from '@/components/ui/notify';
import { useEmailPreferences, useSaveEmailPreferences } from '@/features/customers/api/email-preferences';
import { useErrorToast } from '@/lib/error-toast';
import { InlineLoadError } from '@/components/ui/query-states';
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
      <InlineLoadError message={t('emailPreferences.loadError')} onRetry={() => void preferences.refetch()} />
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
