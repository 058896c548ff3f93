import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

/** Centred spinner shown while a lazily loaded screen arrives; announced as "Loading...". */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
