import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconRoute } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

import { IconLink } from '@/components/ui/icon-link';
import { paths } from '@/config/paths';
import { SchedulesTable } from '@/features/schedules/components/schedules-table';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2 /schedule: the table of assigned shifts (admin: everyone's, with edit and delete). */
export function ScheduleRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('schedule');
  const isEmployee = useSession().hasAny('employee');

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4} maw={640}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('schedules.intro')}</Text>
          <Group gap="lg">
            <IconLink
              to={paths.employeeSchedule.getHref()}
              icon={<IconCalendarTime size={16} aria-hidden="true" />}
            >
              {t('schedules.openEmployeeSchedule')}
            </IconLink>
            {isEmployee && (
              <IconLink to={paths.myDay.getHref()} icon={<IconRoute size={16} aria-hidden="true" />}>
                {t('myDay.open')}
              </IconLink>
            )}
          </Group>
        </Stack>
        <SchedulesTable />
      </Stack>
    </Container>
  );
}
