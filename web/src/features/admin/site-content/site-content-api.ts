import type { TickerCoinChoice } from '@shared/constants';
import type { SiteBlock, SiteBlockBody } from '@shared/contract/site-content';
import {
  adminSiteContent,
  chooseTickerCoins,
  previewSiteBlock,
  saveSiteBlock,
} from '@shared/routes/site-content';
import { call } from '@web/lib/api-client';

/**
 * The pages section's calls (docs/product.md "Pages staff edit"): every written block, a block's
 * Markdown as the site would show it, a block saved in one language (empty: the built-in text), and
 * the landing page ticker's coins in their order (none: no ticker).
 */
export const siteContentApi = {
  list: async (signal?: AbortSignal) => (await call(adminSiteContent, { signal })).data,
  preview: async (markdown: string) => (await call(previewSiteBlock, { body: { markdown } })).data.html,
  save: async (block: SiteBlock, body: SiteBlockBody) =>
    (await call(saveSiteBlock, { params: { block }, body })).data,
  chooseTicker: async (coins: TickerCoinChoice[]) =>
    (await call(chooseTickerCoins, { body: { coins } })).data.coins,
};
