import {
  TEXT_LIMITS,
  type Appointment,
  type Locale,
  type RecurringDiscounts,
  type RecurringFrequency,
} from '@eclat/shared';
import { Alert, Button, Group, MultiSelect, Stack, Textarea, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { SlotChooser } from '@/components/slot-chooser/slot-chooser';
import { useSlotChooser } from '@/components/slot-chooser/use-slot-chooser';
import { useTranslation } from '@/lib/i18n';

import { CustomerPicker } from '@/components/customers/customer-picker';

import { FrequencyChoice } from './frequency-choice';
import type { BookingHome } from '@/lib/pricing/booking-home';

import { SeriesOffer } from './series-offer';

/** What the form gives back: a series to book (with its customer) or the new plan of one. */
export type SeriesPlanValues = {
  customerId: string | null;
  serviceIds: string[];
  appointmentDate: string;
  frequency: RecurringFrequency;
  comments: string | null;
};

type SeriesPlanFormProps = {
  mode: 'change' | 'create';
  initialValues: {
    customerId?: string | null;
    serviceIds: string[];
    /** The day the calendar opens on (business-local YYYY-MM-DD). */
    date: string | null;
    /** The time chosen at first (an instant), if any. */
    selected: string | null;
    frequency: RecurringFrequency;
    comments: string;
    /** Change: the home and extras the series is priced on (decision 025): the times are for its length. */
    home?: BookingHome;
  };
  /** Create: the admin chooses the customer (searched on the server as they type). */
  withCustomer?: boolean;
  services: readonly { value: string; label: string; price: number }[];
  discounts: RecurringDiscounts | undefined;
  /** Change: the series' own open visits; their times may look taken only because of them. */
  ownVisits?: readonly Appointment[];
  timeZone: string;
  today: string;
  locale: Locale;
  isSubmitting: boolean;
  /** A refusal of the server, translated (shown above the buttons). */
  formError: string | null;
  onSubmit: (values: SeriesPlanValues) => void;
  onCancel: () => void;
};

/**
 * The plan of a series: (the customer,) the services, the first visit with the booking's slot picker,
 * the frequency and the comments. Changing a series re-plans every visit from the chosen one; booking
 * one (an admin, for a phone call) books its first visit like any appointment.
 */
export function SeriesPlanForm({
  mode,
  initialValues,
  withCustomer = false,
  services,
  discounts,
  ownVisits = [],
  timeZone,
  today,
  locale,
  isSubmitting,
  formError,
  onSubmit,
  onCancel,
}: SeriesPlanFormProps) {
  const { t } = useTranslation();
  const [customerId, setCustomerId] = useState<string | null>(initialValues.customerId ?? null);
  const [serviceIds, setServiceIds] = useState<string[]>(initialValues.serviceIds);
  const [frequency, setFrequency] = useState<RecurringFrequency>(initialValues.frequency);
  const [comments, setComments] = useState(initialValues.comments);
  const [customerError, setCustomerError] = useState<string | null>(null);
  const [servicesError, setServicesError] = useState<string | null>(null);
  // `/slots` counts the series' own visits: an hour one of them holds may look full only because of
  // it. Those stay selectable; the server re-plans without them and says no if it still cannot.
  const chooser = useSlotChooser({
    today,
    serviceIds,
    choice: initialValues.home,
    initial: { date: initialValues.date, selected: initialValues.selected },
    ownVisits: ownVisits.filter((visit) => visit.status !== 'cancelled'),
  });
  const { date, selected, selectedSlot, chosen, setError } = chooser;

  const total = services
    .filter((service) => serviceIds.includes(service.value))
    .reduce((sum, service) => sum + Math.max(service.price, 0), 0);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    let isValid = true;
    if (mode === 'create' && !customerId) {
      setCustomerError(t('series.change.customerError'));
      isValid = false;
    }
    if (serviceIds.length === 0) {
      setServicesError(t('series.change.servicesError'));
      isValid = false;
    }
    if (!date || !selected || !selectedSlot) {
      setError(t('booking.errors.missing'));
      return;
    }
    if (selectedSlot.reason === 'past' || Date.parse(selected) <= Date.now()) {
      setError(t('booking.errors.pastTime'));
      return;
    }
    if (!chosen || !isValid) return;
    setError(null);
    onSubmit({
      customerId,
      serviceIds,
      appointmentDate: chosen,
      frequency,
      comments: comments.trim() || null,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {mode === 'create' && withCustomer && (
          <CustomerPicker
            label={t('series.change.customer')}
            value={customerId}
            onChange={(customer) => {
              setCustomerId(customer?.customerId ?? null);
              setCustomerError(null);
            }}
            error={customerError ?? undefined}
          />
        )}
        <MultiSelect
          label={t('series.change.services')}
          placeholder={serviceIds.length === 0 ? t('series.change.servicesPlaceholder') : undefined}
          data={services.map(({ value, label }) => ({ value, label }))}
          value={serviceIds}
          onChange={(value) => {
            setServiceIds(value);
            setServicesError(null);
            chooser.clearTime();
          }}
          error={servicesError}
          searchable
          clearable
          required
          maxValues={10}
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap="xs">
          <Title order={2} size="h4">
            {mode === 'create' ? t('series.change.firstVisitNew') : t('series.change.firstVisit')}
          </Title>
          <SlotChooser chooser={chooser} today={today} headingOrder={3} />
        </Stack>
        <FrequencyChoice
          value={frequency}
          onChange={(next) => {
            if (next !== 'once') setFrequency(next);
          }}
          discounts={discounts}
          isRecurringOnly
        />
        {discounts && (
          <SeriesOffer
            frequency={frequency}
            total={total}
            discounts={discounts}
            startsAt={chosen}
            timeZone={timeZone}
            locale={locale}
          />
        )}
        <Textarea
          label={t('series.change.comments')}
          autosize
          minRows={3}
          maxLength={TEXT_LIMITS.comments}
          value={comments}
          onChange={(event) => {
            setComments(event.currentTarget.value);
          }}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {mode === 'create' ? t('series.change.create') : t('series.change.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('series.change.back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
