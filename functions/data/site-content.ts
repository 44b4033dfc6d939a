import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TickerCoinChoice } from '@shared/constants';
import type { SiteBlock } from '@shared/contract/site-content';
import type { Language } from '@shared/enums';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-window';
import type { TransactItem } from './transactions';

/**
 * The blocks of the public pages staff wrote (keys.ts pattern 58, docs/product.md "Pages staff
 * edit"): each block's Markdown in one language and the sanitized HTML it renders to, the
 * partition's version (one more with each change), and what the publisher last wrote into the
 * site's pages.
 */
export interface SiteBlockRecord {
  block: SiteBlock;
  language: Language;
  markdown: string;
  html: string;
  updatedAt: string;
  updatedBy: string;
}

export interface SiteContentState {
  blocks: SiteBlockRecord[];
  /** One more with each change of a block or of the ticker's coins; 0 before the first. */
  version: number;
  /** The ticker's coins as an ADMIN chose them; undefined: never chosen. */
  tickerCoins: TickerCoinChoice[] | undefined;
}

export interface PublishedRecord {
  version: number;
  at: string;
}

/** The whole partition: every written block, the version and the ticker's coins (a dozen items, one Query). */
export async function readSiteContent(): Promise<SiteContentState> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.siteContentPartition },
  });
  const blocks: SiteBlockRecord[] = [];
  let version = 0;
  let tickerCoins: TickerCoinChoice[] | undefined;
  for (const item of items) {
    if (item.sk === keys.siteContentVersion.sk) version = Number(item.version);
    else if (item.sk === keys.tickerChoice.sk) tickerCoins = item.coins as TickerCoinChoice[];
    else if (String(item.sk).startsWith(keys.siteBlockSortKeyPrefix)) blocks.push(blockOf(item));
  }
  return { blocks, version, tickerCoins };
}

function blockOf(item: Record<string, unknown>): SiteBlockRecord {
  return {
    block: item.block as SiteBlock,
    language: item.language as Language,
    markdown: String(item.markdown),
    html: String(item.html),
    updatedAt: String(item.updatedAt),
    updatedBy: String(item.updatedBy),
  };
}

/** A block's Put (written) or Delete (back to the built-in text), for the change's transaction. */
export function siteBlockWrite(
  block: SiteBlock,
  language: Language,
  written: Omit<SiteBlockRecord, 'block' | 'language'> | null,
): TransactItem {
  const key = keys.siteBlock(block, language);
  if (!written) return { Delete: { TableName: tableName, Key: key } };
  return { Put: { TableName: tableName, Item: { ...key, block, language, ...written } } };
}

/** The version's ADD, in the same transaction as the change it counts. */
export function siteContentVersionBump(): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.siteContentVersion,
      UpdateExpression: 'ADD version :one',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

export async function findPublished(): Promise<PublishedRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.siteContentPublished }));
  return Item ? { version: Number(Item.version), at: String(Item.at) } : undefined;
}

/**
 * What the publisher wrote, unless a publisher that read a later version got there first (two
 * changes in a row publish twice; the later one's record stands).
 */
export async function recordPublished(published: PublishedRecord): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.siteContentPublished, ...published },
        ConditionExpression: 'attribute_not_exists(pk) OR version <= :version',
        ExpressionAttributeValues: { ':version': published.version },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The ticker's coins as an ADMIN chose them; undefined: never chosen. */
export async function findTickerChoice(): Promise<TickerCoinChoice[] | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.tickerChoice }));
  return Item ? (Item.coins as TickerCoinChoice[]) : undefined;
}

export function tickerChoiceWrite(coins: readonly TickerCoinChoice[], at: string, by: string): TransactItem {
  return {
    Put: { TableName: tableName, Item: { ...keys.tickerChoice, coins, updatedAt: at, updatedBy: by } },
  };
}
