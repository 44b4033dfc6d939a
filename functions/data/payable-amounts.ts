import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';

/**
 * Payable amounts held on a receiving wallet (keys.ts pattern 36): one item per wallet and exact
 * amount, naming the application that is to pay it until `heldUntil` (its payment deadline). The
 * amount is in the sort key as zero-padded units of 0.0001, so a Query reads the candidates of one
 * application (an amount and the 99 steps above it) in order.
 */
export interface PayableAmountHold {
  wallet: string;
  /** Units of 0.0001 USDT. */
  units: bigint;
  /** The amount as the client is told it ("500.0037"). */
  amount: string;
  applicationId: string;
  heldUntil: string;
}

/** How long after its deadline a hold is kept (a late payment still finds its application), then TTL removes it. */
const KEPT_AFTER_DEADLINE_SECONDS = 30 * 24 * 60 * 60;

/** The holds on `wallet` with amounts from `fromUnits` to `toUnits` (units of 0.0001), expired ones included. */
export async function payableAmountHolds(
  wallet: string,
  fromUnits: bigint,
  toUnits: bigint,
): Promise<PayableAmountHold[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.payableAmountPartition(wallet),
        ':from': keys.payableAmount(wallet, fromUnits).sk,
        ':to': keys.payableAmount(wallet, toUnits).sk,
      },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => ({
    wallet,
    units: BigInt(String(item.units)),
    amount: String(item.amount),
    applicationId: String(item.applicationId),
    heldUntil: String(item.heldUntil),
  }));
}

/**
 * Holds `amount` on `wallet` for the application until `heldUntil`: a conditional Put that wins
 * only when the pair is free (never held, or its hold ended before `now`) or already this
 * application's. False when another application holds it.
 */
export async function holdPayableAmount(hold: PayableAmountHold, now: string): Promise<boolean> {
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
          expiresAt: Math.floor(Date.parse(hold.heldUntil) / 1000) + KEPT_AFTER_DEADLINE_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR applicationId = :id OR heldUntil < :now',
        ExpressionAttributeValues: { ':id': hold.applicationId, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The hold of one exact amount on a wallet (expired or not), if any. */
export async function findPayableAmountHold(
  wallet: string,
  units: bigint,
): Promise<PayableAmountHold | undefined> {
  const [hold] = await payableAmountHolds(wallet, units, units);
  return hold;
}
