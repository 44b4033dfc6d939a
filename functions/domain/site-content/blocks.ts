import { auditPut } from '@functions/data/audit';
import { readSiteContent, siteBlockWrite, siteContentVersionBump } from '@functions/data/site-content';
import { Transaction } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { TICKER_COIN_CHOICES } from '@shared/constants';
import type {
  AdminSiteContent,
  SiteBlock,
  SiteBlockBody,
  SiteBlockEntry,
  SiteContent,
} from '@shared/contract/site-content';
import type { Language } from '@shared/enums';
import { renderPageMarkdown } from './markdown';
import { lastPublishedAt, publishAfterChange } from './publish';
import { tickerCoins } from './ticker';

/**
 * The blocks of the public pages staff write (docs/product.md "Pages staff edit"): what the site
 * reads, the ADMIN's list and editor, and a change, which is stored with its audit entry and then
 * published into the prerendered pages.
 */
export async function siteContentIn(language: Language): Promise<SiteContent> {
  const { blocks } = await readSiteContent();
  return {
    language,
    blocks: Object.fromEntries(
      blocks.filter((block) => block.language === language).map((block) => [block.block, block.html]),
    ),
  };
}

export async function adminSiteContent(): Promise<AdminSiteContent> {
  const [{ blocks }, publishedAt, ticker] = await Promise.all([
    readSiteContent(),
    lastPublishedAt(),
    tickerCoins(),
  ]);
  return {
    entries: blocks,
    publishedAt,
    tickerCoins: ticker,
    tickerCoinChoices: [...TICKER_COIN_CHOICES],
  };
}

export interface SavedSiteBlock {
  block: SiteBlock;
  language: Language;
  entry: SiteBlockEntry | null;
  /** Whether the prerendered pages took it now (else the publishing job will, within minutes). */
  published: boolean;
}

/**
 * Stores a block's Markdown and its sanitized HTML (blank text: the built-in text again), counts the
 * change in the version and audits it in one transaction, then publishes. A publish that fails
 * leaves the change stored: the job publishes it.
 */
export async function saveSiteBlock(
  block: SiteBlock,
  { language, markdown }: SiteBlockBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<SavedSiteBlock> {
  const before = (await readSiteContent()).blocks.find(
    (stored) => stored.block === block && stored.language === language,
  );
  const written =
    markdown.trim() === ''
      ? null
      : { markdown, html: renderPageMarkdown(markdown), updatedAt: now.toISOString(), updatedBy: actor.id };
  if (!before && !written) return { block, language, entry: null, published: true };
  await new Transaction()
    .add('block', siteBlockWrite(block, language, written))
    .add('version', siteContentVersionBump())
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: written ? 'siteContent.write' : 'siteContent.reset',
        targetType: 'siteContent',
        targetId: `${block}#${language}`,
        before: before ? { markdown: before.markdown } : null,
        after: written ? { markdown: written.markdown } : null,
        at: now,
      }),
    )
    .run();
  const published = await publishAfterChange({ block, language }, now);
  return { block, language, entry: written ? { block, language, ...written } : null, published };
}
