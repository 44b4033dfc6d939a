import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { BlacklistKind } from '@shared/blacklist';
import { db, tableName } from './client';
import { keys } from './keys';
import { type ListPartition, readCursorPage } from './query-window';
import type { TransactItem } from './transactions';

/**
 * An entry of one of the operator's blacklists (access pattern 51): the kind and the value as
 * stored (shared/blacklist.ts `normalizeBlacklistValue`), why, who listed it and when.
 */
export interface BlacklistRecord {
  kind: BlacklistKind;
  value: string;
  reason: string;
  createdAt: string;
  createdById: string;
}

function toBlacklistRecord(item: Record<string, unknown>): BlacklistRecord {
  return {
    kind: item.kind as BlacklistKind,
    value: String(item.value),
    reason: String(item.reason),
    createdAt: String(item.createdAt),
    createdById: String(item.createdById),
  };
}

/**
 * The listed ones of these (kind, stored value) pairs: one consistent BatchGetItem of their keys
 * (at most a handful per request; unprocessed keys asked again), never a Scan.
 */
export async function findBlacklistEntries(
  wanted: readonly { kind: BlacklistKind; value: string }[],
): Promise<BlacklistRecord[]> {
  const unique = new Map(wanted.map((entry) => [`${entry.kind}#${entry.value}`, entry]));
  const found: BlacklistRecord[] = [];
  let requestKeys: Record<string, unknown>[] | undefined = [...unique.values()].map((entry) =>
    keys.blacklistEntry(entry.kind, entry.value),
  );
  while (requestKeys && requestKeys.length > 0) {
    const result: BatchGetCommandOutput = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requestKeys, ConsistentRead: true } } }),
    );
    found.push(...(result.Responses?.[tableName] ?? []).map(toBlacklistRecord));
    requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
  }
  return found;
}

const listOf = (kind: BlacklistKind): ListPartition => ({
  indexName: 'gsi1',
  value: keys.blacklistIndex(kind),
});

/** One list, newest first: a page after `cursor` (a cursor this list handed out). */
export async function listBlacklist(
  kind: BlacklistKind,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: BlacklistRecord[]; nextCursor: string | null }> {
  const page = await readCursorPage(listOf(kind), { forward: false, ...options });
  return { items: page.items.map(toBlacklistRecord), nextCursor: page.nextCursor };
}

/** A new entry, in the transaction with its audit entry; refused when the value is listed already. */
export function blacklistPut(record: BlacklistRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.blacklistEntry(record.kind, record.value),
        ...keys.blacklistListEntry(record.kind, record.createdAt, record.value),
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The entry taken off its list, in the transaction with its audit entry; refused when it is gone. */
export function blacklistDelete(kind: BlacklistKind, value: string): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.blacklistEntry(kind, value),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
