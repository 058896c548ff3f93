import {
  RECURRING_FREQUENCIES,
  recurringDiscountsSchema,
  type RecurringDiscounts,
  type RecurringFrequency,
} from '@eclat/shared';
import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { useErrorToast } from '@/lib/error-toast';
import { useTranslation } from '@/lib/i18n';

import { useRecurringDiscounts } from '../api/get-recurring-discounts';
import { useSaveRecurringDiscounts } from '../api/save-recurring-discounts';

type Errors = Partial<Record<RecurringFrequency, string>>;

function DiscountsForm({ initial }: { initial: RecurringDiscounts }) {
  const { t } = useTranslation();
  const save = useSaveRecurringDiscounts();
  const showError = useErrorToast();
  const [values, setValues] = useState<Record<RecurringFrequency, number | string>>(initial);
  const [isFirstDiscounted, setIsFirstDiscounted] = useState(initial.firstVisitDiscounted);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const input = {
      weekly: Number(values.weekly === '' ? Number.NaN : values.weekly),
      every2Weeks: Number(values.every2Weeks === '' ? Number.NaN : values.every2Weeks),
      every4Weeks: Number(values.every4Weeks === '' ? Number.NaN : values.every4Weeks),
      firstVisitDiscounted: isFirstDiscounted,
    };
    const parsed = recurringDiscountsSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && (RECURRING_FREQUENCIES as readonly string[]).includes(field))
          found[field as RecurringFrequency] = t('series.errors.discount');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(t('admin.series.discounts.saved'));
      },
      onError: showError,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {RECURRING_FREQUENCIES.map((frequency) => (
            <NumberInput
              key={frequency}
              label={t(`admin.series.discounts.${frequency}`)}
              value={values[frequency]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [frequency]: value }));
                setErrors((current) => ({ ...current, [frequency]: undefined }));
              }}
              min={0}
              max={90}
              allowDecimal={false}
              allowNegative={false}
              required
              error={errors[frequency]}
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label={t('admin.series.discounts.firstVisit')}
          checked={isFirstDiscounted}
          onChange={(event) => {
            setIsFirstDiscounted(event.currentTarget.checked);
          }}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('admin.series.discounts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The admin sets the discount of each frequency and whether the first visit has it (decision 020). */
export function RecurringDiscountsForm() {
  const { t } = useTranslation();
  const discounts = useRecurringDiscounts();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('admin.series.discounts.intro')}
      </Text>
      {discounts.isPending ? (
        <BlockSkeleton height={120} />
      ) : discounts.isError ? (
        <LoadErrorAlert
          message={t('admin.series.discounts.loadError')}
          onRetry={() => void discounts.refetch()}
        />
      ) : (
        <DiscountsForm initial={discounts.data} />
      )}
    </Stack>
  );
}
