import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useLocation } from 'react-router';
import { Link } from '@/lib/navigation';

import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/use-page-meta';

/** The address carries the provider's answer: `code` (or `error`) and `state`. */
function hasProviderAnswer(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/**
 * `/auth/callback`: the identity provider sends the browser back here with a code. The auth layer
 * exchanges it and replaces this address with the remembered location; meanwhile this shows the
 * page loader. If the sign-in failed (cancelled, expired, refused), it says so and offers to try
 * again. Opened without a sign-in in progress, it goes home.
 */
export function AuthCallbackRoute() {
  const { t } = useTranslation();
  usePageMeta('authCallback');
  const { search } = useLocation();
  const { status, signInError, signIn } = useSession();

  if (signInError) {
    return (
      <Container size="sm" py={64}>
        <Stack gap="md" align="flex-start" role="alert">
          <Title order={1}>{t('auth.callback.errorTitle')}</Title>
          <Text size="lg">{t('auth.callback.errorText')}</Text>
          <Group gap="sm">
            <Button onClick={() => signIn()}>{t('auth.callback.tryAgain')}</Button>
            <Button component={Link} to={paths.home.getHref()} variant="default">
              {t('common.backHome')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  // Signed in but still here: the auth layer is on its way to the remembered location.
  if (status === 'loading' || (status === 'signed-in' && hasProviderAnswer(search))) return <PageLoader />;
  return <Navigate to={paths.home.getHref()} replace />;
}
