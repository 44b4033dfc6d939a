import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** The snapshot's Put, in the settling move's own transaction (pattern 46). */
export function completionSnapshotPut(applicationId: string, snapshot: CompletionSnapshot): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.completionSnapshot(applicationId), kind: 'completion', applicationId, ...snapshot },
    },
  };
}

/** A completed deal's snapshot; undefined for a deal not completed (or completed before snapshots were kept). */
export async function findCompletionSnapshot(applicationId: string): Promise<CompletionSnapshot | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.completionSnapshot(applicationId) }),
  );
  if (!Item) return undefined;
  const {
    completedAt,
    rate,
    amountFrom,
    amountTo,
    currencyFrom,
    currencyTo,
    marketRate,
    marketSource,
    marketAsOf,
    fiatCurrency,
    profitFiat,
    profitUsdt,
  } = Item as CompletionSnapshot;
  return {
    completedAt,
    rate,
    amountFrom,
    amountTo,
    currencyFrom,
    currencyTo,
    marketRate,
    marketSource,
    marketAsOf,
    fiatCurrency,
    profitFiat,
    profitUsdt,
  };
}
