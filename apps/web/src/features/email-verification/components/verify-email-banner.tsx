import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

import { notifySuccess } from '@/components/ui/notify';
import { useMe } from '@/lib/auth/get-me';
import { useSession } from '@/lib/auth/session';
import { useErrorToast } from '@/lib/error-toast';

import { useSendVerificationEmail } from '../api/send-verification-email';

/**
 * On the pages that need a verified email (profile, booking, my appointments, feedback): until the
 * signed-in person follows the link we emailed, says why records and booking are held back and offers
 * to send the link again. Shows nothing once the email is verified (decision 010).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { status } = useSession();
  const me = useMe({ enabled: status === 'signed-in' });
  const resend = useSendVerificationEmail();
  const showError = useErrorToast();

  if (me.data?.emailVerified !== false) return null;
  const email = me.data.email;
  return (
    <Alert
      color="yellow"
      role="region"
      aria-label={t('emailVerification.title')}
      title={t('emailVerification.title')}
      icon={<IconMail size={20} aria-hidden="true" />}
      // The light yellow's own title colour is too pale on it: the text colour reads at any size.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('emailVerification.text', { email })}
        </Text>
        <Button
          variant="default"
          size="sm"
          loading={resend.isPending}
          onClick={() => {
            resend.mutate(undefined, {
              onSuccess: () => {
                notifySuccess(t('emailVerification.sent', { email }));
              },
              onError: showError,
            });
          }}
        >
          {t('emailVerification.resend')}
        </Button>
      </Stack>
    </Alert>
  );
}
