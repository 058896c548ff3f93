import { Container, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconRoute, IconTable } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/features/appointments/api/get-slots';
import { toZonedIsoDate } from '@/features/appointments/time';
import { IconLink } from '@/components/ui/icon-link';
import { EmptyState, LoadingSkeleton } from '@/components/ui/query-states';
import { EmployeeLoadError } from '@/features/availabilities/components/availability-list-states';
import { buildAgenda } from '@/features/schedules/agenda';
import { useJobs } from '@/features/schedules/api/get-jobs';
import { useSchedules } from '@/features/schedules/api/get-schedules';
import { WorkAgenda } from '@/features/schedules/components/work-agenda';
import { useSession } from '@/lib/auth/session';
import { useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * Spec §2 /employee-schedule from the real API: the signed-in employee's work (an admin: everyone's)
 * in one view, day by day: jobs (`/schedules/jobs`: appointments they are assigned to, with time,
 * services, customer, location, status) and shifts assigned from availabilities (`/schedules`).
 * From today on; past days on demand.
 */
export function EmployeeScheduleRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('employeeSchedule');
  const locale = useLanguage();
  const { hasAny } = useSession();
  const isAdmin = hasAny('admin');
  const isEmployee = hasAny('employee');
  const [showPast, setShowPast] = useState(false);
  const [openedAt] = useState(() => new Date());

  const timeZone = useBusinessTimeZone();
  const today = timeZone.data ? toZonedIsoDate(openedAt, timeZone.data) : null;
  const schedules = useSchedules();
  const jobs = useJobs(showPast ? null : today, { enabled: today !== null });

  const days = useMemo(
    () =>
      timeZone.data && today && schedules.data && jobs.data
        ? buildAgenda({
            jobs: jobs.data,
            schedules: schedules.data,
            timeZone: timeZone.data,
            today,
            includePast: showPast,
          })
        : [],
    [timeZone.data, today, schedules.data, jobs.data, showPast],
  );

  let content;
  if (timeZone.isError || schedules.isError || jobs.isError) {
    content = (
      <EmployeeLoadError
        error={schedules.error ?? jobs.error ?? timeZone.error}
        title={t('schedules.errors.loadTitle')}
        message={t('schedules.errors.load')}
        onRetry={() => {
          void timeZone.refetch();
          void schedules.refetch();
          if (today) void jobs.refetch();
        }}
      />
    );
  } else if (!timeZone.isSuccess || !today || schedules.isPending || jobs.isPending) {
    content = <LoadingSkeleton count={3} />;
  } else if (days.length === 0) {
    content = (
      <EmptyState size="lg">
        {showPast ? t('schedules.agenda.emptyAll') : t('schedules.agenda.empty')}
      </EmptyState>
    );
  } else {
    content = (
      <WorkAgenda days={days} timeZone={timeZone.data} locale={locale} today={today} showEmployee={isAdmin} />
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{isAdmin ? t('schedules.agenda.introAdmin') : t('schedules.agenda.intro')}</Text>
          {timeZone.data && (
            <Text size="sm" c="dimmed">
              {t('schedules.agenda.timeZoneNote', { timeZone: timeZone.data })}
            </Text>
          )}
        </Stack>
        <Group justify="space-between" gap="sm">
          <Switch
            label={t('schedules.agenda.showPast')}
            checked={showPast}
            onChange={(event) => {
              setShowPast(event.currentTarget.checked);
            }}
          />
          <Group gap="lg">
            {isEmployee && (
              <IconLink to={paths.myDay.getHref()} icon={<IconRoute size={16} aria-hidden="true" />}>
                {t('myDay.open')}
              </IconLink>
            )}
            <IconLink to={paths.schedule.getHref()} icon={<IconTable size={16} aria-hidden="true" />}>
              {t('schedules.agenda.openTable')}
            </IconLink>
          </Group>
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
