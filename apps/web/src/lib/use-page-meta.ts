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
 * Sets `document.title` to "<title> · Éclat" and the meta description from two translation keys, in the
 * active language, and again whenever the language changes. Returns the title for the h1.
 */
export function useDocumentMeta(
  titleKey: string,
  descriptionKey: string,
): { title: string; description: string } {
  const { t } = useTranslation();
  const title = t(titleKey);
  const description = t(descriptionKey);

  useEffect(() => {
    document.title = t('meta.documentTitle', { page: title, brand: t('brand.name') });
    setMetaDescription(description);
  }, [t, title, description]);

  return { title, description };
}

/** The same for a page of the route table, from `pages.<page>.title` and `pages.<page>.description`. */
export function usePageMeta(page: PageKey): { title: string; description: string } {
  return useDocumentMeta(`pages.${page}.title`, `pages.${page}.description`);
}
