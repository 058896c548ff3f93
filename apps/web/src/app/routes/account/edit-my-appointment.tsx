import type { Appointment, Locale } from '@eclat/shared';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  MultiSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/lib/navigation';

import { SlotChooser } from '@/components/slot-chooser/slot-chooser';
import { useSlotChooser, type Slot } from '@/components/slot-chooser/use-slot-chooser';
import { notifySuccess } from '@/components/ui/notify';
import { LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useMyAppointment } from '@/features/my-appointments/api/get-my-appointment';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { useUpdateMyAppointment } from '@/features/my-appointments/api/update-my-appointment';
import { useCustomerReach, useSelfServicePolicy } from '@/lib/api/get-self-service-policy';
import { TooLateNotice } from '@/components/appointments/too-late-notice';
import { formatBusinessDateTime, toZonedIsoDate } from '@/lib/business-time';
import { toBookingRefusal } from '@/lib/booking-refusal';
import { changeSeriesHref } from '@/features/series/links';
import { useServices } from '@/lib/api/get-services';
import { isApiError, toErrorCode } from '@/lib/api-client';
import { i18n, useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

type EditFormProps = { appointment: Appointment; timeZone: string; today: string; locale: Locale };

/** The form, started from the appointment as loaded (keyed by its id). */
function EditMyAppointmentForm({ appointment, timeZone, today, locale }: EditFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const services = useServices('public');
  const update = useUpdateMyAppointment();

  const originalIds = appointment.serviceDetails.flatMap((detail) =>
    detail.serviceId ? [detail.serviceId] : [],
  );
  const [serviceIds, setServiceIds] = useState<string[]>(originalIds);
  const [originalDay] = useState(() => toZonedIsoDate(new Date(appointment.appointmentDate), timeZone));
  const [comments, setComments] = useState(appointment.comments ?? '');
  const [servicesError, setServicesError] = useState<string | null>(null);

  // The times for the visit's own length: the home and extras it was priced on (decision 025). The
  // visit's own day may look taken, and the hours it overlaps full, only because of it: its day is
  // never marked and those hours stay selectable (the server checks the capacity again without it).
  const kept = appointment.priceBreakdown
    ? { home: appointment.priceBreakdown.home, extraIds: appointment.priceBreakdown.extraIds }
    : undefined;
  const chooser = useSlotChooser({
    today,
    serviceIds,
    choice: kept,
    initial: { date: originalDay, selected: appointment.appointmentDate },
    ownVisits: [appointment],
    ownDay: originalDay,
    keptStart: appointment.appointmentDate,
  });
  const { date, selected, selectedSlot, isKept: isOriginalTime, reasonText, setError } = chooser;
  const isSelectedPickable = selectedSlot ? chooser.isSelectable(selectedSlot) : false;
  const refusedChoice = (slot: Slot) => reasonText(slot.reason ?? 'full');

  // The catalogue (available services) plus the ones already booked, even if withdrawn since.
  const options = new Map<string, string>();
  for (const service of services.data ?? []) options.set(service.serviceId, service.title);
  for (const detail of appointment.serviceDetails) {
    if (detail.serviceId && !options.has(detail.serviceId)) options.set(detail.serviceId, detail.title);
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (serviceIds.length === 0) {
      setServicesError(t('myAppointments.editPage.errors.services'));
      return;
    }
    if (!date || !selected || (!isOriginalTime && !selectedSlot)) {
      setError(t('booking.errors.missing'));
      return;
    }
    if (!isOriginalTime && (selectedSlot?.reason === 'past' || Date.parse(selected) <= Date.now())) {
      setError(t('booking.errors.pastTime'));
      return;
    }
    if (!isOriginalTime && selectedSlot && !isSelectedPickable) {
      setError(refusedChoice(selectedSlot));
      return;
    }
    setError(null);
    update.mutate(
      {
        appointmentId: appointment.appointmentId,
        input: { serviceIds, appointmentDate: selected, comments: comments.trim() || null },
      },
      {
        onSuccess: (updated) => {
          // Spec: a confirmed visit whose time or services change waits for the company again.
          const isBackToPending = appointment.status === 'confirmed' && updated.status === 'pending';
          notifySuccess(
            isBackToPending
              ? `${t('myAppointments.editPage.success')} ${t('myAppointments.editPage.backToPending')}`
              : t('myAppointments.editPage.success'),
          );
          void navigate(paths.myAppointments.getHref());
        },
        onError: (failure) => {
          // A booking rule said no (overlap, too long, too far, closed): say which.
          const refused = isApiError(failure) ? toBookingRefusal(failure) : null;
          if (refused?.slotReason === 'full' || refused?.slotReason === 'noCleaner') {
            // Taken meanwhile: the times and days shown are stale; the time then says why too.
            setError(reasonText(refused.slotReason));
            chooser.refresh();
            return;
          }
          const code = toErrorCode(failure);
          const reasonKey =
            refused?.messageKey ??
            (code === 'APPOINTMENT_CLOSED' || code === 'TOO_LATE_TO_CHANGE' ? `errors.${code}` : null);
          if (reasonKey) {
            setError(`${t('myAppointments.editPage.errors.update')} ${t(reasonKey)}`);
            return;
          }
          const detail =
            isApiError(failure) && failure.status === 400 ? failure.details[0]?.message : undefined;
          setError(
            detail && i18n.exists(detail)
              ? `${t('myAppointments.editPage.errors.update')} ${t(detail)}`
              : t('myAppointments.editPage.errors.update'),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text c="dimmed">
          {t('myAppointments.editPage.current', {
            dateTime: formatBusinessDateTime(appointment.appointmentDate, timeZone, locale),
          })}
        </Text>
        {appointment.seriesId && (
          // Decision 020: Edit moves this visit only; the series' own change is one link away.
          <Alert color="blue" data-testid="series-visit-note">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('series.visit.onlyThis')}</Text>
              <Anchor
                component={Link}
                to={changeSeriesHref(appointment.seriesId, { from: originalDay })}
                size="sm"
              >
                {t('series.visit.changeAll')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        {appointment.status === 'confirmed' && (
          <Alert color="blue" data-testid="confirmed-note">
            {t('myAppointments.editPage.confirmedNote')}
          </Alert>
        )}
        {services.isError ? (
          <Alert color="red" role="alert">
            {t('booking.errors.services')}
          </Alert>
        ) : (
          <MultiSelect
            label={t('myAppointments.editPage.services')}
            placeholder={
              serviceIds.length === 0 ? t('myAppointments.editPage.servicesPlaceholder') : undefined
            }
            data={[...options].map(([value, label]) => ({ value, label }))}
            value={serviceIds}
            onChange={(value) => {
              setServiceIds(value);
              setServicesError(null);
            }}
            error={servicesError}
            disabled={services.isPending}
            searchable
            clearable
            required
            maxValues={10}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <SlotChooser chooser={chooser} today={today} />
        <Textarea
          label={t('myAppointments.editPage.comments')}
          autosize
          minRows={3}
          maxLength={1000}
          value={comments}
          onChange={(event) => {
            setComments(event.currentTarget.value);
          }}
        />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending}>
            {t('myAppointments.editPage.save')}
          </Button>
          <Button component={Link} to={paths.myAppointments.getHref()} variant="default">
            {t('myAppointments.editPage.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec §2 /my-appointments/edit/{appointmentId}, §8: change the services, the date and time (same
 * slot picker as booking) and the comments of one's own appointment. No confirm or complete: those
 * are the company's (decision 007).
 */
export function EditMyAppointmentRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('editMyAppointment');
  const { appointmentId } = useParams();
  const locale = useLanguage();
  const mine = useMyAppointment(appointmentId ?? '', { enabled: Boolean(appointmentId) });
  const timeZone = useBusinessTimeZone();
  const [openedAt] = useState(() => new Date());
  const reachOf = useCustomerReach();
  const policy = useSelfServicePolicy();
  const appointment = mine.data;

  let content;
  if ((appointmentId && mine.isPending) || timeZone.isPending || policy.isPending) {
    content = <Skeleton height={420} radius="md" />;
  } else if (mine.isError || timeZone.isError || !appointment) {
    content = (
      <LoadErrorAlert
        message={t('myAppointments.editPage.errors.load')}
        action={
          <Anchor component={Link} to={paths.myAppointments.getHref()} size="sm">
            {t('myAppointments.editPage.back')}
          </Anchor>
        }
      />
    );
  } else if (reachOf(appointment) !== 'open') {
    content = (
      <Alert color="yellow" role="status">
        <Stack gap="sm" align="flex-start">
          {reachOf(appointment) === 'tooLate' ? (
            <TooLateNotice />
          ) : (
            <Text size="sm">{t('myAppointments.editPage.notChangeable')}</Text>
          )}
          <Anchor component={Link} to={paths.myAppointments.getHref()} size="sm">
            {t('myAppointments.editPage.back')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <EditMyAppointmentForm
        key={appointment.appointmentId}
        appointment={appointment}
        timeZone={timeZone.data}
        today={toZonedIsoDate(openedAt, timeZone.data)}
        locale={locale}
      />
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('myAppointments.editPage.intro')}</Text>
        </Stack>
        {content}
      </Stack>
    </Container>
  );
}
