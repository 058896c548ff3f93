import { APPOINTMENT_STATUSES, type AppointmentsFilter, type Locale } from '@eclat/shared';
import { Checkbox, Group, Select } from '@mantine/core';

import { DateRangeInput } from '@/components/ui/date-range-input';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { useTranslation } from '@/lib/i18n';

type AppointmentsFilterFieldsProps = {
  value: AppointmentsFilter;
  onChange: (filter: AppointmentsFilter) => void;
  locale: Locale;
};

const ALL = 'all';

/**
 * The staff table's filter (issue 18): a status and a stretch of days, both optional (every appointment
 * otherwise), and with cards (PAYMENTS=stripe) the visits whose payment is needed only (decision 058).
 * The same fields choose what the PDF holds.
 */
export function AppointmentsFilterFields({ value, onChange, locale }: AppointmentsFilterFieldsProps) {
  const { t } = useTranslation();
  const { mode } = usePaymentsShown();
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label={t('staffAppointments.filter.status')}
        size="sm"
        w={{ base: '100%', xs: 200 }}
        allowDeselect={false}
        data={[
          { value: ALL, label: t('staffAppointments.filter.allStatuses') },
          ...APPOINTMENT_STATUSES.map((status) => ({
            value: status,
            label: t(`myAppointments.status.${status}`),
          })),
        ]}
        value={value.status ?? ALL}
        onChange={(next) => {
          const { status: _previous, ...rest } = value;
          onChange(next && next !== ALL ? { ...rest, status: next } : rest);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRangeInput
        label={t('staffAppointments.filter.dates')}
        value={value.from && value.to ? { from: value.from, to: value.to } : null}
        onChange={(range) => {
          const { from: _from, to: _to, ...rest } = value;
          onChange(range ? { ...rest, ...range } : rest);
        }}
        locale={locale}
        maxDays={null}
        clearable
        description={t('staffAppointments.filter.datesHint')}
      />
      {(mode === 'stripe' || value.payment) && (
        <Checkbox
          mt={{ base: 0, xs: 30 }}
          label={t('staffAppointments.filter.paymentNeeded')}
          checked={value.payment === 'needed'}
          onChange={(event) => {
            const { payment: _payment, ...rest } = value;
            onChange(event.currentTarget.checked ? { ...rest, payment: 'needed' } : rest);
          }}
        />
      )}
    </Group>
  );
}
