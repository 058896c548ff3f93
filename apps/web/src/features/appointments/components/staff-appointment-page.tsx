import type { Appointment, Locale } from '@eclat/shared';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatCurrency } from '@/lib/format';

import { formatBusinessDateTime } from '../time';

import { StatusBadge } from './status-badge';

/** The frame of the add and edit appointment screens: heading, intro, the form on a card, extras below. */
export function StaffAppointmentPage({
  title,
  intro,
  children,
  after,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  /** Sections under the main card (the assignment). */
  after?: ReactNode;
}) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          {children}
        </Paper>
        {after}
      </Stack>
    </Container>
  );
}

/** One appointment, read only: what an employee sees on the edit screen (only an admin may change it). */
export function AppointmentDetails({
  appointment,
  timeZone,
  locale,
}: {
  appointment: Appointment;
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [
      t('staffAppointments.columns.customer'),
      `${appointment.customerFirstName} ${appointment.customerLastName}`,
    ],
    [
      t('staffAppointments.columns.dateTime'),
      <time key="time" dateTime={appointment.appointmentDate}>
        {formatBusinessDateTime(appointment.appointmentDate, timeZone, locale)}
      </time>,
    ],
    [t('staffAppointments.columns.services'), appointment.services],
    [t('staffAppointments.columns.status'), <StatusBadge key="status" status={appointment.status} />],
    [
      t('staffAppointments.details.total'),
      appointment.totalPrice > 0
        ? formatCurrency(appointment.totalPrice, locale)
        : t('staffAppointments.details.onQuote'),
    ],
    [t('staffAppointments.details.address'), appointment.address ?? t('staffAppointments.noComments')],
    [t('staffAppointments.columns.comments'), appointment.comments ?? t('staffAppointments.noComments')],
  ];
  return (
    <Stack component="dl" gap="sm" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
