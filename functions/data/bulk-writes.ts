import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/**
 * Whole-partition reads and unconditional batch writes: the seed fills an empty table with them
 * (functions/seed/seed.ts). Nothing that changes what users or staff own writes this way: those
 * writes are conditional transactions (transactions.ts).
 */

/** The sort keys of every item in one partition. */
export async function sortKeysIn(partition: string): Promise<string[]> {
  const sortKeys: string[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: 'sk',
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) sortKeys.push(String(item.sk));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return sortKeys;
}

/** Puts every item, 25 per BatchWriteItem (its limit); unprocessed ones are sent again. */
export async function putAll(items: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    let requests: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = items
      .slice(start, start + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (requests && requests.length > 0) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = result.UnprocessedItems?.[tableName] as typeof requests;
    }
  }
}
