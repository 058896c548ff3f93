import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { FormPage } from '@/components/ui/form-page';
import { paths } from '@/config/paths';
import { AppointmentEditor } from '@/features/staff-appointments/components/appointment-editor';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * Spec §2 /appointments/add: an admin books for any customer, any status (capacity still enforced).
 * The route is open to employees (route table) but only an admin may add (§6): they are told so.
 */
export function AddAppointmentRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addAppointment');
  const { hasAny } = useSession();

  return (
    <FormPage title={title} intro={t('staffAppointments.form.addIntro')}>
      {hasAny('admin') ? (
        <AppointmentEditor />
      ) : (
        <Alert color="blue" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('staffAppointments.form.adminOnlyAdd')}</Text>
            <Anchor component={Link} to={paths.appointments.getHref()} size="sm">
              {t('staffAppointments.back')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </FormPage>
  );
}
