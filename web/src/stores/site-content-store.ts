import type { SiteBlock } from '@shared/contract/site-content';
import type { Language } from '@shared/enums';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

/**
 * The blocks of the pages staff edit (shared/contract/site-content.ts), by language: a block's
 * written HTML (sanitized by the server), null where the site shows its built-in text, absent
 * while not known. A prerendered page seeds the blocks it holds before the app hydrates
 * (web/src/components/site-content/content-slot.tsx); the others are read from the API when a
 * slot of theirs shows.
 */
export type SiteBlockTexts = Partial<Record<SiteBlock, string | null>>;

interface SiteContentState {
  byLanguage: Partial<Record<Language, SiteBlockTexts>>;
}

export const useSiteContentStore = create<SiteContentState>()(() => ({ byLanguage: {} }));

export function recordSiteBlocks(language: Language, blocks: SiteBlockTexts) {
  useSiteContentStore.setState((state) => ({
    byLanguage: { ...state.byLanguage, [language]: { ...state.byLanguage[language], ...blocks } },
  }));
}

/** Each language's read under way or done: one request per language. */
const loads = new Map<Language, Promise<void>>();

/**
 * Reads every block of a language from the API once; the API client loads with it
 * (web/src/lib/site-content-api.ts). A failed read changes nothing (the slots keep the built-in
 * text) and is forgotten, so a slot shown later asks again.
 */
export function loadSiteContent(language: Language): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    load = import('../lib/site-content-api')
      .then((api) => api.fetchSiteBlocks(language))
      .then(
        (blocks) => recordSiteBlocks(language, blocks),
        () => {
          loads.delete(language);
        },
      );
    loads.set(language, load);
  }
  return load;
}

/** Nothing known, nothing read: for tests. */
export function resetSiteContent() {
  loads.clear();
  useSiteContentStore.setState({ byLanguage: {} });
}

/**
 * A block's text in a language, re-rendering when it changes. The current state stands in for the
 * server's too (zustand's own hook would hydrate from the initial, empty state): what was seeded is
 * what the prerendered HTML holds, and the build's prerendering never fills the store.
 */
export function useSiteBlock(block: SiteBlock, language: Language): string | null | undefined {
  const read = () => useSiteContentStore.getState().byLanguage[language]?.[block];
  return useSyncExternalStore(useSiteContentStore.subscribe, read, read);
}
