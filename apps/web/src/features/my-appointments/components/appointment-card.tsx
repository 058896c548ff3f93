import {
  addressLine,
  type Appointment,
  type Locale,
  type VisitPaymentSummary,
  formatCents,
} from '@eclat/shared';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconX } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { NeedsTimeBadge } from '@/components/ui/series-markers';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { formatCurrency } from '@/lib/format';

import { useCustomerReach } from '@/lib/api/get-self-service-policy';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';

import { StatusBadge } from '@/components/appointments/status-badge';
import { VisitStepText } from '@/components/appointments/visit-step-text';
import { ChangeUntil, TooLateNotice } from '@/components/appointments/too-late-notice';
import { PaymentStateBadge } from '@/components/payments/payment-state-badge';
import type { ReactNode } from 'react';
import { VisitChecklistDone } from './visit-checklist-done';

type AppointmentCardProps = {
  appointment: Appointment;
  /** Its payment state and what it owes (issue 29): none when payments are off or not read yet. */
  payment?: VisitPaymentSummary | null;
  timeZone: string;
  locale: Locale;
  /** Where Edit leads; no Edit button without it. */
  editHref?: string;
  onCancel?: () => void;
  /**
   * Inside the change cut-off with the owner's policy "fee" (decision 057): the fee (written out), and
   * Cancel still offered, which asks first, naming it. Without it the card only says whom to call.
   */
  lateCancel?: { fee: string; onCancel: () => void };
  isCancelling?: boolean;
  /** Issue 29: the visit's payment details (the route composes them when payments are on). */
  paymentDetails?: ReactNode;
};

/** One of my appointments (spec §2): name, status badge, services, date and time, comments. */
export function AppointmentCard({
  appointment,
  timeZone,
  locale,
  editHref,
  onCancel,
  lateCancel,
  isCancelling = false,
  payment,
  paymentDetails,
}: AppointmentCardProps) {
  const { t } = useTranslation();
  const date = formatBusinessDate(appointment.appointmentDate, timeZone, locale);
  const time = formatBusinessTime(appointment.appointmentDate, timeZone, locale);
  const dateTime = `${date}, ${time}`;
  const headingId = `appointment-${appointment.appointmentId}`;
  const reach = useCustomerReach()(appointment);
  const canChange = reach === 'open';
  const hasActions = editHref !== undefined || onCancel !== undefined;
  // Issue 29: with payments, the price is before tax and the payment's total is with taxes: each says so.
  const priceTotalLabel = payment ? t('myAppointments.totalBeforeTax') : t('myAppointments.total');

  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {date}
            </Title>
            <Text size="lg" fw={700} data-testid="appointment-time">
              {time}
            </Text>
          </div>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <StatusBadge status={appointment.status} size="lg" />
            {appointment.needsTime && appointment.status !== 'cancelled' && <NeedsTimeBadge />}
          </Stack>
        </Group>
        <VisitStepText step={appointment.step} status={appointment.status} />
        {appointment.status === 'completed' && (
          <VisitChecklistDone appointmentId={appointment.appointmentId} locale={locale} />
        )}
        <Text size="sm" c="dimmed">
          {appointment.customerFirstName} {appointment.customerLastName}
        </Text>
        <Stack gap={6} component="dl" m={0}>
          <div>
            <Text component="dt" size="sm" fw={600}>
              {t('myAppointments.services')}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {appointment.services}
            </Text>
          </div>
          {addressLine(appointment) && (
            <div>
              <Text component="dt" size="sm" fw={600}>
                {t('myAppointments.address')}
              </Text>
              <Text component="dd" m={0}>
                {addressLine(appointment)}
              </Text>
            </div>
          )}
          {appointment.priceBreakdown && (
            <div>
              <Text component="dt" size="sm" fw={600}>
                {t('pricing.lines.heading')}
              </Text>
              <Text component="dd" m={0} mt={4}>
                <PriceBreakdown
                  lines={appointment.priceBreakdown.lines}
                  totalCents={appointment.priceBreakdown.totalCents}
                  locale={locale}
                  totalLabel={priceTotalLabel}
                />
              </Text>
            </div>
          )}
          {!appointment.priceBreakdown && appointment.totalPrice > 0 && (
            <div>
              <Text component="dt" size="sm" fw={600}>
                {priceTotalLabel}
              </Text>
              <Text component="dd" m={0}>
                {formatCurrency(appointment.totalPrice, locale)}
              </Text>
            </div>
          )}
          {payment && (
            <div data-testid="appointment-payment">
              <Text component="dt" size="sm" fw={600}>
                {t('payments.column')}
              </Text>
              <Group component="dd" m={0} mt={4} gap="xs">
                <PaymentStateBadge state={payment.state} />
                {payment.totalCents > 0 && (
                  <Text size="sm">
                    {t('payments.totalWithTaxesShort', { amount: formatCents(payment.totalCents, locale) })}
                  </Text>
                )}
                {payment.owedCents > 0 && (
                  <Text size="sm" fw={600}>
                    {t('payments.owedShort', { amount: formatCents(payment.owedCents, locale) })}
                  </Text>
                )}
              </Group>
            </div>
          )}
          {appointment.comments && (
            <div>
              <Text component="dt" size="sm" fw={600}>
                {t('myAppointments.comments')}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {appointment.comments}
              </Text>
            </div>
          )}
        </Stack>
        {paymentDetails}
        {reach === 'tooLate' && hasActions && <TooLateNotice lateFee={lateCancel?.fee} />}
        {reach === 'tooLate' && lateCancel && (
          <Group gap="xs">
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden="true" />}
              loading={isCancelling}
              onClick={lateCancel.onCancel}
              aria-label={t('cardCharges.lateCancel.label', { dateTime })}
            >
              {t('cardCharges.lateCancel.button')}
            </Button>
          </Group>
        )}
        {canChange && hasActions && (
          <Group gap="xs" mt="xs">
            {editHref && (
              <Button
                component={Link}
                to={editHref}
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden="true" />}
                aria-label={t('myAppointments.editLabel', { dateTime })}
              >
                {t('myAppointments.edit')}
              </Button>
            )}
            {onCancel && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconX size={16} aria-hidden="true" />}
                loading={isCancelling}
                onClick={onCancel}
                aria-label={t('myAppointments.cancelLabel', { dateTime })}
              >
                {t('myAppointments.cancel')}
              </Button>
            )}
          </Group>
        )}
        {canChange && hasActions && (
          <ChangeUntil appointmentDate={appointment.appointmentDate} timeZone={timeZone} locale={locale} />
        )}
      </Stack>
    </Card>
  );
}
