import { placeOfBreakdown, type AdminAppointmentInput, type Appointment } from '@eclat/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useServices } from '@/lib/api/get-services';
import { useServiceArea } from '@/lib/api/get-service-area';
import { isApiError, toErrorCode } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';

import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { useCreateStaffAppointment, useUpdateStaffAppointment } from '@/lib/api/save-staff-appointment';
import {
  EMPTY_STAFF_APPOINTMENT_FORM,
  toStaffAppointmentFieldErrors,
  toStaffAppointmentFormValues,
} from '../staff-form-values';
import { toZonedIsoDate } from '@/lib/business-time';

import { AppointmentForm, type ServiceChoice } from './appointment-form';

/**
 * The admin's add (no `appointment`) or edit form with what it needs: the catalogue and the business
 * time zone (the customer is searched on the server as the admin types). Saves, then goes back to the table; a refusal stays on the form, by
 * field when the server names one, otherwise above it.
 */
export function AppointmentEditor({ appointment }: { appointment?: Appointment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLanguage();
  const services = useServices('admin');
  const timeZone = useBusinessTimeZone();
  // The area prices the visit (its travel surcharge); without it the form prices no surcharge.
  const serviceArea = useServiceArea();
  const create = useCreateStaffAppointment();
  const update = useUpdateStaffAppointment();
  const [openedAt] = useState(() => new Date());
  const mutation = appointment ? update : create;

  if (services.isPending || timeZone.isPending) {
    return <LoadingSkeleton count={5} height={56} gap="md" />;
  }
  if (services.isError || timeZone.isError) {
    return (
      <LoadErrorAlert
        message={t('staffAppointments.form.choicesError')}
        onRetry={() => {
          void services.refetch();
          void timeZone.refetch();
        }}
      />
    );
  }

  // The catalogue (unavailable services marked), plus a booked service no longer listed.
  const choices = new Map<string, ServiceChoice>();
  for (const service of services.data) {
    const label = service.isAvailable
      ? service.title
      : t('staffAppointments.form.unavailableService', { title: service.title });
    choices.set(service.serviceId, { value: service.serviceId, label });
  }
  for (const line of appointment?.serviceDetails ?? []) {
    if (line.serviceId && !choices.has(line.serviceId))
      choices.set(line.serviceId, { value: line.serviceId, label: line.title });
  }

  // Refusals that name a field (400, or 409 when an assigned employee would be double-booked) show
  // under it; SLOT_FULL and the rest above the form.
  const failure = mutation.error;
  const serverErrors =
    isApiError(failure) && (failure.status === 400 || failure.status === 409)
      ? toStaffAppointmentFieldErrors(failure.details)
      : undefined;
  const hasFieldErrors = serverErrors !== undefined && Object.keys(serverErrors).length > 0;
  const failedText = appointment
    ? t('staffAppointments.form.updateError')
    : t('staffAppointments.form.addError');
  let formError: string | null = null;
  if (failure) {
    const code = toErrorCode(failure);
    if (code === 'SLOT_FULL') formError = t('errors.SLOT_FULL');
    else if (hasFieldErrors || code === 'VALIDATION_ERROR') formError = failedText;
    else formError = `${failedText} ${t(`errors.${code}`)}`;
  }

  const submit = (input: AdminAppointmentInput) => {
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        message: appointment ? t('staffAppointments.form.updated') : t('staffAppointments.form.added'),
      });
      void navigate(paths.appointments.getHref());
    };
    if (appointment) update.mutate({ appointmentId: appointment.appointmentId, input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  };

  return (
    <AppointmentForm
      // A fresh form for another appointment; a background refetch never overwrites what is typed.
      key={appointment?.appointmentId ?? 'new'}
      mode={appointment ? 'edit' : 'create'}
      initialValues={
        appointment ? toStaffAppointmentFormValues(appointment, timeZone.data) : EMPTY_STAFF_APPOINTMENT_FORM
      }
      savedStart={appointment?.appointmentDate}
      savedCustomer={
        appointment
          ? {
              customerId: appointment.customerId,
              firstName: appointment.customerFirstName,
              lastName: appointment.customerLastName,
              email: '',
              address: null,
              postalCode: null,
            }
          : undefined
      }
      timeZone={timeZone.data}
      locale={locale}
      today={toZonedIsoDate(openedAt, timeZone.data)}
      services={[...choices.values()]}
      catalogue={services.data}
      area={serviceArea.data?.prefixes}
      keptPlace={appointment ? placeOfBreakdown(appointment.priceBreakdown) : undefined}
      keptAddress={
        appointment
          ? { street: appointment.address, city: appointment.city, postalCode: appointment.postalCode }
          : undefined
      }
      discountPercent={appointment?.discountPercent}
      isSubmitting={mutation.isPending}
      serverErrors={serverErrors}
      formError={formError}
      onSubmit={submit}
      onCancel={() => void navigate(paths.appointments.getHref())}
    />
  );
}
