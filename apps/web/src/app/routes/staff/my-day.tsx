import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';

import { IconLink } from '@/components/ui/icon-link';
import { LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { CalendarFeedCard } from '@/features/calendar-feeds/components/calendar-feed-card';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { useMyDay } from '@/features/dispatch/api/get-my-day';
import { DayNavigator } from '@/features/dispatch/components/day-navigator';
import { DayRoute } from '@/features/dispatch/components/day-route';
import { useShownDay } from '@/features/dispatch/use-shown-day';
import { isNotEmployeeError } from '@/lib/staff/not-employee';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { useDocumentMeta } from '@/lib/use-page-meta';

/**
 * An employee's day (issue 13), made for a phone: their shifts, then their visits in order as a route,
 * with addresses and comments; the previous and next days one tap away (`/my-day?date=2027-03-10`).
 * An account without an employee record is told so, as on the availabilities pages.
 */
export function MyDayRoute() {
  const { t } = useTranslation();
  const { title } = useDocumentMeta('myDay.title', 'myDay.description');
  const locale = useLanguage();
  const { timeZone, today, date, show } = useShownDay();
  const day = useMyDay(date);
  const isNotEmployee = isNotEmployeeError(day.error);

  let content;
  if (day.isError || timeZone.isError) {
    content = (
      <EmployeeLoadError
        error={day.error ?? timeZone.error}
        title={t('myDay.errors.loadTitle')}
        message={t('myDay.errors.load')}
        onRetry={() => {
          void timeZone.refetch();
          void day.refetch();
        }}
      />
    );
  } else if (!day.data) {
    content = <LoadingSkeleton count={3} height={120} radius="md" />;
  } else {
    content = <DayRoute day={day.data} locale={locale} today={today} />;
  }

  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('myDay.intro')}</Text>
          {day.data && (
            <Text size="sm" c="dimmed">
              {t('myDay.timeZoneNote', { timeZone: day.data.timeZone })}
            </Text>
          )}
          <Group>
            <IconLink
              to={paths.employeeSchedule.getHref()}
              icon={<IconCalendarTime size={16} aria-hidden="true" />}
            >
              {t('myDay.openSchedule')}
            </IconLink>
          </Group>
        </Stack>
        {date && today && !isNotEmployee && (
          <DayNavigator
            date={date}
            today={today}
            view="day"
            locale={locale}
            onChange={(next) => {
              show({ date: next });
            }}
          />
        )}
        {content}
        {day.data && <CalendarFeedCard owner="employee" />}
      </Stack>
    </Container>
  );
}
