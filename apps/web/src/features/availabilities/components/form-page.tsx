import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { IconLink } from '@/components/ui/icon-link';
import { paths } from '@/config/paths';

/** The frame of the add and edit availability screens, with a way back to the list. */
export function AvailabilityFormPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <IconLink to={paths.myAvailabilities.getHref()} icon={<IconArrowLeft size={16} aria-hidden="true" />}>
          {t('availabilities.form.back')}
        </IconLink>
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}
