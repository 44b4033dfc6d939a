import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/enums';
import type { ChainUsePurpose } from './chain-uses';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { type TransactItem, Transaction, TransactionCancelledError } from './transactions';

/**
 * What the chain watcher keeps (keys.ts patterns 37–38): each incoming USDT transfer once, by its
 * transaction id, and each receiving wallet's read cursor.
 */

/** Why a transfer waits for staff rather than paying an application by itself. */
export type ReviewReason = 'underpaid' | 'overpaid' | 'late' | 'blacklisted' | 'unknown';

/**
 * `matched`: it pays its application, not final yet (the watcher confirms it once it is);
 * `confirmed`: it paid and confirmed its application; `review`: it waits for staff;
 * `refunded`: staff sent it back (its refund's hash kept); `used`: the register already had it
 * used (`usePurpose`, for `applicationId`) when the watcher came to it — a client's hash, a payout
 * or a refund took it first.
 */
export type TransferState = 'matched' | 'confirmed' | 'review' | 'refunded' | 'used';

export interface ChainTransferRecord {
  txId: string;
  from: string;
  to: string;
  /** USDT as a decimal string with 6 decimals ("500.003700"). */
  amount: string;
  /** Base units, an integer string. */
  value: string;
  blockTimestamp: number;
  seenAt: string;
  state: TransferState;
  reason: ReviewReason | null;
  applicationId: string | null;
  confirmedAt: string | null;
  /** State `used`: what it was used for. */
  usePurpose?: ChainUsePurpose | null;
  /** Staff who attached it (their confirmation, not the system's); absent when the watcher matched it. */
  resolvedBy?: string | null;
  resolvedByRole?: Role | null;
}

/** The entry of a transfer among its application's (pattern 37): the staff detail reads a deal's transfers by it. */
const applicationEntry = (applicationId: string, seenAt: string, txId: string) => ({
  gsi2pk: keys.chainTransfersOfApplication(applicationId),
  gsi2sk: `${seenAt}#${txId}`,
});

function indexEntries(record: ChainTransferRecord) {
  const sortKey = `${record.seenAt}#${record.txId}`;
  const ofApplication = record.applicationId
    ? applicationEntry(record.applicationId, record.seenAt, record.txId)
    : {};
  if (record.state === 'review') return { gsi1pk: keys.chainReviewIndex, gsi1sk: sortKey, ...ofApplication };
  if (record.state === 'matched')
    return { gsi1pk: keys.chainUnfinalIndex, gsi1sk: sortKey, ...ofApplication };
  return ofApplication;
}

/**
 * Records a transfer the first time it is seen, with `parts` (what it tells staff) in the same
 * transaction; false when its transaction id is already recorded (and then nothing is written).
 */
export async function recordChainTransfer(
  record: ChainTransferRecord,
  parts: ReadonlyArray<[name: string, item: TransactItem]> = [],
): Promise<boolean> {
  const put = {
    TableName: tableName,
    Item: { ...keys.chainTransfer(record.txId), ...record, ...indexEntries(record) },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  try {
    if (parts.length === 0) await db.send(new PutCommand(put));
    else {
      const transaction = new Transaction().add('transfer', { Put: put });
      for (const [name, item] of parts) transaction.add(name, item);
      await transaction.run();
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    if (error instanceof TransactionCancelledError && error.failedOn('transfer')) return false;
    throw error;
  }
}

/** A matched transfer turned final: confirmed, out of the not-final index (conditional on still matched). */
export function chainTransferConfirmation(txId: string, confirmedAt: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.chainTransfer(txId),
      UpdateExpression: 'SET #state = :confirmed, confirmedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#state = :matched',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':confirmed': 'confirmed', ':matched': 'matched', ':at': confirmedAt },
    },
  };
}

