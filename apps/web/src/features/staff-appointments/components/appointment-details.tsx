import { addressLine, type Appointment, type Locale } from '@eclat/shared';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { formatCurrency } from '@/lib/format';

import { formatBusinessDateTime } from '@/lib/business-time';

import { StatusBadge } from '@/components/appointments/status-badge';

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
      // With a breakdown (decision 025): its lines and the total.
      appointment.priceBreakdown ? (
        <PriceBreakdown
          key="breakdown"
          lines={appointment.priceBreakdown.lines}
          totalCents={appointment.priceBreakdown.totalCents}
          locale={locale}
        />
      ) : appointment.totalPrice > 0 ? (
        formatCurrency(appointment.totalPrice, locale)
      ) : (
        t('staffAppointments.details.onQuote')
      ),
    ],
    [t('staffAppointments.details.address'), addressLine(appointment) ?? t('staffAppointments.noComments')],
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
