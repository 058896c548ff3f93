import {
  APPOINTMENT_STATUSES,
  SLOT_HOURS,
  profilePlace,
  type AdminAppointmentInput,
  type Locale,
  type Service,
  type ServiceArea,
  type VisitAddress,
  type VisitPlace,
} from '@eclat/shared';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { calendarAriaLabels } from '@/components/ui/calendar-labels';
import { useTranslation } from '@/lib/i18n';

import { i18n } from '@/lib/i18n';
import { CustomerPicker, type PickedCustomer } from '@/components/customers/customer-picker';
import { withPlace } from '@/lib/pricing/booking-home';
import { HomeStep } from '@/components/pricing/home-step';
import { homePlace } from '@/lib/pricing/home-place';
import { estimateVisit } from '@/lib/pricing/visit-price';

import {
  validateStaffAppointmentForm,
  type StaffAppointmentErrors,
  type StaffAppointmentField,
  type StaffAppointmentFormValues,
} from '../staff-form-values';
import { formatBusinessDate, formatBusinessTime } from '@/lib/business-time';

export type ServiceChoice = { value: string; label: string };

type AppointmentFormProps = {
  mode: 'create' | 'edit';
  initialValues: StaffAppointmentFormValues;
  /** Edit: the saved start, which may stay in the past. */
  savedStart?: string;
  /** Edit: the customer as saved on the appointment (names only: the picker shows them). */
  savedCustomer?: PickedCustomer;
  timeZone: string;
  locale: Locale;
  /** Today in the business time zone (YYYY-MM-DD): a new appointment cannot start earlier. */
  today: string;
  services: readonly ServiceChoice[];
  /** The catalogue as priced (decision 025): "Your home" reads the chosen services' models and extras. */
  catalogue: readonly Service[];
  /** The service area (decision 026): the postal code's travel surcharge; undefined until loaded. */
  area: ServiceArea | undefined;
  /** Edit: the place the visit was priced at (its postal code keeps its surcharge). */
  keptPlace?: VisitPlace;
  /** Edit: the address the visit happens at (issue 27), kept unless another one is typed. */
  keptAddress?: VisitAddress;
  /** Edit: a series visit's frequency discount, in the estimate. */
  discountPercent?: number;
  isSubmitting: boolean;
  /** Field errors the server sent back (translation keys). */
  serverErrors?: StaffAppointmentErrors;
  /** A message about the whole form (translated), e.g. the hour is full. */
  formError?: string | null;
  onSubmit: (input: AdminAppointmentInput) => void;
  onCancel: () => void;
};

/** The time a submit is judged at (read when the form is sent, not while it renders). */
const nowMs = () => Date.now();

/** The hour's label in the language ("09:00" / "09 h 00"). */
function hourLabel(hour: number, locale: Locale): string {
  return formatBusinessTime(new Date(Date.UTC(2000, 0, 1, hour)), 'UTC', locale);
}

/**
 * Spec §2 Add/Edit appointment: the customer (first and last name come from their record), the date
 * and one of the hourly times in the business time zone, the services, the status (all four) and
 * optional comments. Spec §5: all required but the comments.
 */
