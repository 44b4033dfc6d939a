import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * Payable amounts held on a receiving wallet (keys.ts pattern 36): one item per wallet and exact
 * amount, naming the application that is to pay it (its payment deadline `heldUntil`). The amount
 * is in the sort key as zero-padded units of 0.0001, so a Query reads the candidates of one
 * application (an amount and the steps above it) in order. A hold stays its application's while
 * the deal is open, past the deadline too, and for a retention after the deal ends
 * (`freeAfter`): a late payment must find the deal it was told to, never a newer one.
 */
export interface PayableAmountHold {
  wallet: string;
  /** Units of 0.0001 USDT. */
  units: bigint;
  /** The amount as the client is told it ("500.0037"). */
  amount: string;
  applicationId: string;
  heldUntil: string;
  /** When this application was first told this amount on this wallet: money sent earlier is not its payment. */
  since: string;
  /** When another application may take the amount (its deal ended plus the retention); null while open. */
  freeAfter: string | null;
}

const toHold = (wallet: string, item: Record<string, unknown>): PayableAmountHold => ({
  wallet,
  units: BigInt(String(item.units)),
  amount: String(item.amount),
  applicationId: String(item.applicationId),
  heldUntil: String(item.heldUntil),
  // Holds from before `since` was kept: their deadline's window start is unknown, so the epoch.
  since: (item.since as string | undefined) ?? new Date(0).toISOString(),
  freeAfter: (item.freeAfter as string | undefined) ?? null,
});

/**
 * The holds on `wallet` with amounts from `fromUnits` to `toUnits` (units of 0.0001), ended ones
 * included, in amount order; at most `limit` when given (a hint need not read a busy wallet whole).
 */
export async function payableAmountHolds(
  wallet: string,
  fromUnits: bigint,
  toUnits: bigint,
  limit?: number,
): Promise<PayableAmountHold[]> {
  const holds: PayableAmountHold[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.payableAmountPartition(wallet),
          ':from': keys.payableAmount(wallet, fromUnits).sk,
          ':to': keys.payableAmount(wallet, toUnits).sk,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
        ...(limit ? { Limit: limit } : {}),
      }),
    );
    holds.push(...(page.Items ?? []).map((item) => toHold(wallet, item)));
    start = limit ? undefined : page.LastEvaluatedKey;
  } while (start);
  return holds;
}

/**
 * Holds `amount` on `wallet` for the application until `heldUntil`: a conditional Put that wins
 * only when the pair is free (never held, or its last deal ended longer than the retention ago) or
 * already this application's. False when another application holds it.
 */
export async function holdPayableAmount(
  hold: Omit<PayableAmountHold, 'freeAfter'>,
  now: string,
): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.payableAmount(hold.wallet, hold.units),
          wallet: hold.wallet,
          units: hold.units.toString(),
          amount: hold.amount,
          applicationId: hold.applicationId,
          heldUntil: hold.heldUntil,
          since: hold.since,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR applicationId = :id OR freeAfter < :now',
        ExpressionAttributeValues: { ':id': hold.applicationId, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The deal holding an amount ended: the amount is free for another application after `freeAfter`
 * (and the item goes with the TTL then), as a transaction item of the status change that ends it,
 * conditional on the hold still being this application's.
 */
export function payableAmountRelease(
  hold: { wallet: string; units: bigint; applicationId: string },
  freeAfter: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.payableAmount(hold.wallet, hold.units),
      UpdateExpression: 'SET freeAfter = :freeAfter, expiresAt = :expiresAt',
      ConditionExpression: 'applicationId = :id',
      ExpressionAttributeValues: {
        ':id': hold.applicationId,
        ':freeAfter': freeAfter,
        ':expiresAt': Math.floor(Date.parse(freeAfter) / 1000),
      },
    },
  };
}

/** The hold of one exact amount on a wallet (its deal open or ended), if any. */
export async function findPayableAmountHold(
  wallet: string,
  units: bigint,
): Promise<PayableAmountHold | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.payableAmount(wallet, units), ConsistentRead: true }),
  );
  return Item ? toHold(wallet, Item) : undefined;
}
