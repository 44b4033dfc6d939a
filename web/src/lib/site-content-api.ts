import { SITE_BLOCKS, type SiteBlock } from '@shared/contract/site-content';
import type { Language } from '@shared/enums';
import { siteContent } from '@shared/routes/site-content';
import { call } from './api-client';

/**
 * The blocks of the pages staff edit in one language: each block's written HTML (sanitized by the
 * server), or null where the site shows its built-in text. A module of its own, loaded with the
 * first read (web/src/stores/site-content-store.ts): a prerendered page holds its blocks already,
 * and the API client stays out of the landing page's JavaScript.
 */
export async function fetchSiteBlocks(language: Language): Promise<Record<SiteBlock, string | null>> {
  const { blocks } = (await call(siteContent, { query: { language } })).data;
  return Object.fromEntries(SITE_BLOCKS.map((block) => [block, blocks[block] ?? null])) as Record<
    SiteBlock,
    string | null
  >;
}
