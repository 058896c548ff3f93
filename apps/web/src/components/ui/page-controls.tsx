import { Pagination } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

type PageControlsProps = {
  /** Pages in all (nothing is shown for one page or none). */
  total: number;
  /** The page shown, from 1. */
  page: number;
  onChange: (page: number) => void;
  /** The translated name of the controls ("Appointment pages"). */
  label: string;
  /** The translated name of one page's button; "Page 3" unless given. */
  pageLabel?: (page: number) => string;
};

/** The page buttons under a paged list, named for screen readers, the same on every list. */
export function PageControls({ total, page, onChange, label, pageLabel }: PageControlsProps) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={Math.min(page, total)}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      aria-label={label}
      getItemProps={(item) => ({
        'aria-label': pageLabel ? pageLabel(item) : t('staffAppointments.pageLabel', { page: item }),
      })}
      getControlProps={(control) => ({ 'aria-label': t(`staffAppointments.pageControls.${control}`) })}
    />
  );
}
