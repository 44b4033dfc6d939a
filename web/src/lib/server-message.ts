import { i18n } from './i18n';

/**
 * The API answers in English with the spec's texts. Known texts are shown in the active language
 * (the `serverMessages` table of the `errors` namespace); anything else as sent, or the fallback.
 */
export function localizeServerMessage(message: string | null | undefined, fallback: string): string {
  if (!message) return fallback;
  const table = i18n.getResource(i18n.language, 'errors', 'serverMessages') as
    | Record<string, string>
    | undefined;
  return table?.[message] ?? message;
}
