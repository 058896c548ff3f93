import { appointmentIdParamsSchema } from '@eclat/shared';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useParams } from 'react-router';
import { Link } from '@/lib/navigation';

import { FormPage } from '@/components/ui/form-page';
import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { useStaffAppointment } from '@/features/staff-appointments/api/get-staff-appointment';
import { AppointmentEditor } from '@/features/staff-appointments/components/appointment-editor';
import { AssignmentEditor } from '@/features/staff-appointments/components/assignment-editor';
import { AppointmentDetails } from '@/features/staff-appointments/components/appointment-details';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { PaymentsSection } from '@/features/payments/components/payments-section';
import { VisitFieldReport } from '@/features/dispatch/components/visit-field-report';

/**
 * Spec §2 /appointments/edit/{appointmentId}: an admin changes anything (all four statuses, capacity
 * still enforced) and, in its own section, who does the job. The route is open to employees (route
 * table); they see the appointment read only, since only an admin may change it (§6).
 */
export function EditAppointmentRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('editAppointment');
  const { hasAny } = useSession();
  const locale = useLanguage();
  const appointmentId = useParams().appointmentId ?? '';
  const isValidId = appointmentIdParamsSchema.safeParse({ appointmentId }).success;
  const appointment = useStaffAppointment(appointmentId, { enabled: isValidId });
  const timeZone = useBusinessTimeZone();
  const isAdmin = hasAny('admin');
  const payments = usePaymentsShown();

  const back = (
    <Anchor component={Link} to={paths.appointments.getHref()} size="sm">
      {t('staffAppointments.back')}
    </Anchor>
  );

  let body;
  let after;
  if (!isValidId || (isApiError(appointment.error) && appointment.error.status === 404)) {
    body = (
      <LoadErrorAlert
        message={isValidId ? t('staffAppointments.form.notFound') : t('staffAppointments.form.invalidId')}
        action={back}
      />
    );
  } else if (appointment.isPending || timeZone.isPending) {
    body = <LoadingSkeleton count={5} height={56} gap="md" />;
  } else if (appointment.isError || timeZone.isError) {
    body = (
      <LoadErrorAlert
        message={t('staffAppointments.form.loadError')}
        onRetry={() => {
          void appointment.refetch();
          void timeZone.refetch();
        }}
        action={back}
      />
    );
  } else if (isAdmin) {
    body = <AppointmentEditor appointment={appointment.data} />;
    after = (
      <>
        <AssignmentEditor
          appointmentId={appointment.data.appointmentId}
          isCancelled={appointment.data.status === 'cancelled'}
        />
        {payments.isShown && (
          <PaymentsSection appointmentId={appointment.data.appointmentId} timeZone={timeZone.data} />
        )}
        <VisitFieldReport
          appointmentId={appointment.data.appointmentId}
          timeZone={timeZone.data}
          locale={locale}
        />
      </>
    );
  } else {
    body = (
      <Stack gap="md">
        <Alert color="blue" role="status">
          {t('staffAppointments.form.adminOnlyEdit')}
        </Alert>
        <AppointmentDetails appointment={appointment.data} timeZone={timeZone.data} locale={locale} />
        {back}
      </Stack>
    );
  }

  return (
    <FormPage
      title={title}
      intro={isAdmin ? t('staffAppointments.form.editIntro') : t('staffAppointments.form.viewIntro')}
      after={after}
    >
      {body}
    </FormPage>
  );
}
