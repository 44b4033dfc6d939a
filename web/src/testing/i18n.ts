import type { Language } from '@shared/enums';
import type { Resource } from 'i18next';
import { i18n, initI18n } from '../lib/i18n';

/** Every locale file, bundled for tests (the app fetches them at run time instead). */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, data] of Object.entries(files)) {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (!language || !namespace) continue;
    resources[language] ??= {};
    resources[language][namespace] = data;
  }
  return resources;
}

/** Starts the app's i18n instance with in-memory resources, once per test file. */
export async function setupTestI18n(language: Language = 'en') {
  if (!i18n.isInitialized) await initI18n({ resources: localeResources(), language });
  else await i18n.changeLanguage(language);
  return i18n;
}
