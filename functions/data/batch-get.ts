import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

const BATCH_GET_KEYS = 100;

/**
 * Items by key, 100 keys a BatchGetItem, read consistently, asking again for what DynamoDB left
 * unprocessed; `client` exactDb reads numbers as their exact text.
 */
export async function batchGetAll(
  wanted: Array<Record<string, string>>,
  client: DynamoDBDocumentClient = db,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < wanted.length; start += BATCH_GET_KEYS) {
    let requestKeys: Record<string, unknown>[] | undefined = wanted.slice(start, start + BATCH_GET_KEYS);
    while (requestKeys && requestKeys.length > 0) {
      const result: BatchGetCommandOutput = await client.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requestKeys, ConsistentRead: true } } }),
      );
      items.push(...(result.Responses?.[tableName] ?? []));
      requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return items;
}
