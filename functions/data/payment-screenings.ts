import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AmlSignal } from '@functions/data/aml';
import { normalizedTxHash } from '@shared/payout-details';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * The AML screening of an incoming USDT transaction (keys.ts pattern 54, beside its transfer):
 * the provider's check started once per transaction, so a payment read by the watcher and by the
 * client's hash is checked (and paid for) once, and each later run reads the same check on.
 */
export interface PaymentScreeningRecord {
  txId: string;
  sender: string;
  /** The provider's id of the check; null while it could not be started. */
  providerId: string | null;
  status: 'pending' | 'completed';
  riskScore: string | null;
  signals: readonly AmlSignal[];
  /** Tries that failed in a row (the provider down): after the setting amlMaxAttempts, staff decide. */
  failures: number;
  lastError: string | null;
  startedAt: string;
  updatedAt: string;
}

export async function findPaymentScreening(txId: string): Promise<PaymentScreeningRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.paymentScreening(normalizedTxHash(txId)),
      ConsistentRead: true,
    }),
  );
  return Item as PaymentScreeningRecord | undefined;
}

/**
 * Saves the screening as it stands. Two runs screening one transaction at once both write what the
 * provider told them of the same check (or, before it started, each a failure), so the last write
 * standing is as true as the first.
 */
export async function savePaymentScreening(record: PaymentScreeningRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.paymentScreening(normalizedTxHash(record.txId)), ...record },
    }),
  );
}
