import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { FormPage } from '@/components/ui/form-page';
import { IconLink } from '@/components/ui/icon-link';
import { paths } from '@/config/paths';

/** The frame of the add and edit availability screens, with a way back to the list. */
export function AvailabilityFormPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormPage
      title={title}
      intro={intro}
      before={
        <IconLink to={paths.myAvailabilities.getHref()} icon={<IconArrowLeft size={16} aria-hidden="true" />}>
          {t('availabilities.form.back')}
        </IconLink>
      }
    >
      {children}
    </FormPage>
  );
}
