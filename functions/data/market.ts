import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TickerCoin } from '@shared/contract/market';
import { db, tableName } from './client';
import { keys } from './keys';

/** The provider's last good answer, kept to answer (stale) while the provider fails. */
export interface TickerSnapshot {
  coins: TickerCoin[];
  updatedAt: string;
}

export async function saveTickerSnapshot(snapshot: TickerSnapshot): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.marketTicker, coins: snapshot.coins, updatedAt: snapshot.updatedAt },
    }),
  );
}

export async function findTickerSnapshot(): Promise<TickerSnapshot | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.marketTicker }));
  if (!Item) return undefined;
  return { coins: Item.coins as TickerCoin[], updatedAt: Item.updatedAt as string };
}
