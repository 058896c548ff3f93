import { useTranslation } from 'react-i18next';

import { ComingSoonPanel } from '@/features/admin/components/coming-soon-panel';

/** The admin dashboard's Employee Availabilities tab. */
export function AvailabilitiesPanel() {
  const { t } = useTranslation();
  return <ComingSoonPanel title={t('admin.comingSoon.title')} text={t('admin.comingSoon.availabilities')} />;
}
