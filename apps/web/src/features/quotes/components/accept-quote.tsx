import type { Quote } from '@eclat/shared';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { SlotChooser } from '@/components/slot-chooser/slot-chooser';
import { useSlotChooser } from '@/components/slot-chooser/use-slot-chooser';
import { LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import type { MyAppointmentsState } from '@/lib/appointment-list';
import { formatBusinessDateTime, toZonedIsoDate } from '@/lib/business-time';
import { isApiError } from '@/lib/api-client';
import { i18n, useLanguage, useTranslation } from '@/lib/i18n';

import { useAcceptQuote } from '../api/accept-quote';

/**
 * Accepting an answered quote (issue 16): the calendar and times of a visit of the answer's length, then
 * Book at this price; the server checks the booking rules and books it once (decision 026).
 */
export function AcceptQuote({ quote, onCancel }: { quote: Quote; onCancel: () => void }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const navigate = useNavigate();
  const [openedAt] = useState(() => new Date());
  const accept = useAcceptQuote();
  const timeZone = useBusinessTimeZone();
  const zone = timeZone.data;
  const today = zone ? toZonedIsoDate(openedAt, zone) : null;
  const chooser = useSlotChooser({ today, serviceIds: [], quoteId: quote.quoteId });
  const { selected, selectedSlot: slot, setError } = chooser;

  const confirm = () => {
    if (!slot?.available || !selected) {
      setError(t('booking.errors.missing'));
      return;
    }
    setError(null);
    accept.mutate(
      { quoteId: quote.quoteId, input: { appointmentDate: selected, locale } },
      {
        onSuccess: (appointment) => {
          const state: MyAppointmentsState = {
            fresh: { appointment, receivedAt: Date.now() },
            isBooked: true,
          };
          void navigate(paths.myAppointments.getHref(), { state });
        },
        onError: (failure) => {
          const detail = isApiError(failure) ? failure.details[0]?.message : undefined;
          if (detail && i18n.exists(detail)) setError(t(detail));
          else setError(t(`errors.${isApiError(failure) ? failure.code : 'INTERNAL_ERROR'}`));
        },
      },
    );
  };

  if (timeZone.isError)
    return <LoadErrorAlert message={t('booking.errors.slots')} onRetry={() => void timeZone.refetch()} />;
  if (!today || !zone) return <Skeleton height={320} radius="md" />;
  return (
    <Stack gap="md">
      <SlotChooser chooser={chooser} today={today} headingOrder={3} />
      <Text role="status" aria-live="polite" fw={600}>
        {slot?.available
          ? t('booking.selectedSummary', { dateTime: formatBusinessDateTime(slot.startsAt, zone, locale) })
          : ''}
      </Text>
      {accept.isError && chooser.error === null && (
        <Alert color="red" role="alert">
          {t('quotes.mine.acceptError')}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          onClick={confirm}
          loading={accept.isPending}
          leftSection={<IconCheck size={18} aria-hidden="true" />}
        >
          {t('quotes.mine.book')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={accept.isPending}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
