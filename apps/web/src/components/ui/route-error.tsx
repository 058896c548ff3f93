import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/**
 * Shown when a screen throws or its code cannot be loaded (for example after a deploy replaced the
 * hashed chunk). A reload fetches the current version.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start" role="alert">
        <Title order={1}>{t('errorPage.title')}</Title>
        <Text size="lg">{t('errorPage.text')}</Text>
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('errorPage.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
