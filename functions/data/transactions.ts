import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction was cancelled; `codes[i]` is the cancellation code of item i ('None' when it was fine). */
export class TransactionCancelledError extends Error {
  constructor(readonly codes: string[]) {
    super(`Transaction cancelled: ${codes.join(', ')}`);
    this.name = 'TransactionCancelledError';
  }

  /** Whether item `index` failed its condition. */
  failedAt(index: number): boolean {
    return this.codes[index] === 'ConditionalCheckFailed';
  }

  get conditionFailed(): boolean {
    return this.codes.includes('ConditionalCheckFailed');
  }
}

const CONFLICT_RETRIES = 4;

/**
 * Runs one TransactWriteItems. Counter items are shared by concurrent writers, so a cancellation
 * caused only by a concurrent transaction on the same item (TransactionConflict) is retried with
 * jitter; a failed condition is reported as TransactionCancelledError with the code of each item.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
      if ((error as Error).name !== 'TransactionCanceledException' || !reasons) throw error;
      const codes = reasons.map((reason) => reason.Code ?? 'None');
      const onlyConflicts =
        codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (onlyConflicts && attempt < CONFLICT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
        continue;
      }
      throw new TransactionCancelledError(codes);
    }
  }
}
