import { addDays, defaultRange, FROM_TODAY_DEFAULT_DAYS, todayIn, type DayRange } from '@eclat/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';

import { useBusinessTimeZone } from '@/lib/business-time-zone';

import { useAvailabilities } from '../api/get-availabilities';
import { AddTeamAvailability } from './add-team-availability';
import { AvailabilitiesInRange } from './availabilities-in-range';

/**
 * The admin dashboard's Employee Availabilities tab: Add Availability for a team member, then
 * everyone's availabilities on a stretch of days (from today, eight weeks, unless another is chosen),
 * each with Assign Schedule (the modal of spec §2) and Delete.
 */
export function AvailabilitiesPanel() {
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
      <AvailabilitiesInRange
        scope="any"
        range={range}
        onRangeChange={setRange}
        availabilities={useAvailabilities(range)}
      />
    </Stack>
  );
}
