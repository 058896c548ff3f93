import { FREQUENCIES, type Frequency, type RecurringDiscounts } from '@eclat/shared';
import { Radio, SimpleGrid } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

function isFrequency(value: string): value is Frequency {
  return (FREQUENCIES as readonly string[]).includes(value);
}

type FrequencyChoiceProps = {
  value: Frequency;
  onChange: (frequency: Frequency) => void;
  /** The admin's discounts, to say what each frequency saves; none while they load. */
  discounts: RecurringDiscounts | undefined;
  /** Without Once: changing a series keeps it recurring. */
  isRecurringOnly?: boolean;
  disabled?: boolean;
};

/**
 * Once, weekly, every 2 weeks or every 4 weeks (decision 020): a group of radio buttons (the arrow keys
 * move between them), each saying the discount it brings.
 */
export function FrequencyChoice({
  value,
  onChange,
  discounts,
  isRecurringOnly = false,
  disabled = false,
}: FrequencyChoiceProps) {
  const { t } = useTranslation();
  const choices = isRecurringOnly ? FREQUENCIES.filter((item) => item !== 'once') : FREQUENCIES;
  return (
    <Radio.Group
      label={t('series.frequency.label')}
      value={value}
      onChange={(next) => {
        if (isFrequency(next)) onChange(next);
      }}
    >
      <SimpleGrid cols={{ base: 2, sm: choices.length }} spacing="xs" mt="xs">
        {choices.map((frequency) => {
          const percent = frequency === 'once' || !discounts ? 0 : discounts[frequency];
          return (
            <Radio
              key={frequency}
              value={frequency}
              disabled={disabled}
              label={t(`series.frequency.${frequency}`)}
              description={percent > 0 ? t('series.frequency.save', { percent }) : undefined}
            />
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
