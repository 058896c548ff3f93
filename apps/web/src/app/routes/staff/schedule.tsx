import { Container, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

import { IconLink } from '@/components/ui/icon-link';
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
          <IconLink
            to={paths.employeeSchedule.getHref()}
            icon={<IconCalendarTime size={16} aria-hidden="true" />}
          >
            {t('schedules.openEmployeeSchedule')}
          </IconLink>
        </Stack>
        <SchedulesTable />
      </Stack>
    </Container>
  );
}
