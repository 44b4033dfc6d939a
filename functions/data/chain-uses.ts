import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizedTxHash } from '@shared/payout-details';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * The register of used chain transactions (keys.ts pattern 43): a USDT transaction is used once,
 * for one purpose — a client's payment into one deal, a payout of one deal, a refund (the
 * money sent back and the transfer it returned), or the payment of one partner's payout. Every path that uses one claims it in the
 * transaction of its effect, so of two paths racing for one transaction exactly one commits.
 */
export type ChainUsePurpose = 'payment' | 'payout' | 'refund' | 'partnerPayout';

export interface ChainUse {
  txId: string;
  purpose: ChainUsePurpose;
  /**
   * The deal it paid, paid out or refunded; null for a refund of a transfer no deal took. For a
   * partner's payout, the payout's id (functions/data/partners.ts): what the one use is of.
   */
  applicationId: string | null;
  /** Who used it: a staff member's id, the client's, or `system` (the watcher, a hash check). */
  by: string;
  at: string;
}

/** One use's identity: a claim of the same use again is a no-op, any other use is refused. */
const claimKey = (use: Pick<ChainUse, 'purpose' | 'applicationId'>) =>
  `${use.purpose}#${use.applicationId ?? '-'}`;

/**
 * The claim as a transaction item: written when the transaction is unused, left as it was when
 * it is already this very use (a deal's PAID and CONFIRMED both claim its payment), and refused
 * (the transaction cancelled) when it was used for anything else.
 */
export function chainUseClaim(use: ChainUse): TransactItem {
  const txId = normalizedTxHash(use.txId);
  return {
    Update: {
      TableName: tableName,
      Key: keys.chainUse(txId),
      UpdateExpression:
        'SET txId = :txId, purpose = :purpose, applicationId = :applicationId, claimKey = :claimKey, #by = if_not_exists(#by, :by), #at = if_not_exists(#at, :at)',
      ConditionExpression: 'attribute_not_exists(pk) OR claimKey = :claimKey',
      ExpressionAttributeNames: { '#by': 'by', '#at': 'at' },
      ExpressionAttributeValues: {
        ':txId': txId,
        ':purpose': use.purpose,
        ':applicationId': use.applicationId,
        ':claimKey': claimKey(use),
        ':by': use.by,
        ':at': use.at,
      },
    },
  };
}

/** How a transaction was used, if it was. */
export async function findChainUse(txId: string): Promise<ChainUse | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.chainUse(normalizedTxHash(txId)),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return {
    txId: String(Item.txId),
    purpose: Item.purpose as ChainUsePurpose,
    applicationId: (Item.applicationId as string | null) ?? null,
    by: String(Item.by),
    at: String(Item.at),
  };
}

/** Whether `use` names the same use as `other` (the deal's own earlier claim is no obstacle). */
export const isSameUse = (
  use: Pick<ChainUse, 'purpose' | 'applicationId'>,
  other: Pick<ChainUse, 'purpose' | 'applicationId'>,
) => claimKey(use) === claimKey(other);
