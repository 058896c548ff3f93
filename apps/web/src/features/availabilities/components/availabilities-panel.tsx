import { Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { useAvailabilities } from '../api/get-availabilities';
import { AddTeamAvailability } from './add-team-availability';
import { AvailabilitiesList } from './availabilities-list';

/**
 * The admin dashboard's Employee Availabilities tab: Add Availability for a team member, then
 * everyone's availabilities, each with Assign Schedule (the modal of spec §2) and Delete.
 */
export function AvailabilitiesPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <AddTeamAvailability />
      <AvailabilitiesList
        availabilities={useAvailabilities()}
        scope="any"
        caption={t('availabilities.panel.caption')}
        empty={t('availabilities.panel.empty')}
      />
    </Stack>
  );
}
