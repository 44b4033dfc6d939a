import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { type ApplicationRecord, toApplicationRecord } from './applications';
import { db, tableName } from './client';
import { keys } from './keys';
import { type MovementRecord, toMovement } from './movements';
import { queryAll } from './query-window';

/**
 * What the carry-over of an install's history into the books reads (keys.ts patterns 32 and 45): every
 * recorded movement, and which of them (and of their deals' exchanges) the books already hold.
 */

/** Every movement of the transaction history, oldest first (Query gsi1 MOVEMENTS, every page). */
export async function readAllMovements(): Promise<MovementRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.movementsAll },
  });
  return items.map(toMovement);
}

const BATCH_GET_KEYS = 100;

/** Items by key, 100 keys a BatchGetItem, read consistently, asking again for what DynamoDB left unprocessed. */
async function batchGetAll(wanted: Array<Record<string, string>>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < wanted.length; start += BATCH_GET_KEYS) {
    let requestKeys: Record<string, unknown>[] | undefined = wanted.slice(start, start + BATCH_GET_KEYS);
    while (requestKeys && requestKeys.length > 0) {
      const result: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requestKeys, ConsistentRead: true } } }),
      );
      items.push(...(result.Responses?.[tableName] ?? []));
      requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return items;
}

/** Which of these entry ids the books hold (BatchGetItem of LEDGER#ENTRY#{id}/ENTRY). */
export async function recordedLedgerEntryIds(ids: Iterable<string>): Promise<Set<string>> {
  const items = await batchGetAll([...new Set(ids)].map((id) => keys.ledgerEntry(id)));
  return new Set(items.map((item) => String(item.id)));
}

/** The deals of these ids (BatchGetItem of APP#{id}/APP). */
export async function findApplications(ids: Iterable<string>): Promise<Map<string, ApplicationRecord>> {
  const items = await batchGetAll([...new Set(ids)].map((id) => keys.application(id)));
  return new Map(items.map((item) => [String(item.id), toApplicationRecord(item)]));
}
