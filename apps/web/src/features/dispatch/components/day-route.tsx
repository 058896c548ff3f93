import type { Locale, MyDay } from '@eclat/shared';
import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';

import { EmptyState } from '@/components/ui/query-states';
import { StatusBadge } from '@/components/appointments/status-badge';
import { formatBusinessTime } from '@/lib/business-time';
import { Detail } from '@/components/ui/detail';
import { ShiftLabel } from '@/components/staff/shift-label';
import { formatDay } from '@/lib/format-day';
import { useTranslation } from '@/lib/i18n';

import { routeStops } from '../board-layout';
import { mapsHref } from '../day-params';
import { formatVisitTimes } from './visit-block';

/**
 * An employee's day, phone first: the shifts they work, then their visits in order as a route (time,
 * customer, address with a maps link, services, comments), with the time between two stops.
 */
export function DayRoute({ day, locale }: { day: MyDay; locale: Locale }) {
  const { t } = useTranslation();
  const stops = routeStops(day.visits);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <time dateTime={day.date}>{formatDay(day.date, locale)}</time>
      </Title>
      <section aria-labelledby="my-day-shifts">
        <Title order={3} size="h5" id="my-day-shifts" mb={6}>
          {t('myDay.shifts')}
        </Title>
        {day.shifts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('myDay.noShift')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {day.shifts.map((shift) => (
              <Text component="li" key={shift.availabilityId} size="sm">
                <ShiftLabel shift={shift.shift} />{' '}
                {t('myDay.timeRange', {
                  start: formatBusinessTime(shift.startsAt, day.timeZone, locale),
                  end: formatBusinessTime(shift.endsAt, day.timeZone, locale),
                })}
              </Text>
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="my-day-visits">
        <Title order={3} size="h5" id="my-day-visits" mb={6}>
          {t('myDay.visits')}
        </Title>
        {stops.length === 0 ? (
          <EmptyState>{t('myDay.empty')}</EmptyState>
        ) : (
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {stops.map(({ visit, minutesSincePrevious }, index) => {
              const { start, end } = formatVisitTimes(visit, day.timeZone, locale);
              const customer = `${visit.customerFirstName} ${visit.customerLastName}`;
              const titleId = `my-day-visit-${visit.appointmentId}`;
              return (
                <li key={visit.appointmentId} aria-labelledby={titleId}>
                  {minutesSincePrevious !== null && (
                    <Text size="xs" c="dimmed" ta="center" pb="xs">
                      {t('myDay.gap', { minutes: minutesSincePrevious })}
                    </Text>
                  )}
                  <Paper withBorder radius="md" p="md">
                    <Stack gap={6}>
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        <ThemeIcon radius="xl" size="md" color="eclat.7" aria-hidden="true">
                          <Text size="sm" fw={700} c="white">
                            {index + 1}
                          </Text>
                        </ThemeIcon>
                        <div id={titleId} style={{ overflowWrap: 'anywhere' }}>
                          <Text fw={700} size="lg">
                            {t('myDay.timeRange', { start, end })}
                          </Text>
                          <Text fw={600}>{customer}</Text>
                        </div>
                      </Group>
                      <Group>
                        <StatusBadge status={visit.status} />
                      </Group>
                      <Stack component="dl" gap={4} m={0}>
                        <Detail term={t('myDay.services')}>{visit.services}</Detail>
                        <Detail term={t('myDay.address')}>
                          {visit.address ?? t('dispatch.visit.noAddress')}
                        </Detail>
                        {visit.comments && <Detail term={t('myDay.comments')}>{visit.comments}</Detail>}
                      </Stack>
                      {visit.address && (
                        <Anchor
                          href={mapsHref(visit.address)}
                          target="_blank"
                          rel="noopener noreferrer"
                          size="sm"
                          fw={600}
                          aria-label={t('myDay.mapsLabel', { address: visit.address })}
                        >
                          <Group gap={4} wrap="nowrap" component="span">
                            <IconMapPin size={16} aria-hidden="true" />
                            {t('myDay.maps')}
                          </Group>
                        </Anchor>
                      )}
                    </Stack>
                  </Paper>
                </li>
              );
            })}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
