import { logger } from '@functions/commons/logger';
import {
  findPublished,
  readSiteContent,
  recordPublished,
  type SiteBlockRecord,
} from '@functions/data/site-content';
import { readSitePage, TEMPLATE_PREFIX, writeSitePage } from '@functions/data/site-pages';
import { LANGUAGES, type Language } from '@shared/enums';
import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '@shared/site-pages';
import { pageWithBlocks, publishedVersionOf } from './pages';

/**
 * Publishing (docs/architecture.md §13 "Pages staff edit"): every prerendered page of the site
 * bucket rewritten from the build's copy of it with the blocks written now (and the ticker's coins
 * chosen now: none, no ticker). Run after each change of a block or of the coins, and by the `publishSiteContent` job, which publishes again when the landing page
 * does not carry the blocks' version: after a deploy (which puts the build's pages back) or when
 * two changes' publishes crossed.
 */
const PAGE_FILES = [...Object.values(PRERENDERED_PAGES), NOT_FOUND_PAGE];
/** The page the job looks at: every language's landing page holds blocks. */
const WATCHED_PAGE = `ru/${PRERENDERED_PAGES['/']}.html`;

export interface PublishResult {
  version: number;
  pagesWritten: number;
}

function writtenIn(blocks: readonly SiteBlockRecord[], language: Language): Map<string, string> {
  return new Map(
    blocks.filter((block) => block.language === language).map((block) => [block.block, block.html]),
  );
}

export async function publishSiteContent(now = new Date()): Promise<PublishResult> {
  const { blocks, version, tickerCoins } = await readSiteContent();
  // None chosen, no ticker: the landing page does not hold a band for it (TICKER_OFF_ATTRIBUTE).
  const tickerOff = tickerCoins?.length === 0;
  const written = await Promise.all(
    LANGUAGES.flatMap((language) =>
      PAGE_FILES.map((file) =>
        publishPage(`${language}/${file}.html`, writtenIn(blocks, language), version, tickerOff),
      ),
    ),
  );
  await recordPublished({ version, at: now.toISOString() });
  return { version, pagesWritten: written.filter(Boolean).length };
}

/** One page: its build copy kept on first sight, then rewritten from that copy; false when unchanged or absent. */
async function publishPage(
  key: string,
  written: ReadonlyMap<string, string>,
  version: number,
  tickerOff: boolean,
): Promise<boolean> {
  const current = await readSitePage(key);
  if (current === undefined) return false;
  let template: string | undefined;
  if (publishedVersionOf(current) === undefined) {
    // The build's page, as the deploy put it: the copy every later publish starts from.
    template = current;
    await writeSitePage(`${TEMPLATE_PREFIX}${key}`, current);
  } else {
    template = await readSitePage(`${TEMPLATE_PREFIX}${key}`);
    if (template === undefined) {
      logger.warn('site page without its build copy: published over the page itself', { key });
      template = current;
    }
  }
  const page = pageWithBlocks(template, written, version, tickerOff);
  if (page === current) return false;
  await writeSitePage(key, page);
  return true;
}

/**
 * Publishes after a stored change; false when the publish failed, which leaves the change stored
 * for the job to publish within minutes (logged with `change`, what was changed).
 */
export async function publishAfterChange(change: Record<string, string>, now = new Date()): Promise<boolean> {
  try {
    await publishSiteContent(now);
    return true;
  } catch (error) {
    logger.warn('site content stored, not yet published: the job will publish it', {
      ...change,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/** The job's check: publishes only when the landing page does not carry the current version. */
export async function publishIfStale(now = new Date()): Promise<PublishResult | undefined> {
  const [page, { version }] = await Promise.all([readSitePage(WATCHED_PAGE), readSiteContent()]);
  if (page === undefined || publishedVersionOf(page) === version) return undefined;
  return publishSiteContent(now);
}

/** When the pages last took the blocks (the editor shows it). */
export async function lastPublishedAt(): Promise<string | null> {
  return (await findPublished())?.at ?? null;
}
