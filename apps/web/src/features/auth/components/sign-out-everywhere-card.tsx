import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { useSignOutEverywhere } from '@/features/auth/api/sign-out-everywhere';
import { useSession } from '@/lib/auth/session';
import { useErrorToast } from '@/lib/error-toast';

/**
 * "Sign out everywhere" (a shared or lost device): a confirmation saying what it does, then the API ends
 * every session of the account and this tab signs out too.
 */
export function SignOutEverywhereCard() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const signOutEverywhere = useSignOutEverywhere();
  const showError = useErrorToast();

  const confirm = () => {
    confirmDanger(t, {
      title: t('auth.signOutEverywhere.confirmTitle'),
      text: t('auth.signOutEverywhere.confirmText'),
      confirm: t('auth.signOutEverywhere.action'),
      onConfirm: () => {
        signOutEverywhere.mutate(undefined, {
          onSuccess: () => void signOut(),
          onError: showError,
        });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('auth.signOutEverywhere.title')}
        </Title>
        <Text c="dimmed">{t('auth.signOutEverywhere.text')}</Text>
        <Button variant="default" loading={signOutEverywhere.isPending} onClick={confirm}>
          {t('auth.signOutEverywhere.action')}
        </Button>
      </Stack>
    </Paper>
  );
}
