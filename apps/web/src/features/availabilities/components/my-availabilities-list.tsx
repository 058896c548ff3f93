import { Stack } from '@mantine/core';

import { ListRangeInput } from '@/components/ui/date-range-input';
import { useBusinessTimeZone } from '@/features/appointments/api/get-slots';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { useRangeInAddress } from '@/lib/use-range-in-address';

import { useMyAvailabilities } from '../api/get-my-availabilities';
import { AvailabilitiesList } from './availabilities-list';

/**
 * The signed-in employee's availabilities with Edit, Assign Schedule and Delete (spec §2), on a stretch
 * of days: from today, eight weeks, unless another is chosen (kept in the address).
 */
export function MyAvailabilitiesList() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const timeZone = useBusinessTimeZone();
  // In the address (`?from=…&to=…`): a reload or a link shows the same days.
  const [range, setRange] = useRangeInAddress();
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
