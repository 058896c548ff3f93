import { addDays, defaultRange, FROM_TODAY_DEFAULT_DAYS, todayIn, type DayRange } from '@eclat/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';

import { ListRangeInput } from '@/components/ui/date-range-input';
import { useBusinessTimeZone } from '@/features/appointments/api/get-slots';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useAvailabilities } from '../api/get-availabilities';
import { AddTeamAvailability } from './add-team-availability';
import { AvailabilitiesList } from './availabilities-list';

/**
 * The admin dashboard's Employee Availabilities tab: Add Availability for a team member, then
 * everyone's availabilities on a stretch of days (from today, eight weeks, unless another is chosen),
 * each with Assign Schedule (the modal of spec §2) and Delete.
 */
export function AvailabilitiesPanel() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const timeZone = useBusinessTimeZone();
  const [range, setRange] = useState<DayRange | null>(null);
  return (
    <Stack gap="md">
      <AddTeamAvailability
        onAdded={(day) => {
          // A day the list does not show: the list moves to it, so the admin sees what they added.
          const shown = range ?? (timeZone.data ? defaultRange('fromToday', todayIn(timeZone.data)) : null);
          if (!shown || day < shown.from || day > shown.to) {
            setRange({ from: day, to: addDays(day, FROM_TODAY_DEFAULT_DAYS - 1) });
          }
        }}
      />
      <ListRangeInput
        kind="fromToday"
        value={range}
        onChange={setRange}
        timeZone={timeZone.data}
        locale={locale}
      />
      <AvailabilitiesList
        availabilities={useAvailabilities(range)}
        scope="any"
        caption={t('availabilities.panel.caption')}
        empty={t('availabilities.panel.empty')}
      />
    </Stack>
  );
}