/** `chainTransferConfirmation` alone; false when it was no longer matched. */
export async function markChainTransferConfirmed(txId: string, confirmedAt: string): Promise<boolean> {
  try {
    await db.send(new UpdateCommand(chainTransferConfirmation(txId, confirmedAt).Update!));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A matched transfer its application can no longer take (it moved on without it): back on the
 * review list with a reason, for staff (conditional on still matched).
 */
export async function returnChainTransferToReview(txId: string, reason: ReviewReason): Promise<void> {
  const record = await findChainTransfer(txId);
  if (record?.state !== 'matched') return;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.chainTransfer(txId),
        UpdateExpression: 'SET #state = :review, reason = :reason, gsi1pk = :pk, gsi1sk = :sk',
        ConditionExpression: '#state = :matched',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':review': 'review',
          ':matched': 'matched',
          ':reason': reason,
          ':pk': keys.chainReviewIndex,
          ':sk': `${record.seenAt}#${txId}`,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * A matched transfer whose claim as its application's payment was refused: the register says it
 * was used otherwise (a race with a client's hash, a payout or a refund). Off the not-final index,
 * recorded against that use; conditional on still matched.
 */
export async function markChainTransferUsed(
  txId: string,
  use: { purpose: ChainUsePurpose; applicationId: string | null },
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.chainTransfer(txId),
        // Among the transfers of the application it was used for (none: among none).
        UpdateExpression: use.applicationId
          ? 'SET #state = :used, usePurpose = :purpose, applicationId = :applicationId, gsi2pk = :byApp, gsi2sk = if_not_exists(gsi2sk, :txId) REMOVE gsi1pk, gsi1sk'
          : 'SET #state = :used, usePurpose = :purpose, applicationId = :applicationId REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
        ConditionExpression: '#state = :matched',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':used': 'used',
          ':matched': 'matched',
          ':purpose': use.purpose,
          ':applicationId': use.applicationId,
          ...(use.applicationId
            ? {
                ':byApp': keys.chainTransfersOfApplication(use.applicationId),
                ':txId': txId,
              }
            : {}),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

const toRecord = (item: Record<string, unknown>): ChainTransferRecord => ({
  txId: String(item.txId),
  from: String(item.from),
  to: String(item.to),
  amount: String(item.amount),
  value: String(item.value),
  blockTimestamp: Number(item.blockTimestamp),
  seenAt: String(item.seenAt),
  state: item.state as TransferState,
  reason: (item.reason as ReviewReason | null) ?? null,
  applicationId: (item.applicationId as string | null) ?? null,
  confirmedAt: (item.confirmedAt as string | null) ?? null,
  usePurpose: (item.usePurpose as ChainUsePurpose | undefined) ?? null,
  resolvedBy: (item.resolvedBy as string | undefined) ?? null,
  resolvedByRole: (item.resolvedByRole as Role | undefined) ?? null,
});

export async function findChainTransfer(txId: string): Promise<ChainTransferRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.chainTransfer(txId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** Oldest first, at most `limit`: the transfers waiting for staff, or the matched ones not final yet. */
async function indexed(index: string, limit: number): Promise<ChainTransferRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': index },
      Limit: limit,
    }),
  );
  return Items.map(toRecord);
}

export const transfersAwaitingReview = (limit: number) => indexed(keys.chainReviewIndex, limit);

/** The transfers recorded for an application (pattern 37's gsi2), oldest first: a deal sees a handful. */
export async function chainTransfersOfApplication(applicationId: string): Promise<ChainTransferRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.chainTransfersOfApplication(applicationId) },
      Limit: MAX_TRANSFERS_OF_APPLICATION,
    }),
  );
  return Items.map(toRecord);
}

/** More than this many transfers to one deal is not a deal: the detail shows the first ones. */
const MAX_TRANSFERS_OF_APPLICATION = 50;
export const transfersAwaitingFinality = (limit: number) => indexed(keys.chainUnfinalIndex, limit);

/**
 * Where the next read of a wallet starts: at `minTimestamp` (inclusive, the last block time read),
 * or within that read at `fingerprint` (the page it stopped before). Plus the read's health.
 */
export interface ChainCursor {
  wallet: string;
  minTimestamp: number;
  fingerprint: string | null;
  lastReadAt: string | null;
  lastError: string | null;
  errors: number;
}

