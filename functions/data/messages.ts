import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ThreadSide } from './attachments';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { type ListPartition, readCursorPage } from './query-window';
import type { TransactItem } from './transactions';

/** A file a message carries, as the message keeps it (the thread reads no attachment item). */
export interface MessageFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  /**
   * The object the thread serves: the message's copy of the checked upload (`sent/…`), or, for
   * messages sent before copies existed, the upload itself (`attachments/…`).
   */
  key: string;
}

/**
 * One message of an application's thread (access pattern 33): in a partition of its own,
 * `APPMSG#{applicationId}`, not in the application's `APP#{id}`, which is read whole with its history.
 */
export interface MessageRecord {
  id: string;
  applicationId: string;
  authorId: string;
  side: ThreadSide;
  /** Plain text, as written (trimmed). */
  text: string;
  files: MessageFile[];
  createdAt: string;
}

export function messagePut(record: MessageRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.applicationMessage(record.applicationId, record.createdAt, record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

function threadOf(applicationId: string): ListPartition {
  return { value: keys.applicationMessagesPartition(applicationId) };
}

function toMessageRecord(item: Record<string, unknown>): MessageRecord {
  const { id, applicationId, authorId, side, text, files, createdAt } = item as unknown as MessageRecord;
  return { id, applicationId, authorId, side, text, files: files ?? [], createdAt };
}

/**
 * The newest `limit` messages before `cursor` (or the newest), oldest first, and the cursor of
 * the page before them (null when there is none).
 */
export async function listThread(
  applicationId: string,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ messages: MessageRecord[]; nextCursor: string | null }> {
  const page = await readCursorPage(threadOf(applicationId), {
    forward: false,
    limit: options.limit,
    cursor: options.cursor,
  });
  return { messages: page.items.map(toMessageRecord).reverse(), nextCursor: page.nextCursor };
}

const UNREAD_FIELD = { client: 'unreadByClient', staff: 'unreadByStaff' } as const;
const MAILED_FIELD = { client: 'messageMailedClientAt', staff: 'messageMailedStaffAt' } as const;

/**
 * The application's side of a new message, in its transaction: one more unread message for the
 * side that did not write it (`reader`) and, when the message mails that side, the time of the mail,
 * conditional on the time read (`mailedBefore`, null for never), so of two messages racing to mail
 * one side within the interval only one does. Counters are ADDs that leave `version` alone: they
 * change nothing a staff member's conditional edit of the application decided on.
 */
export function threadCounterUpdate(
  applicationId: string,
  reader: ThreadSide,
  mail: { at: Date; mailedBefore: string | null } | null,
): TransactItem {
  const names: Record<string, string> = { '#unread': UNREAD_FIELD[reader] };
  const values: Record<string, unknown> = { ':one': 1 };
  let update = 'ADD #unread :one';
  let condition = 'attribute_exists(pk)';
  if (mail) {
    names['#mailed'] = MAILED_FIELD[reader];
    values[':at'] = mail.at.toISOString();
    update = `SET #mailed = :at ${update}`;
    if (mail.mailedBefore === null) {
      condition += ' AND (attribute_not_exists(#mailed) OR attribute_type(#mailed, :nullType))';
      values[':nullType'] = 'NULL';
    } else {
      condition += ' AND #mailed = :mailedBefore';
      values[':mailedBefore'] = mail.mailedBefore;
    }
  }
  return {
    Update: {
      TableName: tableName,
      Key: keys.application(applicationId),
      UpdateExpression: update,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The reader's side has read the thread: its unread count back to 0, written only when above 0. */
export async function markThreadRead(applicationId: string, reader: ThreadSide): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.application(applicationId),
        UpdateExpression: 'SET #unread = :zero',
        ConditionExpression: '#unread > :zero',
        ExpressionAttributeNames: { '#unread': UNREAD_FIELD[reader] },
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