export function AppointmentForm({
  mode,
  initialValues,
  savedStart,
  savedCustomer,
  timeZone,
  locale,
  today,
  services,
  catalogue,
  area,
  keptPlace,
  keptAddress,
  discountPercent = 0,
  isSubmitting,
  serverErrors,
  formError,
  onSubmit,
  onCancel,
}: AppointmentFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<StaffAppointmentErrors>({});
  const [showHomeErrors, setShowHomeErrors] = useState(false);

  const set = <K extends keyof StaffAppointmentFormValues>(key: K, value: StaffAppointmentFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const fieldError = (field: StaffAppointmentField) => {
    const key = errors[field] ?? serverErrors?.[field];
    if (!key) return undefined;
    return i18n.exists(key) ? t(key) : t(`staffAppointments.form.errors.invalid.${field}`);
  };

  const [picked, setPicked] = useState<PickedCustomer | null>(savedCustomer ?? null);
  const customer = picked?.customerId === values.customerId ? picked : undefined;
  const names = customer;

  // "Your home", the same step as the customer's booking (decisions 025, 026 and 035): the home and
  // extras the chosen services are priced on, and where the visit happens (the customer's address, or an
  // edited visit's own, priced as it was; or another address typed). The office books outside the area
  // too, with no surcharge there.
  const chosen = values.serviceIds.flatMap((id) => catalogue.filter((item) => item.serviceId === id));
  const isSameCustomer = mode === 'edit' && values.customerId === initialValues.customerId;
  const kept = isSameCustomer ? keptPlace : undefined;
  const ownPlace = isSameCustomer ? keptAddress : customer && profilePlace(customer);
  const place = homePlace(area, values.home.place, ownPlace, kept);
  const estimate = estimateVisit(chosen, values.home, discountPercent, place.surchargeCents);
  const showsHome = chosen.length > 0;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const result = validateStaffAppointmentForm(values, { timeZone, now: nowMs(), savedStart });
    const homeIncomplete =
      showsHome && ((estimate.asks && estimate.issues.length > 0) || place.error !== null);
    setShowHomeErrors(homeIncomplete);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (homeIncomplete) return;
    onSubmit({
      ...result.input,
      // What the services need (an admin who says nothing books the smallest home); another address when
      // typed (else a new visit is at the customer's address, an edited one where it was).
      ...(estimate.asks && { home: estimate.choice.home, extraIds: estimate.choice.extraIds }),
      ...(place.send && { place: place.send }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <CustomerPicker
          label={t('staffAppointments.form.customer')}
          description={t('staffAppointments.form.customerHint')}
          value={values.customerId}
          initial={savedCustomer}
          onChange={(customer) => {
            setPicked(customer);
            set('customerId', customer?.customerId ?? null);
          }}
          error={fieldError('customerId')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('staffAppointments.form.firstName')}
            value={names?.firstName ?? ''}
            readOnly
            variant="filled"
            description={t('staffAppointments.form.fromCustomer')}
          />
          <TextInput
            label={t('staffAppointments.form.lastName')}
            value={names?.lastName ?? ''}
            readOnly
            variant="filled"
            description={t('staffAppointments.form.fromCustomer')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DatePickerInput
            label={t('staffAppointments.form.date')}
            placeholder={t('staffAppointments.form.datePlaceholder')}
            required
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            value={values.date}
            onChange={(value) => {
              set('date', value);
              setErrors((current) => ({ ...current, hour: undefined }));
            }}
            minDate={mode === 'create' ? today : undefined}
            valueFormat={locale === 'fr' ? 'dddd D MMMM YYYY' : 'dddd, MMMM D, YYYY'}
            error={fieldError('date')}
            getDayAriaLabel={(day) => formatBusinessDate(`${day}T12:00:00Z`, 'UTC', locale)}
            ariaLabels={calendarAriaLabels(t)}
            popoverProps={{ withinPortal: true }}
          />
          <NativeSelect
            label={t('staffAppointments.form.time')}
            description={t('staffAppointments.form.timeHint', { timeZone })}
            required
            value={values.hour}
            onChange={(event) => {
              set('hour', event.currentTarget.value);
            }}
            error={fieldError('hour')}
            data={[
              { value: '', label: t('staffAppointments.form.timePlaceholder'), disabled: true },
              ...SLOT_HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour, locale) })),
            ]}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('staffAppointments.form.services')}
          placeholder={
            values.serviceIds.length === 0 ? t('staffAppointments.form.servicesPlaceholder') : undefined
          }
          required
          searchable
          clearable
          maxValues={10}
          data={services.map((item) => ({ value: item.value, label: item.label }))}
          value={values.serviceIds}
          onChange={(value) => {
            set('serviceIds', value);
          }}
          error={fieldError('serviceIds')}
          comboboxProps={{ withinPortal: true }}
        />
        {showsHome && (
          <HomeStep
            estimate={estimate}
            value={values.home}
            onChange={(home) => {
              set('home', home);
            }}
            showAllErrors={showHomeErrors}
            locale={locale}
            place={{
              value: place,
              typed: values.home.place,
              ownKey: isSameCustomer ? 'pricing.place.ownVisit' : 'pricing.place.ownCustomer',
              onChange: (typed) => {
                set('home', withPlace(values.home, typed));
              },
              booksOutside: true,
              outside:
                place.check.kind === 'outside' ? (
                  <Alert color="blue" p="xs" data-testid="outside-area-office">
                    {t('pricing.home.outsideOffice', { postalCode: place.check.postalCode })}
                  </Alert>
                ) : null,
            }}
          />
        )}
        <NativeSelect
          label={t('staffAppointments.form.status')}
          required
          value={values.status}
          onChange={(event) => {
            const { value } = event.currentTarget;
            const status = APPOINTMENT_STATUSES.find((item) => item === value);
            if (status) set('status', status);
          }}
          error={fieldError('status')}
          data={APPOINTMENT_STATUSES.map((status) => ({
            value: status,
            label: t(`myAppointments.status.${status}`),
          }))}
        />
        <Textarea
          label={t('staffAppointments.form.comments')}
          autosize
          minRows={3}
          maxLength={1000}
          value={values.comments}
          onChange={(event) => {
            set('comments', event.currentTarget.value);
          }}
          error={fieldError('comments')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {mode === 'create' ? t('staffAppointments.form.create') : t('staffAppointments.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
