import { useTranslation } from 'react-i18next';

import { ComingSoonPanel } from '@/features/admin/components/coming-soon-panel';

/** The admin dashboard's Employees tab. */
export function EmployeesPanel() {
  const { t } = useTranslation();
  return <ComingSoonPanel title={t('admin.comingSoon.title')} text={t('admin.comingSoon.employees')} />;
}
