import { BatchGetCommand, type BatchGetCommandOutput, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AttachmentContentType } from '@shared/messages';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** Which side of an application's thread a message or an upload comes from. */
export type ThreadSide = 'client' | 'staff';

/**
 * An upload announced for an application's thread (access pattern 34): `pending` until a message
 * carries it (`attached`). A pending one expires by TTL a day after it was announced, as the
 * bucket's lifecycle rule deletes its file; the code checks `expiresAt` itself.
 */
export interface AttachmentRecord {
  id: string;
  applicationId: string;
  uploaderId: string;
  side: ThreadSide;
  fileName: string;
  contentType: AttachmentContentType;
  /** The size announced; what arrived is checked against it before a message may carry it. */
  size: number;
  /** The upload's key in the uploads bucket, the one its presigned POST names. */
  key: string;
  /**
   * Once attached: the key of the message's copy of it (`sent/…`), the file the thread shows.
   * Attachments sent before copies existed have none; their message shows `key`.
   */
  sentKey?: string;
  state: 'pending' | 'attached';
  createdAt: string;
  /** The message that carries it, once attached. */
  messageId: string | null;
  /** TTL (epoch seconds) while pending. */
  expiresAt: number | null;
}

export async function putAttachment(record: AttachmentRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.attachment(record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

function toAttachmentRecord(item: Record<string, unknown>): AttachmentRecord {
  const { pk: _pk, sk: _sk, ...record } = item;
  return {
    ...(record as unknown as AttachmentRecord),
    messageId: (record.messageId as string | undefined) ?? null,
    expiresAt: (record.expiresAt as number | undefined) ?? null,
  };
}

/** The attachments of these ids that exist, by id (one consistent BatchGetItem; at most 5 ids). */
export async function findAttachments(ids: readonly string[]): Promise<Map<string, AttachmentRecord>> {
  const found = new Map<string, AttachmentRecord>();
  let requestKeys: Record<string, unknown>[] | undefined = [...new Set(ids)].map((id) => keys.attachment(id));
  while (requestKeys && requestKeys.length > 0) {
    const result: BatchGetCommandOutput = await db.send(
      new BatchGetCommand({
        RequestItems: { [tableName]: { Keys: requestKeys, ConsistentRead: true } },
      }),
    );
    for (const item of result.Responses?.[tableName] ?? []) {
      const record = toAttachmentRecord(item);
      found.set(record.id, record);
    }
    requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
  }
  return found;
}

/**
 * Marks an upload attached to a message, in the message's transaction: only while it is still
 * pending, unexpired, of this application and of this uploader, so of two messages racing for one
 * upload one gets it, and nobody attaches another's file.
 */
export function attachmentAttach(
  record: AttachmentRecord,
  change: { messageId: string; uploaderId: string; applicationId: string; at: Date; sentKey: string },
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.attachment(record.id),
      UpdateExpression:
        'SET #state = :attached, messageId = :message, attachedAt = :at, sentKey = :sentKey REMOVE expiresAt',
      ConditionExpression:
        '#state = :pending AND applicationId = :application AND uploaderId = :uploader AND expiresAt > :now',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':attached': 'attached',
        ':pending': 'pending',
        ':message': change.messageId,
        ':at': change.at.toISOString(),
        ':sentKey': change.sentKey,
        ':application': change.applicationId,
        ':uploader': change.uploaderId,
        ':now': Math.floor(change.at.getTime() / 1000),
      },
    },
  };
}
