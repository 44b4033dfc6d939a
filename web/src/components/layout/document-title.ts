import { NOT_FOUND_PAGE, PAGE_META_KEYS, type PageMetaKey } from '@shared/site-pages';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const ROUTES: readonly string[] = Object.values(paths);

/**
 * The `meta.*` texts that title the page at `pathname`: a prerendered page's own (the title its
 * HTML was served with, docs/architecture.md §13), the 404 page's for a path no route knows (the
 * router's `*` route; /admin routes its own paths, /applications/:id is an order page), none for the
 * other routes.
 */
export function pageMetaKey(pathname: string): PageMetaKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (Object.hasOwn(PAGE_META_KEYS, path)) return PAGE_META_KEYS[path as keyof typeof PAGE_META_KEYS];
  // A regular expression rather than the paths' values: the cheapest in the landing page's chunk.
  if (ROUTES.includes(path) || /^\/(admin|applications)\//.test(path)) return null;
  return PAGE_META_KEYS[NOT_FOUND_PAGE];
}

/**
 * Keeps the tab's title, and a page's meta description, in the UI language: a page with texts of
 * its own keeps them after hydration and after a language switch; other routes show the brand.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  const key = pageMetaKey(pathname);
  const title = key ? t(`meta.${key}.title`) : t('brand.title');
  const description = key ? t(`meta.${key}.description`) : null;
  useEffect(() => {
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
