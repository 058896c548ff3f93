import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { PageKey } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** Title and a "being built" note for a screen whose issue has not landed yet. */
export function PagePlaceholder({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const { title } = usePageMeta(page);
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Title order={1}>{title}</Title>
      <Text mt="md" c="dimmed" size="lg">
        {t('common.underConstruction')}
      </Text>
    </Container>
  );
}
