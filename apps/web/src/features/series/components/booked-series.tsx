import type { Locale, SeriesDetail } from '@eclat/shared';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { countVisits } from '../grouping';
import { rhythmText } from '../rhythm';

import { VisitLine } from './visit-line';

/**
 * Checkout's answer once a series is booked: its rhythm, every visit planned with its date and time,
 * and, honestly, the ones that still need a time (no cleaner free then yet).
 */
export function BookedSeries({ series, locale }: { series: SeriesDetail; locale: Locale }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rhythm = rhythmText(series, locale);
  const visits = series.visits.filter((visit) => visit.status !== 'cancelled');
  const { placed, needingTime } = countVisits(visits);

  // The form is gone: focus goes to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="booked-series">
      <Stack gap="sm">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {t('series.booked.title')}
        </Title>
        <Text fw={700}>{t(rhythm.key, rhythm.values)}</Text>
        <Text>{t('series.booked.placed', { count: placed })}</Text>
        {needingTime > 0 && (
          <Alert color="orange" role="status" data-testid="booked-needs-time">
            {t('series.booked.needingTime', { count: needingTime })}
          </Alert>
        )}
        <Title order={3} size="h5">
          {t('series.booked.visits')}
        </Title>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {visits.map((visit) => (
            <VisitLine key={visit.appointmentId} visit={visit} timeZone={series.timeZone} locale={locale} />
          ))}
        </Stack>
        <Text size="sm" c="dimmed">
          {t('series.booked.email')}
        </Text>
        <Button
          component={Link}
          to={paths.myAppointments.getHref()}
          leftSection={<IconCalendarEvent size={18} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('checkout.seeMyAppointments')}
        </Button>
      </Stack>
    </Paper>
  );
}
