import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/lib/navigation';

import { BlockSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { useAvailability } from '@/features/availabilities/api/get-availability';
import { useUpdateAvailability } from '@/features/availabilities/api/update-availability';
import { toAvailabilityFormValues } from '@/features/availabilities/availability-form';
import { AvailabilityForm } from '@/features/availabilities/components/availability-form';
import { fullName } from '@/features/availabilities/components/availabilities-table';
import { AvailabilityFormPage } from '@/features/availabilities/components/form-page';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { failureMessage } from '@/lib/staff/failure-message';
import { i18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { notifySuccess } from '@/components/ui/notify';

/** Spec §2 /my-availabilities/edit/{availabilityId}, §8: change one of my availabilities. */
export function EditAvailabilityRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('editAvailability');
  const navigate = useNavigate();
  const { availabilityId = '' } = useParams();
  const availability = useAvailability(availabilityId);
  const timeZone = useBusinessTimeZone();
  const update = useUpdateAvailability();
  const [serverError, setServerError] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date());

  let content;
  if (availability.isError || timeZone.isError) {
    content = (
      <EmployeeLoadError
        error={availability.error}
        message={t('availabilities.errors.loadOne')}
        explain={[]}
        action={
          <Anchor component={Link} to={paths.myAvailabilities.getHref()} size="sm">
            {t('availabilities.form.back')}
          </Anchor>
        }
      />
    );
  } else if (availability.isPending || timeZone.isPending) {
    content = <BlockSkeleton height={360} />;
  } else {
    const current = availability.data;
    content = (
      <AvailabilityForm
        key={current.availabilityId}
        employeeName={fullName(current)}
        initialValues={toAvailabilityFormValues(current)}
        today={toZonedIsoDate(openedAt, timeZone.data)}
        originalDate={current.day}
        submitLabel={t('availabilities.editPage.submit')}
        isSubmitting={update.isPending}
        serverError={serverError}
        cancelHref={paths.myAvailabilities.getHref()}
        onSubmit={(input) => {
          setServerError(null);
          update.mutate(
            { availabilityId: current.availabilityId, input },
            {
              onSuccess: () => {
                notifySuccess(t('availabilities.editPage.success'));
                void navigate(paths.myAvailabilities.getHref());
              },
              onError: (error) => {
                setServerError(
                  failureMessage(t, (key) => i18n.exists(key), error, 'availabilities.errors.update'),
                );
              },
            },
          );
        }}
      />
    );
  }

  return (
    <AvailabilityFormPage title={title} intro={t('availabilities.editPage.intro')}>
      {content}
    </AvailabilityFormPage>
  );
}
