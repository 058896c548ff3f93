import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('notFound');
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start">
        <Text fw={800} size="xl" c="eclat.7" aria-hidden="true">
          {t('notFound.code')}
        </Text>
        <Title order={1}>{title}</Title>
        <Text size="lg">{t('notFound.text')}</Text>
        <Button component={Link} to={paths.home.getHref()}>
          {t('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
