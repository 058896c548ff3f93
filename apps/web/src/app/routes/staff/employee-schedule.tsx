import { defaultRange } from '@eclat/shared';
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconRoute, IconTable } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { ListRangeInput } from '@/components/ui/date-range-input';
import { IconLink } from '@/components/ui/icon-link';
import { EmptyState, LoadingSkeleton } from '@/components/ui/query-states';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { buildAgenda } from '@/features/schedules/agenda';
import { useJobs } from '@/features/schedules/api/get-jobs';
import { useSchedules } from '@/features/schedules/api/get-schedules';
import { WorkAgenda } from '@/features/schedules/components/work-agenda';
import { useSession } from '@/lib/auth/session';
import { useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { useRangeInAddress } from '@/lib/use-range-in-address';

/**
 * Spec §2 /employee-schedule from the real API: the signed-in employee's work (an admin: everyone's)
 * in one view, day by day: jobs (`/schedules/jobs`: appointments they are assigned to, with time,
 * services, customer, location, status) and shifts assigned from availabilities (`/schedules`).
 * This week and the next by default; any stretch of up to 92 days on demand (decision 024).
 */
export function EmployeeScheduleRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('employeeSchedule');
  const locale = useLanguage();
  const { hasAny } = useSession();
  const isAdmin = hasAny('admin');
  const isEmployee = hasAny('employee');
  // The days shown are in the address (`?from=…&to=…`), so a reload or a shared link shows the same.
  const [chosen, setChosen] = useRangeInAddress();
  const [openedAt] = useState(() => new Date());

  const timeZone = useBusinessTimeZone();
  const today = timeZone.data ? toZonedIsoDate(openedAt, timeZone.data) : null;
  // Jobs and shifts of the same days: this week and the next unless another stretch is chosen.
  const range = chosen ?? (today ? defaultRange('thisAndNextWeek', today) : null);
  const schedules = useSchedules(range, { enabled: range !== null });
  const jobs = useJobs(range, { enabled: range !== null });

  const days = useMemo(
    () =>
      timeZone.data && today && schedules.data && jobs.data
        ? buildAgenda({
            jobs: jobs.data,
            schedules: schedules.data,
            timeZone: timeZone.data,
            today,
            includePast: true,
          })
        : [],
    [timeZone.data, today, schedules.data, jobs.data],
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
          if (range) {
            void schedules.refetch();
            void jobs.refetch();
          }
        }}
      />
    );
  } else if (!timeZone.isSuccess || !today || schedules.isPending || jobs.isPending) {
    content = <LoadingSkeleton count={3} />;
  } else if (days.length === 0) {
    content = <EmptyState size="lg">{t('schedules.agenda.emptyRange')}</EmptyState>;
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
        <Group justify="space-between" align="flex-end" gap="sm">
          <ListRangeInput
            kind="thisAndNextWeek"
            value={chosen}
            onChange={setChosen}
            timeZone={timeZone.data}
            locale={locale}
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
