import type { AdminAvailabilityInput, AvailabilityInput } from '@eclat/shared';
import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { useLanguage } from '@/lib/i18n';

import {
  validateAdminAvailabilityForm,
  validateAvailabilityForm,
  type AvailabilityFormError,
  type AvailabilityFormValues,
} from '../availability-form';
import { formatDay } from '@/lib/format-day';

import { ShiftSelect } from '@/components/staff/shift-select';

type AvailabilityFormBaseProps = {
  initialValues: AvailabilityFormValues;
  /** Today in the business time zone (YYYY-MM-DD): earlier days cannot be picked. */
  today: string;
  /** The day the availability already has (edit), accepted even if it is past now. */
  originalDate?: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** What went wrong on the server, already translated. */
  serverError: string | null;
} & (
  | {
      /** A page: Cancel goes back to it. */
      cancelHref: string;
      onCancel?: undefined;
    }
  | {
      /** A dialog: Cancel closes it. */
      onCancel: () => void;
      cancelHref?: undefined;
    }
);

/** Whose availability: the employee's own (their record's name, read-only), or one an admin picks. */
type AvailabilityFormEmployee =
  | {
      /** Read-only: availabilities always carry the name of the employee record. */
      employeeName: string;
      employees?: undefined;
      onSubmit: (input: AvailabilityInput) => void;
    }
  | {
      /** The team members an admin may choose from (active employees). */
      employees: readonly { value: string; label: string }[];
      employeeName?: undefined;
      onSubmit: (input: AdminAvailabilityInput) => void;
    };

type AvailabilityFormProps = AvailabilityFormBaseProps & AvailabilityFormEmployee;

/**
 * Employee name (read-only), date, shift and comments of an availability (spec §2, §5); for an
 * admin, the employee is a required choice among the team instead.
 */
export function AvailabilityForm(props: AvailabilityFormProps) {
  const { initialValues, today, originalDate, submitLabel, isSubmitting, serverError } = props;
  const { t } = useTranslation();
  const locale = useLanguage();
  const [values, setValues] = useState(initialValues);
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [error, setError] = useState<AvailabilityFormError | null>(null);
  // In a dialog, Escape closes the open calendar first, not the whole dialog. The popover calls these
  // after every render where they change: they are made once.
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const [calendarEvents] = useState(() => ({
    onOpen: () => {
      setIsCalendarOpen(true);
    },
    onClose: () => {
      setIsCalendarOpen(false);
    },
  }));

  const set = <K extends keyof AvailabilityFormValues>(key: K, value: AvailabilityFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (props.employees) {
      const result = validateAdminAvailabilityForm(values, employeeId, { today });
      if (result.ok) props.onSubmit(result.input);
      else setError(result.error);
      return;
    }
    const result = validateAvailabilityForm(values, { today, originalDate });
    if (result.ok) props.onSubmit(result.input);
    else setError(result.error);
  };

  const minDate = originalDate && originalDate < today ? originalDate : today;
  const message = error ? t(error) : serverError;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.employees ? (
          <Select
            label={t('availabilities.form.employee')}
            placeholder={t('availabilities.form.employeePlaceholder')}
            data={props.employees}
            value={employeeId}
            onChange={(chosen) => {
              setEmployeeId(chosen);
              setError(null);
            }}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            required
          />
        ) : (
          <TextInput
            label={t('availabilities.form.employeeName')}
            description={t('availabilities.form.employeeNameHint')}
            value={props.employeeName}
            readOnly
          />
        )}
        <DateInput
          label={t('availabilities.form.date')}
          placeholder={t('availabilities.form.datePlaceholder')}
          value={values.availableDate}
          onChange={(value) => {
            set('availableDate', value);
          }}
          minDate={minDate}
          valueFormat={(day) => formatDay(day.slice(0, 10), locale)}
          leftSection={<IconCalendar size={18} aria-hidden="true" />}
          error={error === 'availabilities.errors.pastDate' ? true : undefined}
          popoverProps={calendarEvents}
          data-mantine-stop-propagation={isCalendarOpen || undefined}
          required
        />
        <ShiftSelect
          label={t('availabilities.form.shift')}
          placeholder={t('availabilities.form.shiftPlaceholder')}
          value={values.shift}
          onChange={(shift) => {
            set('shift', shift);
          }}
        />
        <Textarea
          label={t('availabilities.form.comments')}
          placeholder={t('availabilities.form.commentsPlaceholder')}
          autosize
          minRows={3}
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
        <Group gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('availabilities.form.cancel')}
            </Button>
          ) : (
            <Button component={Link} to={props.cancelHref} variant="default">
              {t('availabilities.form.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
