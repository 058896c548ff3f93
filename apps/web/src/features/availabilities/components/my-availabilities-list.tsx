import type { DayRange } from '@eclat/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';

import { ListRangeInput } from '@/components/ui/date-range-input';
import { useBusinessTimeZone } from '@/features/appointments/api/get-slots';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useMyAvailabilities } from '../api/get-my-availabilities';
import { AvailabilitiesList } from './availabilities-list';

/**
 * The signed-in employee's availabilities with Edit, Assign Schedule and Delete (spec §2), on a stretch
 * of days: from today, eight weeks, unless another is chosen.
 */
export function MyAvailabilitiesList() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const timeZone = useBusinessTimeZone();
  const [range, setRange] = useState<DayRange | null>(null);
  return (
    <Stack gap="md">
      <ListRangeInput
        kind="fromToday"
        value={range}
        onChange={setRange}
        timeZone={timeZone.data}
        locale={locale}
      />
      <AvailabilitiesList
        availabilities={useMyAvailabilities(range)}
        scope="mine"
        caption={t('availabilities.mine.caption')}
        empty={t('availabilities.mine.empty')}
      />
    </Stack>
  );
}
