import type { SiteBlock, SiteContent } from '@shared/contract/site-content';
import type { Language } from '@shared/enums';
import { SITE_CONTENT_API_PATH } from '@web/config/entry-values';

/**
 * The blocks of the pages staff edit (shared/contract/site-content.ts), by language: a block's
 * written HTML (sanitized by the server), null where the site shows its built-in text, undefined
 * while not known. A prerendered page seeds the blocks it holds before the app hydrates
 * (web/src/components/site-content/content-slot.tsx); a language is read from the API when a slot
 * shows a block not known in it. Plain module state rather than a store: it is in the landing
 * page's JavaScript, and only the slot that asked re-renders when a read ends.
 */

/** What the prerendered page holds, keyed `${language}${block}`. */
const seeded: Partial<Record<string, string | null>> = {};
/** Each language's answer: its written blocks; a block it does not list shows the built-in text. */
const answers: Partial<Record<Language, SiteContent['blocks']>> = {};
/** Each language's read under way or done: one request per language. */
const loads: Partial<Record<Language, Promise<unknown>>> = {};

export function seedSiteBlock(language: Language, block: string, html: string | null) {
  seeded[language + block] = html;
}

/** A block's text in a language: as the API answered, else as the page held it. */
export function siteBlock(language: Language, block: SiteBlock): string | null | undefined {
  const blocks = answers[language];
  return blocks ? (blocks[block] ?? null) : seeded[language + block];
}

/**
 * Reads every block of a language from the API once, resolving when the answer is known. A plain
 * fetch: the answer needs no session, and the API client stays out of the landing page's
 * JavaScript. A failed read changes nothing (the slots keep the built-in text) and is forgotten,
 * so a slot shown later asks again.
 */
export function loadSiteContent(language: Language): Promise<unknown> {
  loads[language] ??= fetch(`${SITE_CONTENT_API_PATH}?language=${language}`)
    .then((response) => response.json())
    .then(({ data }: { data: SiteContent }) => (answers[language] = data.blocks))
    .catch(() => {
      delete loads[language];
    });
  return loads[language];
}

/** Nothing known, nothing read: for tests. */
export function resetSiteContent() {
  for (const known of [seeded, answers, loads]) {
    for (const key of Object.keys(known)) delete known[key as Language];
  }
}
