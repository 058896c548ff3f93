import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';

import { BlockSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { useCreateAvailability } from '@/features/availabilities/api/create-availability';
import { useMe } from '@/lib/auth/get-me';
import { useMyAvailabilities } from '@/features/availabilities/api/get-my-availabilities';
import { EMPTY_AVAILABILITY_FORM } from '@/features/availabilities/availability-form';
import { AvailabilityForm } from '@/features/availabilities/components/availability-form';
import { fullName } from '@/features/availabilities/components/availabilities-table';
import { AvailabilityFormPage } from '@/features/availabilities/components/form-page';
import { EmployeeLoadError } from '@/components/staff/availability-list-states';
import { failureMessage } from '@/lib/staff/failure-message';
import { i18n } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { notifySuccess } from '@/components/ui/notify';

/**
 * Spec §2 /add-availability, §5, §8: the employee's name (read-only), a day from today on, a shift and
 * comments. The API has no "my employee record" call: the name comes from one of my availabilities
 * when there is one (the record's name), else from the signed-in account (`/auth/me`: its name, or its
 * email when it has none). Asking for my availabilities also tells whether the account has an employee
 * record at all.
 */
export function AddAvailabilityRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addAvailability');
  const navigate = useNavigate();
  const mine = useMyAvailabilities();
  const hasNoAvailability = mine.isSuccess && mine.data.length === 0;
  const me = useMe({ enabled: hasNoAvailability });
  const timeZone = useBusinessTimeZone();
  const create = useCreateAvailability();
  const [serverError, setServerError] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date());

  const recordName = mine.data?.[0] ? fullName(mine.data[0]) : null;
  // An account made by the operator's tool may have no name: its email then says who it is.
  const accountName = me.data ? `${me.data.firstName} ${me.data.lastName}`.trim() || me.data.email : null;
  const employeeName = recordName ?? accountName;

  let content;
  if (mine.isError || timeZone.isError || me.isError) {
    content = (
      <EmployeeLoadError
        error={mine.error}
        message={t('availabilities.errors.load')}
        explain={[]}
        onRetry={() => {
          void mine.refetch();
          void timeZone.refetch();
          if (hasNoAvailability) void me.refetch();
        }}
      />
    );
  } else if (employeeName === null || !timeZone.isSuccess) {
    content = <BlockSkeleton height={360} />;
  } else {
    content = (
      <AvailabilityForm
        employeeName={employeeName}
        initialValues={EMPTY_AVAILABILITY_FORM}
        today={toZonedIsoDate(openedAt, timeZone.data)}
        submitLabel={t('availabilities.addPage.submit')}
        isSubmitting={create.isPending}
        serverError={serverError}
        cancelHref={paths.myAvailabilities.getHref()}
        onSubmit={(input) => {
          setServerError(null);
          create.mutate(input, {
            onSuccess: () => {
              notifySuccess(t('availabilities.addPage.success'));
              void navigate(paths.myAvailabilities.getHref());
            },
            onError: (error) => {
              setServerError(
                failureMessage(t, (key) => i18n.exists(key), error, 'availabilities.errors.add'),
              );
            },
          });
        }}
      />
    );
  }

  return (
    <AvailabilityFormPage title={title} intro={t('availabilities.addPage.intro')}>
      {content}
    </AvailabilityFormPage>
  );
}
