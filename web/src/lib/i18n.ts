// The names alone: the brand's contacts (contacts.json) stay out of every page's bundle.
import brandName from '@shared/brand/names.json';
import type { Language } from '@shared/enums';
import i18next, { type BackendModule, type Resource, type TFunction } from 'i18next';
import { use, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../config/entry-values';
import { languageDetector } from './language-detector';

/** The spec's translation namespaces (§9), and `security` (two-step verification: profile and admin). */
export const NAMESPACES = [
  'common',
  'forms',
  'admin',
  'errors',
  'auth',
  'profile',
  'legal',
  'security',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Locale files are emitted as hashed JSON assets and fetched on demand, so a visitor downloads
 * only the active language's namespaces that the current screen needs (and no JavaScript for them).
 */
const localeUrls = import.meta.glob<string>('../locales/*/*.json', {
  eager: true,
  query: '?url',
  import: 'default',
});

const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const url = localeUrls[`../locales/${language}/${namespace}.json`];
    if (!url) {
      callback(null, {});
      return;
    }
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json();
      })
      .then(
        (data) => callback(null, data),
        (error: Error) => callback(error, false),
      );
  },
};

export const i18n = i18next.createInstance();

function syncDocumentLanguage(language: string) {
  // Only a change: writing `lang`, even unchanged, makes the browser recompute the page's style.
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

/**
 * Starts i18next. The detector always answers a supported language, so no fallback language is
 * loaded beside it (only the active language's resources are fetched). Tests pass `resources`.
 */
export async function initI18n(options: { resources?: Resource; language?: Language } = {}) {
  if (!options.resources) i18n.use(fetchBackend);
  if (!options.language) i18n.use(languageDetector);
  i18n.on('languageChanged', syncDocumentLanguage);
  await i18n.init({
    ...(options.resources ? { resources: options.resources } : {}),
    ...(options.language ? { lng: options.language } : {}),
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    // The brand's name (shared/brand/names.json) in every text: `{{brand.ru}}`, `{{brand.en}}` (docs/decisions.md).
    interpolation: { escapeValue: false, defaultVariables: { brand: brandName } },
    returnNull: false,
    showSupportNotice: false,
  });
  syncDocumentLanguage(i18n.language);
  return i18n;
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export function changeLanguage(language: Language) {
  return i18n.changeLanguage(language);
}

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const pendingLoads = new Map<string, Promise<unknown>>();

/** Loads namespaces once; route loaders call it so a screen's texts arrive with its code. */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<unknown> {
  const missing = namespaces.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing.length === 0) return Promise.resolve();
  const key = `${i18n.language}:${missing.join(',')}`;
  let pending = pendingLoads.get(key);
  if (!pending) {
    pending = i18n.loadNamespaces(missing).finally(() => pendingLoads.delete(key));
    pendingLoads.set(key, pending);
  }
  return pending;
}

/** The UI language, re-rendering on a change; without `t`, so it never waits for a namespace. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/**
 * `t` for the given namespaces (the first is the default), re-rendering on a language change.
 * Suspends while a namespace is still loading.
 */
export function useTranslation(namespaces: Namespace | readonly Namespace[] = 'common') {
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const language = useLanguage();
  const missing = list.some((namespace) => !i18n.hasLoadedNamespace(namespace));
  if (missing) use(loadNamespaces(list));
  const key = list.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `list`, `language` re-binds t.
  const t = useMemo(() => i18n.getFixedT(language, list as Namespace[]) as TFunction, [language, key]);
  return { t, language };
}
