import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, exactDb, tableName } from './client';
import { addExpression } from './counters';
import { keys } from './keys';

/**
 * What the AML checks of a business month cost (keys.ts pattern 50): one item per month that only
 * ever ADDs, one check and its price at the time in micro-USD, so a new price counts from the next
 * check and the month's sum stays exact at any size (read back as text, exactDb).
 */

/** The price's unit: 10^-6 USD. */
export const AML_COST_DECIMALS = 6;

export interface AmlUsageRecord {
  checks: bigint;
  costMicroUsd: bigint;
}

/** Counts one check started in `month` (YYYY-MM) at `costMicroUsd`. */
export async function countAmlCheck(month: string, costMicroUsd: bigint): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.amlUsage(month),
      ...addExpression({ checks: 1n, costMicroUsd }),
    }),
  );
}

/** The month's checks and their cost; zero for a month without any. */
export async function readAmlUsage(month: string): Promise<AmlUsageRecord> {
  const { Item } = await exactDb.send(
    new GetCommand({ TableName: tableName, Key: keys.amlUsage(month), ConsistentRead: true }),
  );
  const figure = (value: unknown) => (typeof value === 'string' ? BigInt(value) : 0n);
  return { checks: figure(Item?.checks), costMicroUsd: figure(Item?.costMicroUsd) };
}
