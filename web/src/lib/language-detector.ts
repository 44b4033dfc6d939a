import type { Language } from '@shared/enums';
import type { LanguageDetectorModule } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES } from '../config/entry-values';

/**
 * Language detection in the spec's order: local storage, browser, html tag, path, subdomain; ru when
 * none of them names a supported language. A few lines instead of i18next-browser-languagedetector
 * keep the landing page's JavaScript within its budget (docs/decisions.md).
 */
export interface DetectionSources {
  stored: string | null;
  browser: readonly string[];
  htmlTag: string | null;
  pathname: string;
  hostname: string;
}

export function toSupportedLanguage(candidate: string | null | undefined): Language | null {
  const base = candidate?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

export function detectLanguage(sources: DetectionSources): Language {
  const candidates = [
    sources.stored,
    ...sources.browser,
    sources.htmlTag,
    sources.pathname.split('/')[1],
    sources.hostname.split('.').length > 2 ? sources.hostname.split('.')[0] : null,
  ];
  for (const candidate of candidates) {
    const language = toSupportedLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * On a prerendered page the edge already chose the language from the cookie and the browser's
 * Accept-Language (infra/edge/page-router.ts) and wrote it into <html lang>: only a stored choice
 * overrides it, so the page hydrates in the language it was served in.
 */
export function browserSources(): DetectionSources {
  const prerendered = document.getElementById('root')?.hasAttribute('data-prerendered') === true;
  return {
    stored: readStored(),
    browser: prerendered ? [] : navigator.languages?.length ? navigator.languages : [navigator.language],
    htmlTag: document.documentElement.getAttribute('lang'),
    pathname: location.pathname,
    hostname: location.hostname,
  };
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectLanguage(browserSources()),
  cacheUserLanguage: (language: string) => {
    // The cookie lets the edge serve the next page's HTML in this language (a year, like the storage).
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=31536000; Path=/; SameSite=Lax`;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  },
};
