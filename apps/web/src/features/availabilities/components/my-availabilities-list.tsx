import { Stack } from '@mantine/core';

import { useRangeInAddress } from '@/lib/use-range-in-address';

import { useMyAvailabilities } from '../api/get-my-availabilities';
import { AvailabilitiesInRange } from './availabilities-in-range';

/**
 * The signed-in employee's availabilities with Edit, Assign Schedule and Delete (spec §2), on a stretch
 * of days: from today, eight weeks, unless another is chosen (kept in the address).
 */
export function MyAvailabilitiesList() {
  // In the address (`?from=…&to=…`): a reload or a link shows the same days.
  const [range, setRange] = useRangeInAddress();
  return (
    <Stack gap="md">
      <AvailabilitiesInRange
        scope="mine"
        range={range}
        onRangeChange={setRange}
        availabilities={useMyAvailabilities(range)}
      />
    </Stack>
  );
}
