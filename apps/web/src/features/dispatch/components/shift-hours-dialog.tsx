import { SHIFTS, type ShiftHours } from '@eclat/shared';
import { Button, Fieldset, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClockEdit } from '@tabler/icons-react';

import { FormActions } from '@/components/forms/form-actions';
import { useCheckedForm } from '@/components/forms/use-checked-form';
import { notifyFailure, notifySuccess } from '@/components/ui/notify';
import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { failureMessage } from '@/lib/staff/failure-message';
import { useTranslation } from '@/lib/i18n';

import { useSaveShiftHours, useShiftHours } from '../api/shift-hours';
import {
  toShiftHoursServerErrors,
  toShiftHoursValues,
  validateShiftHours,
  type ShiftHoursField,
} from '../shift-hours-form';

type ShiftHoursFormProps = { hours: ShiftHours; timeZone: string | undefined; onDone: () => void };

function ShiftHoursForm({ hours, timeZone, onDone }: ShiftHoursFormProps) {
  const { t, i18n } = useTranslation();
  const save = useSaveShiftHours();
  const { formRef, values, message, change, submit } = useCheckedForm({
    initialValues: toShiftHoursValues(hours),
    validate: validateShiftHours,
    serverErrors: save.error ? toShiftHoursServerErrors(save.error) : undefined,
    onSubmit: (input: ShiftHours) => {
      save.mutate(input, {
        onSuccess: () => {
          notifySuccess(t('shiftHours.saved'));
          onDone();
        },
        onError: (error) => {
          notifyFailure(
            t('shiftHours.failed'),
            failureMessage(t, (key) => i18n.exists(key), error, 'shiftHours.failedReason'),
          );
        },
      });
    },
  });

  const field = (name: ShiftHoursField, label: string) => (
    <TextInput
      label={label}
      required
      placeholder={t('shiftHours.placeholder')}
      autoComplete="off"
      value={values[name]}
      onChange={(event) => {
        change(name, event.currentTarget.value);
      }}
      error={message(name)}
    />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {timeZone ? t('shiftHours.intro', { timeZone }) : t('shiftHours.introNoZone')}
        </Text>
        {SHIFTS.map((shift) => (
          <Fieldset key={shift} legend={t(`availabilities.shift.${shift}`)} variant="filled" p="sm">
            <SimpleGrid cols={2} spacing="sm">
              {field(`${shift}.start`, t('shiftHours.start'))}
              {field(`${shift}.end`, t('shiftHours.end'))}
            </SimpleGrid>
          </Fieldset>
        ))}
        <FormActions submitLabel={t('shiftHours.save')} isSubmitting={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/**
 * "Shift hours" on the dispatch board: the business hours of MORNING, EVENING and NIGHT, which turn an
 * employee's availability into the hours they can be booked. Opens a dialog with the form.
 */
export function ShiftHoursDialog({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const hours = useShiftHours({ enabled: opened });

  let body;
  if (hours.isError) {
    body = <LoadErrorAlert message={t('shiftHours.loadError')} onRetry={() => void hours.refetch()} />;
  } else if (!hours.data) {
    body = <BlockSkeleton height={320} />;
  } else {
    body = <ShiftHoursForm hours={hours.data} timeZone={timeZone} onDone={close} />;
  }

  return (
    <>
      <Button variant="default" leftSection={<IconClockEdit size={16} aria-hidden="true" />} onClick={open}>
        {t('shiftHours.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('shiftHours.title')} size="md">
        {body}
      </Modal>
    </>
  );
}
