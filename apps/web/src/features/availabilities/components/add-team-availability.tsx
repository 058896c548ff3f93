import { Button, Modal } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { notifySuccess } from '@/components/ui/notify';
import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { useEmployees } from '@/lib/api/get-employees';
import { i18n, useLanguage } from '@/lib/i18n';

import { useCreateTeamAvailability } from '../api/create-availability';
import { EMPTY_AVAILABILITY_FORM, toEmployeeOptions } from '../availability-form';
import { failureMessage } from '@/lib/staff/failure-message';
import { AvailabilityForm } from './availability-form';

/** The dialog's content: the team, then the form (the same as an employee's own, with a choice of employee). */
function AddTeamAvailabilityForm({
  onDone,
  onAdded,
}: {
  onDone: () => void;
  onAdded?: ((day: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const employees = useEmployees();
  const timeZone = useBusinessTimeZone();
  const create = useCreateTeamAvailability();
  const [serverError, setServerError] = useState<string | null>(null);
  const [openedAt] = useState(() => new Date());

  if (employees.isError || timeZone.isError) {
    return (
      <LoadErrorAlert
        message={t('availabilities.team.errors.load')}
        onRetry={() => {
          void employees.refetch();
          void timeZone.refetch();
        }}
      />
    );
  }
  if (!employees.isSuccess || !timeZone.isSuccess) return <BlockSkeleton height={360} />;
  return (
    <AvailabilityForm
      employees={toEmployeeOptions(employees.data, locale)}
      initialValues={EMPTY_AVAILABILITY_FORM}
      today={toZonedIsoDate(openedAt, timeZone.data)}
      submitLabel={t('availabilities.addPage.submit')}
      isSubmitting={create.isPending}
      serverError={serverError}
      onCancel={onDone}
      onSubmit={(input) => {
        setServerError(null);
        create.mutate(input, {
          onSuccess: () => {
            notifySuccess(t('availabilities.addPage.success'));
            onAdded?.(input.availableDate);
            onDone();
          },
          onError: (error) => {
            setServerError(failureMessage(t, (key) => i18n.exists(key), error, 'availabilities.errors.add'));
          },
        });
      }}
    />
  );
}

/** The admin's Add Availability: a dialog to post a team member's availability (date, shift, comments). */
/** `onAdded`: the day of the availability just posted (the list shows it). */
export function AddTeamAvailability({ onAdded }: { onAdded?: (day: string) => void }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const close = () => {
    setIsOpen(false);
  };
  return (
    <>
      <Button
        leftSection={<IconPlus size={18} aria-hidden="true" />}
        onClick={() => {
          setIsOpen(true);
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('availabilities.team.add')}
      </Button>
      <Modal opened={isOpen} onClose={close} title={t('availabilities.team.title')} size="md">
        {isOpen && <AddTeamAvailabilityForm onDone={close} onAdded={onAdded} />}
      </Modal>
    </>
  );
}
