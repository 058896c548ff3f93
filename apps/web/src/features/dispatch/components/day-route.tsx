import { isEndStep, type DispatchVisit, type Locale, type MyDay } from '@eclat/shared';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { EmptyState } from '@/components/ui/query-states';
import { StatusBadge } from '@/components/appointments/status-badge';
import { formatBusinessTime } from '@/lib/business-time';
import { Detail } from '@/components/ui/detail';
import { ShiftLabel } from '@/components/staff/shift-label';
import { formatDay } from '@/lib/format-day';
import { useTranslation } from '@/lib/i18n';

import { routeStops } from '../board-layout';
import { mapsHref } from '../day-params';
import { VisitAccessNotes } from './visit-access-notes';
import { VisitStepButtons } from './visit-step-buttons';
import { VisitChecklist } from './visit-checklist';
import { VisitPhotosPanel } from './visit-photos-panel';
import { formatVisitTimes } from './visit-block';

/**
 * An employee's day, phone first: on today's view, the next visit still to do first, with its address, maps
 * link and step buttons (issue 30; another day's view has none, decision 063), the
 * shifts they work, then their visits in order as a route (time, customer, address with a maps link,
 * services, comments, where each is in the field), with the time between two stops.
 */
export function DayRoute({ day, locale, today }: { day: MyDay; locale: Locale; today: string | null }) {
  const { t } = useTranslation();
  const stops = routeStops(day.visits);
  // The next visit: the first of the day still to do in the field, with its buttons, first on the page.
  const nextIndex = stops.findIndex(({ visit }) => isOpenInField(visit));
  const nextStop = stops[nextIndex];
  const next = nextStop ? { visit: nextStop.visit, number: nextIndex + 1 } : null;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <time dateTime={day.date}>{formatDay(day.date, locale)}</time>
      </Title>
      {next && today !== null && day.date > today && (
        <Text size="sm" c="dimmed">
          {t('myDay.stepsOnTheDay')}
        </Text>
      )}
      {next && day.date === today && (
        <section aria-labelledby="my-day-next">
          <Title order={3} size="h4" id="my-day-next" mb={6}>
            {t('visitSteps.next')}
          </Title>
          <VisitStop
            day={day}
            locale={locale}
            visit={next.visit}
            number={next.number}
            idPrefix="my-day-next-visit"
          >
            <VisitChecklist appointmentId={next.visit.appointmentId} locale={locale} />
            <VisitStepButtons visit={next.visit} bufferMinutes={day.bufferMinutes} date={day.date} />
            <VisitPhotosPanel visit={next.visit} />
          </VisitStop>
        </section>
      )}
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
            {stops.map(({ visit, minutesSincePrevious }, index) => (
              <li key={visit.appointmentId} aria-labelledby={`my-day-visit-${visit.appointmentId}`}>
                {minutesSincePrevious !== null && (
                  <Text size="xs" c="dimmed" ta="center" pb="xs">
                    {t('myDay.gap', { minutes: minutesSincePrevious })}
                  </Text>
                )}
                <VisitStop
                  day={day}
                  locale={locale}
                  visit={visit}
                  number={index + 1}
                  idPrefix="my-day-visit"
                />
              </li>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** Still to do in the field: not cancelled or completed, and not ended at the door. */
const isOpenInField = (visit: DispatchVisit) =>
  visit.status !== 'cancelled' && visit.status !== 'completed' && !isEndStep(visit.step?.step ?? 'planned');

/** One visit of the day: its number on the route, time, customer, status, step, address and maps link. */
function VisitStop({
  day,
  locale,
  visit,
  number,
  idPrefix,
  children,
}: {
  day: MyDay;
  locale: Locale;
  visit: DispatchVisit;
  number: number;
  idPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { start, end } = formatVisitTimes(visit, day.timeZone, locale);
  const customer = `${visit.customerFirstName} ${visit.customerLastName}`;
  const titleId = `${idPrefix}-${visit.appointmentId}`;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ThemeIcon radius="xl" size="md" color="eclat.7" aria-hidden="true">
            <Text size="sm" fw={700} c="white">
              {number}
            </Text>
          </ThemeIcon>
          <div id={titleId} style={{ overflowWrap: 'anywhere' }}>
            <Text fw={700} size="lg">
              {t('myDay.timeRange', { start, end })}
            </Text>
            <Text fw={600}>{customer}</Text>
          </div>
        </Group>
        <Group gap="xs">
          <StatusBadge status={visit.status} />
          {visit.step && (
            <Badge variant="light" color={isEndStep(visit.step.step) ? 'gray' : 'eclat'}>
              {t(`visitSteps.step.${visit.step.step}`)}
            </Badge>
          )}
        </Group>
        <Stack component="dl" gap={4} m={0}>
          <Detail term={t('myDay.services')}>{visit.services}</Detail>
          <Detail term={t('myDay.address')}>{visit.address ?? t('dispatch.visit.noAddress')}</Detail>
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
        <VisitAccessNotes visit={visit} />
        {children}
      </Stack>
    </Paper>
  );
}
