import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { SchedulesTable } from '@/features/schedules/components/schedules-table';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 /schedule: the table of assigned shifts (admin: everyone's, with edit and delete). */
export function ScheduleRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('schedule');

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4} maw={640}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('schedules.intro')}</Text>
          <Anchor component={Link} to={paths.employeeSchedule.getHref()} size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconCalendarTime size={16} aria-hidden="true" />
              {t('schedules.openEmployeeSchedule')}
            </Group>
          </Anchor>
        </Stack>
        <SchedulesTable />
      </Stack>
    </Container>
  );
}
