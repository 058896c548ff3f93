import { useTranslation } from '@/lib/i18n';

import { useMyAvailabilities } from '../api/get-my-availabilities';
import { AvailabilitiesList } from './availabilities-list';

/** The signed-in employee's availabilities with Edit, Assign Schedule and Delete (spec §2). */
export function MyAvailabilitiesList() {
  const { t } = useTranslation();
  return (
    <AvailabilitiesList
      availabilities={useMyAvailabilities()}
      scope="mine"
      caption={t('availabilities.mine.caption')}
      empty={t('availabilities.mine.empty')}
    />
  );
}
