import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { InvalidRequest } from '@functions/commons/errors';
import { fieldError } from '@shared/field-rules';
import { db, tableName } from './client';

type Key = Record<string, unknown>;

/**
 * Every item a Query names, page after page (its LastEvaluatedKey followed to the end): for the
 * partitions read whole, which stay small (accounts, templates, a deal's entries, an account's
 * postings, the rates table, the partners). `client` exactDb reads numbers as exact text.
 */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  client: typeof db = db,
): Promise<Key[]> {
  const items: Key[] = [];
  let startKey: Key | undefined;
  do {
    const page = await client.send(
      new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** One ordered partition to list: a base-table partition (optionally a sort-key prefix) or a GSI's. */
export interface ListPartition {
  indexName?: 'gsi1' | 'gsi2' | 'gsi3';
  /** Partition key value. */
  value: string;
  /** Only sort keys starting with this (base-table partitions that hold several kinds of item). */
  sortKeyPrefix?: string;
  /** Only sort keys strictly below this (e.g. a creation-time cutoff). */
  sortKeyBefore?: string;
  /** Only sort keys from `from` to `to`, both included (a period). */
  sortKeyBetween?: { from: string; to: string };
}

/** Skipping more than this many items to reach a page is refused (see docs/decisions.md). */
export const MAX_SKIP = 5000;
const SKIP_PAGE = 1000;

/** A `page` so far from both ends that reaching it would read too much (see docs/decisions.md). */
export class PageTooDeep extends InvalidRequest {
  constructor() {
    super('Validation failed.', {
      fields: [fieldError('query.page', 'pageTooDeep', { max: MAX_SKIP })],
    });
  }
}

/** A `cursor` this list did not hand out. */
export class InvalidCursor extends InvalidRequest {
  constructor() {
    super('Validation failed.', { fields: [fieldError('query.cursor', 'invalidCursor')] });
  }
}

function keyNames(partition: ListPartition) {
  return partition.indexName
    ? { pk: `${partition.indexName}pk`, sk: `${partition.indexName}sk` }
    : { pk: 'pk', sk: 'sk' };
}

function queryInput(partition: ListPartition, forward: boolean): QueryCommandInput {
  const names = keyNames(partition);
  const values: Record<string, unknown> = { ':pk': partition.value };
  let condition = `${names.pk} = :pk`;
  const sortKeyConditions = [partition.sortKeyPrefix, partition.sortKeyBefore, partition.sortKeyBetween];
  if (sortKeyConditions.filter((given) => given !== undefined).length > 1) {
    throw new Error('Use one of sortKeyPrefix, sortKeyBefore and sortKeyBetween.');
  }
  if (partition.sortKeyPrefix !== undefined) {
    condition += ` AND begins_with(${names.sk}, :prefix)`;
    values[':prefix'] = partition.sortKeyPrefix;
  }
  if (partition.sortKeyBefore !== undefined) {
    condition += ` AND ${names.sk} < :before`;
    values[':before'] = partition.sortKeyBefore;
  }
  if (partition.sortKeyBetween !== undefined) {
    condition += ` AND ${names.sk} BETWEEN :from AND :to`;
    values[':from'] = partition.sortKeyBetween.from;
    values[':to'] = partition.sortKeyBetween.to;
  }
  return {
    TableName: tableName,
    IndexName: partition.indexName,
    KeyConditionExpression: condition,
    ExpressionAttributeValues: values,
    ScanIndexForward: forward,
  };
}

/** Reads up to `count` items after `startKey`, following DynamoDB's 1 MB pages. */
export async function readItems(
  partition: ListPartition,
  options: { forward: boolean; count: number; startKey?: Key; keysOnly?: boolean },
): Promise<{ items: Key[]; lastKey: Key | undefined }> {
  const items: Key[] = [];
  let startKey = options.startKey;
  const base = queryInput(partition, options.forward);
  if (options.keysOnly) {
    const names = keyNames(partition);
    base.ProjectionExpression = [...new Set(['pk', 'sk', names.pk, names.sk])].join(', ');
  }
  while (items.length < options.count) {
    const page = await db.send(
      new QueryCommand({ ...base, Limit: options.count - items.length, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  return { items, lastKey: startKey };
}

/**
 * Items at positions [offset, offset + count) of the partition in the given order. The walk to
 * `offset` starts from whichever end is nearer (by the counter `total`) and reads keys only;
 * each skipped item still costs its read, so walks longer than MAX_SKIP are refused.
 */
export async function readRange(
  partition: ListPartition,
  options: { forward: boolean; offset: number; count: number; total: number },
): Promise<Key[]> {
  const { forward, offset, count, total } = options;
  if (offset >= total) return [];
  const fromFarEnd = offset > total - (offset + count);
  const skip = fromFarEnd ? Math.max(0, total - offset - count) : offset;
  const take = fromFarEnd ? Math.min(count, total - offset) : count;
  if (skip > MAX_SKIP) throw new PageTooDeep();
  const direction = fromFarEnd ? !forward : forward;
  let startKey: Key | undefined;
  let skipped = 0;
  while (skipped < skip) {
    const page = await readItems(partition, {
      forward: direction,
      count: Math.min(SKIP_PAGE, skip - skipped),
      startKey,
      keysOnly: true,
    });
    skipped += page.items.length;
    startKey = page.lastKey;
    if (!startKey) return [];
  }
  const { items } = await readItems(partition, { forward: direction, count: take, startKey });
  return fromFarEnd ? items.reverse() : items;
}

/**
 * A cursor of a filtered list read by index sort key (the movements, the security log): the last
 * sort key read and a tag of the filter it was read for, base64url-encoded JSON.
 */
export function encodeFilteredCursor(filterTag: string, sortKey: string): string {
  return Buffer.from(JSON.stringify({ f: filterTag, k: sortKey })).toString('base64url');
}

/**
 * The sort key a cursor of `encodeFilteredCursor` continues below, when it was made for this
 * filter and `validKey` accepts its key; anything else is an InvalidCursor.
 */
export function decodeFilteredCursor(
  filterTag: string,
  cursor: string,
  validKey: (sortKey: string) => boolean,
): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  const { f, k } = (decoded ?? {}) as { f?: unknown; k?: unknown };
  if (
    typeof decoded !== 'object' ||
    Array.isArray(decoded) ||
    f !== filterTag ||
    typeof k !== 'string' ||
    !validKey(k)
  )
    throw new InvalidCursor();
  return k;
}

/** An opaque cursor: the last item's key, base64url-encoded. */
export function encodeCursor(lastKey: Key | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

/**
 * Decodes a cursor made by `encodeCursor` for this partition. Anything else (garbage, another
 * partition's key, extra attributes, an empty key value DynamoDB would refuse) is an
 * InvalidCursor, never a DynamoDB error.
 */
export function decodeCursor(partition: ListPartition, cursor: string): Key {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  const names = keyNames(partition);
  const expected = [...new Set(['pk', 'sk', names.pk, names.sk])].sort();
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw new InvalidCursor();
  const key = decoded as Record<string, unknown>;
  const actual = Object.keys(key).sort();
  const valid =
    actual.length === expected.length &&
    actual.every((name, index) => name === expected[index]) &&
    actual.every(
      (name) =>
        typeof key[name] === 'string' &&
        (key[name] as string).length > 0 &&
        (key[name] as string).length <= 400,
    ) &&
    key[names.pk] === partition.value &&
    (partition.sortKeyPrefix === undefined || String(key[names.sk]).startsWith(partition.sortKeyPrefix)) &&
    (partition.sortKeyBetween === undefined ||
      (String(key[names.sk]) >= partition.sortKeyBetween.from &&
        String(key[names.sk]) <= partition.sortKeyBetween.to));
  if (!valid) throw new InvalidCursor();
  return key;
}

/** The cursor that continues after `item` (an item read from this partition). */
export function cursorAfter(partition: ListPartition, item: Key | undefined): string | null {
  if (!item) return null;
  const names = keyNames(partition);
  const key = Object.fromEntries(
    [...new Set(['pk', 'sk', names.pk, names.sk])].map((name) => [name, item[name]]),
  );
  return encodeCursor(key);
}

/**
 * Up to `limit` items after `cursor` (a cursor this partition handed out) and the cursor that
 * continues after the last of them, null exactly when nothing follows: one more item is read to
 * know. Its cost is the page's items, however far into the partition the cursor is.
 */
export async function readCursorPage(
  partition: ListPartition,
  options: { forward: boolean; limit: number; cursor?: string | undefined },
): Promise<{ items: Key[]; nextCursor: string | null }> {
  const { items } = await readItems(partition, {
    forward: options.forward,
    count: options.limit + 1,
    startKey: options.cursor ? decodeCursor(partition, options.cursor) : undefined,
  });
  const page = items.slice(0, options.limit);
  return {
    items: page,
    nextCursor: items.length > options.limit ? cursorAfter(partition, page.at(-1)) : null,
  };
}

/**
 * One page of a list: after a cursor when given (cheap at any depth), else at page `page`
 * (walked, see readRange). `nextCursor` is set when the page is full.
 */
export async function readPage(
  partition: ListPartition,
  options: { forward: boolean; page: number; limit: number; total: number; cursor?: string | undefined },
): Promise<{ items: Key[]; nextCursor: string | null }> {
  const items = options.cursor
    ? (
        await readItems(partition, {
          forward: options.forward,
          count: options.limit,
          startKey: decodeCursor(partition, options.cursor),
        })
      ).items
    : await readRange(partition, {
        forward: options.forward,
        offset: (options.page - 1) * options.limit,
        count: options.limit,
        total: options.total,
      });
  return {
    items,
    nextCursor: items.length === options.limit ? cursorAfter(partition, items.at(-1)) : null,
  };
}