/** A wallet's cursor; one never read starts at `startAt` (ms; the wallet's first template's creation). */
export async function findChainCursor(wallet: string, startAt = 0): Promise<ChainCursor> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.chainCursor(wallet), ConsistentRead: true }),
  );
  return {
    wallet,
    minTimestamp: Number(Item?.minTimestamp ?? startAt),
    fingerprint: (Item?.fingerprint as string | null | undefined) ?? null,
    lastReadAt: (Item?.lastReadAt as string | null | undefined) ?? null,
    lastError: (Item?.lastError as string | null | undefined) ?? null,
    errors: Number(Item?.errors ?? 0),
  };
}

/**
 * A successful read moved the cursor on; never back: the write is conditional on the saved
 * `minTimestamp` not being later (a run that read less cannot undo one that read more). False when
 * the cursor was already further.
 */
export async function saveChainCursor(
  wallet: string,
  position: { minTimestamp: number; fingerprint: string | null },
  at: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.chainCursor(wallet),
        UpdateExpression:
          'SET wallet = :wallet, minTimestamp = :min, fingerprint = :fingerprint, lastReadAt = :at, lastError = :none',
        ConditionExpression: 'attribute_not_exists(minTimestamp) OR minTimestamp <= :min',
        ExpressionAttributeValues: {
          ':wallet': wallet,
          ':min': position.minTimestamp,
          ':fingerprint': position.fingerprint,
          ':at': at,
          ':none': null,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A failed read: counted and described; the cursor stays where it was. */
export async function recordChainReadFailure(wallet: string, error: string, at: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.chainCursor(wallet),
      UpdateExpression: 'SET wallet = :wallet, lastError = :error, lastErrorAt = :at ADD errors :one',
      ExpressionAttributeValues: { ':wallet': wallet, ':error': error, ':at': at, ':one': 1 },
    }),
  );
}

/** The TRON provider's failures in a row and when the watcher may call it again (pattern 44). */
export interface ChainProviderBackoff {
  failures: number;
  notBefore: string | null;
}

export async function findChainProviderBackoff(): Promise<ChainProviderBackoff> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.chainProviderBackoff, ConsistentRead: true }),
  );
  return {
    failures: Number(Item?.failures ?? 0),
    notBefore: (Item?.notBefore as string | undefined) ?? null,
  };
}

/** Sets the back-off after a run: failures in a row (0 after a run that worked) and the next call's earliest time. */
export async function saveChainProviderBackoff(backoff: ChainProviderBackoff): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.chainProviderBackoff,
      UpdateExpression: 'SET failures = :failures, notBefore = :notBefore',
      ExpressionAttributeValues: { ':failures': backoff.failures, ':notBefore': backoff.notBefore },
    }),
  );
}

/**
 * Staff resolve a transfer waiting for them, as a transaction item conditional on it still
 * waiting (the caller writes its audit entry in the same transaction): attached to an application
 * (matched, into the not-final index, which the watcher settles) or refunded (off every index).
 */
export function chainTransferResolution(
  record: ChainTransferRecord,
  resolution:
    | { kind: 'attached'; applicationId: string; by: string; byRole: Role; at: string }
    | { kind: 'refunded'; refundTxHash: string; by: string; byRole: Role; at: string },
): TransactItem {
  const attached = resolution.kind === 'attached';
  return {
    Update: {
      TableName: tableName,
      Key: keys.chainTransfer(record.txId),
      UpdateExpression: attached
        ? 'SET #state = :state, applicationId = :applicationId, resolvedBy = :by, resolvedByRole = :byRole, resolvedAt = :at, gsi1pk = :pk, gsi1sk = :sk, gsi2pk = :byApp, gsi2sk = :sk'
        : 'SET #state = :state, refundTxHash = :refundTxHash, resolvedBy = :by, resolvedByRole = :byRole, resolvedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#state = :review',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':review': 'review',
        ':by': resolution.by,
        ':byRole': resolution.byRole,
        ':at': resolution.at,
        ...(resolution.kind === 'attached'
          ? {
              ':state': 'matched',
              ':applicationId': resolution.applicationId,
              ':pk': keys.chainUnfinalIndex,
              ':sk': `${record.seenAt}#${record.txId}`,
              ':byApp': keys.chainTransfersOfApplication(resolution.applicationId),
            }
          : { ':state': 'refunded', ':refundTxHash': resolution.refundTxHash }),
      },
    },
  };
}
