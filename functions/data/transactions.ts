import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One named item of a transaction (see `Transaction`). */
export interface TransactionPart {
  name: string;
  item: TransactItem;
}

/**
 * A transaction was cancelled. `failed` names the parts whose condition failed, in the order they
 * were added (items run through `transactWrite` have no name: they count in `conditionFailed` only).
 */
export class TransactionCancelledError extends Error {
  readonly failed: readonly string[];
  readonly conditionFailed: boolean;

  constructor(reasons: Array<{ name: string | undefined; code: string }>) {
    super(
      `Transaction cancelled: ${reasons.map(({ name, code }) => (name ? `${name} ${code}` : code)).join(', ')}`,
    );
    this.name = 'TransactionCancelledError';
    const failing = reasons.filter(({ code }) => code === 'ConditionalCheckFailed');
    this.conditionFailed = failing.length > 0;
    this.failed = [...new Set(failing.flatMap(({ name }) => (name === undefined ? [] : [name])))];
  }

  /** Whether the condition of (an item of) the part `name` failed. */
  failedOn(name: string): boolean {
    return this.failed.includes(name);
  }
}

/**
 * One TransactWriteItems built of named parts ('status', 'openLimit', 'reserve:USD', 'assignee'),
 * so that a cancellation is read by what failed, never by an item's position in the request. A
 * part is one item or several (a notification and its counter); adding to a name again joins
 * that part.
 */
export class Transaction {
  private readonly parts: Array<{ name: string; item: TransactItem }> = [];

  add(name: string, ...items: TransactItem[]): this {
    for (const item of items) this.parts.push({ name, item });
    return this;
  }

  addParts(parts: Iterable<TransactionPart>): this {
    for (const part of parts) this.parts.push(part);
    return this;
  }

  /** Runs it; a failed condition throws TransactionCancelledError naming the failed parts. */
  run(): Promise<void> {
    return send(this.parts);
  }
}

/**
 * Runs one TransactWriteItems whose failure is read as a whole (any failed condition means the
 * same thing); a caller that must tell which condition failed builds a `Transaction` instead.
 */
export function transactWrite(items: TransactItem[]): Promise<void> {
  return send(items.map((item) => ({ name: undefined, item })));
}

const CONFLICT_RETRIES = 4;

/**
 * Counter items are shared by concurrent writers, so a cancellation caused only by a concurrent
 * transaction on the same item (TransactionConflict) is retried with jitter; a failed condition is
 * reported as TransactionCancelledError with each part's cancellation code.
 */
async function send(parts: Array<{ name: string | undefined; item: TransactItem }>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: parts.map(({ item }) => item) }));
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
      // DynamoDB answers one reason per item, in the order of the request.
      throw new TransactionCancelledError(parts.map(({ name }, i) => ({ name, code: codes[i] ?? 'None' })));
    }
  }
}
