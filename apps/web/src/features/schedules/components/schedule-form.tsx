import { SCHEDULE_STATUSES, type ScheduleStatus } from '@eclat/shared';
import { Alert, Button, Flex, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { ShiftSelect } from '@/components/staff/shift-select';
import { formatDay } from '@/lib/format-day';
import { useLanguage } from '@/lib/i18n';

import {
  isScheduleStatus,
  validateScheduleForm,
  type ScheduleFormError,
  type ScheduleFormResult,
  type ScheduleFormValues,
} from '../schedule-form';

type ScheduleFormProps = {
  initialValues: ScheduleFormValues;
  /** Admins choose any status; others only PENDING (the server enforces it too). */
  canChooseStatus: boolean;
  timeZone: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** What went wrong on the server, already translated. */
  serverError: string | null;
  onSubmit: (input: Extract<ScheduleFormResult, { ok: true }>['input']) => void;
  onCancel: () => void;
};

/** Assigned date and time, shift, status and comments of a schedule (spec §2 Assign schedule). */
export function ScheduleForm({
  initialValues,
  canChooseStatus,
  timeZone,
  submitLabel,
  isSubmitting,
  serverError,
  onSubmit,
  onCancel,
}: ScheduleFormProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [values, setValues] = useState(initialValues);
  const [error, setError] = useState<ScheduleFormError | null>(null);

  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateScheduleForm(values, timeZone);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onSubmit(result.input);
  };

  const statuses: readonly ScheduleStatus[] = canChooseStatus ? SCHEDULE_STATUSES : ['PENDING'];
  const message = error ? t(error) : serverError;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateInput
            label={t('schedules.form.date')}
            value={values.day}
            onChange={(value) => {
              set('day', value);
            }}
            valueFormat={(day) => formatDay(day.slice(0, 10), locale)}
            leftSection={<IconCalendar size={18} aria-hidden="true" />}
            popoverProps={{ withinPortal: true }}
            required
          />
          <TimeInput
            label={t('schedules.form.time')}
            value={values.time}
            onChange={(event) => {
              set('time', event.currentTarget.value);
            }}
            leftSection={<IconClock size={18} aria-hidden="true" />}
            required
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('schedules.form.timeZoneNote', { timeZone })}
        </Text>
        <ShiftSelect
          label={t('schedules.form.shift')}
          value={values.shift}
          onChange={(shift) => {
            set('shift', shift);
          }}
        />
        <Select
          label={t('schedules.form.status')}
          description={canChooseStatus ? undefined : t('schedules.form.statusHint')}
          data={statuses.map((status) => ({ value: status, label: t(`schedules.status.${status}`) }))}
          value={values.status}
          onChange={(value) => {
            if (isScheduleStatus(value)) set('status', value);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          required
        />
        <Textarea
          label={t('schedules.form.comments')}
          placeholder={t('schedules.form.commentsPlaceholder')}
          autosize
          minRows={2}
          maxLength={500}
          value={values.comments}
          onChange={(event) => {
            set('comments', event.currentTarget.value);
          }}
        />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        {/* Side by side on the right; stacked full width on a phone, the main action first. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('schedules.form.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
