import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  VERIFICATION_PHOTO_TYPES,
  VerificationKind,
  VerificationPhotoRole,
  VerificationState,
} from '@shared/verification';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** A photo announced for a request: where its presigned POST puts it and what it must be. */
export interface AnnouncedPhoto {
  id: string;
  key: string;
  fileName: string;
  contentType: (typeof VERIFICATION_PHOTO_TYPES)[number];
  size: number;
}

/**
 * A verification request (keys.ts pattern 53): the photos the client announced, once sent the
 * keys of the checked copies staff see (`kept`), and staff's decision. A request awaiting photos
 * expires by TTL a day after it started; the retention job deletes a decided request's photos and
 * keeps the request (`photosDeletedAt`).
 */
export interface VerificationRequestRecord {
  id: string;
  userId: string;
  kind: VerificationKind;
  /** The card's id and what it was when the request started (null for the identity). */
  cardId: string | null;
  card: { bank: string; last4: string; holder: string } | null;
  code: string | null;
  state: VerificationState;
  photos: Partial<Record<VerificationPhotoRole, AnnouncedPhoto>>;
  kept: Partial<Record<VerificationPhotoRole, string>>;
  createdAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  photosDeletedAt: string | null;
}

const GSI_FIELDS = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt'];

function toRequest(item: Record<string, unknown>): VerificationRequestRecord {
  const record = Object.fromEntries(
    Object.entries(item).filter(([name]) => name !== 'pk' && name !== 'sk' && !GSI_FIELDS.includes(name)),
  );
  return record as unknown as VerificationRequestRecord;
}

/** A request that started, in the transaction that makes its card or identity name it. */
export function verificationRequestPut(record: VerificationRequestRecord, expiresAt: number): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.verificationRequest(record.id), ...record, expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function findVerificationRequest(id: string): Promise<VerificationRequestRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.verificationRequest(id), ConsistentRead: true }),
  );
  return Item ? toRequest(Item) : undefined;
}

/**
 * Keeps a photo announced for a role (a photo announced again replaces the earlier one, which the
 * bucket's lifecycle rule deletes), while the request is its owner's and still awaits photos.
 * Answers false when it no longer does.
 */
export async function setAnnouncedPhoto(
  requestId: string,
  userId: string,
  role: VerificationPhotoRole,
  photo: AnnouncedPhoto,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.verificationRequest(requestId),
        UpdateExpression: 'SET photos.#role = :photo',
        ConditionExpression: '#state = :awaiting AND userId = :user',
        ExpressionAttributeNames: { '#role': role, '#state': 'state' },
        ExpressionAttributeValues: { ':photo': photo, ':awaiting': 'awaitingPhotos', ':user': userId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The request sent to staff with its checked copies: onto the queue, conditional on still awaiting photos. */
export function verificationRequestSent(
  requestId: string,
  kept: Partial<Record<VerificationPhotoRole, string>>,
  at: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.verificationRequest(requestId),
      UpdateExpression:
        'SET #state = :pending, kept = :kept, submittedAt = :at, gsi1pk = :queue, gsi1sk = :sortKey REMOVE expiresAt',
      ConditionExpression: '#state = :awaiting',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':pending': 'pending',
        ':awaiting': 'awaitingPhotos',
        ':kept': kept,
        ':at': at,
        ':queue': keys.verificationQueue('pending'),
        ':sortKey': `${at}#${requestId}`,
      },
    },
  };
}

/**
 * Staff's decision, conditional on the request still being under review: it leaves the pending
 * queue for the decided one, and joins the retention job's index while its photos are kept.
 */
export function verificationRequestDecided(
  requestId: string,
  decision: { state: 'approved' | 'rejected'; at: string; by: string; reason: string | null },
): TransactItem {
  const sortKey = `${decision.at}#${requestId}`;
  return {
    Update: {
      TableName: tableName,
      Key: keys.verificationRequest(requestId),
      UpdateExpression:
        'SET #state = :state, decidedAt = :at, decidedBy = :by, reason = :reason, gsi1pk = :queue, gsi1sk = :sortKey, gsi2pk = :photos, gsi2sk = :sortKey',
      ConditionExpression: '#state = :pending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':state': decision.state,
        ':pending': 'pending',
        ':at': decision.at,
        ':by': decision.by,
        ':reason': decision.reason,
        ':queue': keys.verificationQueue('decided'),
        ':photos': keys.verificationPhotosIndex,
        ':sortKey': sortKey,
      },
    },
  };
}

async function queryIndex(input: {
  indexName: 'gsi1' | 'gsi2';
  partition: string;
  before?: string;
  newestFirst: boolean;
  limit: number;
}): Promise<VerificationRequestRecord[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: input.indexName,
      KeyConditionExpression: input.before
        ? `${input.indexName}pk = :pk AND ${input.indexName}sk < :before`
        : `${input.indexName}pk = :pk`,
      ExpressionAttributeValues: {
        ':pk': input.partition,
        ...(input.before ? { ':before': input.before } : {}),
      },
      ScanIndexForward: !input.newestFirst,
      Limit: input.limit,
    }),
  );
  return Items.map(toRequest);
}

/** The queue: the requests under review (oldest first) and the newest decided ones. */
export async function readVerificationQueue(limits: {
  pending: number;
  decided: number;
}): Promise<{ pending: VerificationRequestRecord[]; decided: VerificationRequestRecord[] }> {
  const [pending, decided] = await Promise.all([
    queryIndex({
      indexName: 'gsi1',
      partition: keys.verificationQueue('pending'),
      newestFirst: false,
      limit: limits.pending,
    }),
    queryIndex({
      indexName: 'gsi1',
      partition: keys.verificationQueue('decided'),
      newestFirst: true,
      limit: limits.decided,
    }),
  ]);
  return { pending, decided };
}

/** Decided requests whose photos are still kept, decided before `cutoff` (oldest first). */
export function requestsWithPhotosDecidedBefore(
  cutoff: string,
  limit: number,
): Promise<VerificationRequestRecord[]> {
  return queryIndex({
    indexName: 'gsi2',
    partition: keys.verificationPhotosIndex,
    before: cutoff,
    newestFirst: false,
    limit,
  });
}

/**
 * A request's photos are gone: it says when and leaves the retention index (its decision stays).
 * Answers false when it had left it already (another run marked it).
 */
export async function markPhotosDeleted(requestId: string, at: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.verificationRequest(requestId),
        UpdateExpression: 'SET photosDeletedAt = :at, kept = :none REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(gsi2pk)',
        ExpressionAttributeValues: { ':at': at, ':none': {} },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
