import { APPOINTMENT_STATUSES, type AppointmentsFilter, type Locale } from '@eclat/shared';
import { Group, Select } from '@mantine/core';

import { DateRangeInput } from '@/components/ui/date-range-input';
import { useTranslation } from '@/lib/i18n';

type AppointmentsFilterFieldsProps = {
  value: AppointmentsFilter;
  onChange: (filter: AppointmentsFilter) => void;
  locale: Locale;
};

const ALL = 'all';

/**
 * The staff table's filter (issue 18): a status and a stretch of days, both optional (every appointment
 * otherwise). The same fields choose what the PDF holds.
 */
export function AppointmentsFilterFields({ value, onChange, locale }: AppointmentsFilterFieldsProps) {
  const { t } = useTranslation();
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
    </Group>
  );
}
