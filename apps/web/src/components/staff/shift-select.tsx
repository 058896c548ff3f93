import { SHIFTS, type Shift } from '@eclat/shared';
import { Select } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/** The shift picker of the availability and schedule forms: MORNING, EVENING, NIGHT, translated. */
export function ShiftSelect({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value: Shift | null;
  onChange: (shift: Shift | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={SHIFTS.map((shift) => ({ value: shift, label: t(`availabilities.shift.${shift}`) }))}
      value={value}
      onChange={(chosen) => {
        onChange(SHIFTS.find((shift) => shift === chosen) ?? null);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      required
    />
  );
}
