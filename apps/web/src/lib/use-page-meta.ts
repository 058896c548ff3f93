import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';

import type { PageKey } from './i18n';

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets `document.title` to "<Page> · Éclat" and the meta description from `pages.<page>` in the
 * active language, and again whenever the language changes. Returns the page title for the h1.
 */
export function usePageMeta(page: PageKey): { title: string; description: string } {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  const description = t(`pages.${page}.description`);

  useEffect(() => {
    document.title = t('meta.documentTitle', { page: title, brand: t('brand.name') });
    setMetaDescription(description);
  }, [t, title, description]);

  return { title, description };
}
