import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationStatus } from '@shared/enums';
import { db, tableName } from './client';
import { keys } from './keys';
import type { ListPartition } from './query-window';
import { type TransactItem, TransactionCancelledError, transactWrite } from './transactions';

interface NotificationBase {
  id: string;
  userId: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/**
 * A status change of the user's application, or (to staff) a reserve below its alert level or a
 * receiving detail near its pool limit.
 */
export type NotificationRecord = NotificationBase &
  (
    | {
        type: 'APPLICATION_STATUS';
        applicationId: string;
        status: ApplicationStatus;
        previousStatus: ApplicationStatus | null;
      }
    | { type: 'RESERVE_LOW'; currency: string }
    | { type: 'RECEIVING_NEAR_LIMIT'; templateId: string }
  );

/** Ids sort by creation time (base-36 epoch milliseconds first), so the sort key orders them. */
export function newNotificationId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
}

export function notificationPartition(userId: string): ListPartition {
  return { value: keys.notificationPartition(userId), sortKeyPrefix: keys.notificationSortKeyPrefix };
}

/** The notification (in the sparse unread index while unread) and its counters, for one transaction. */
export function notificationPuts(record: NotificationRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: {
          ...keys.notification(record.userId, record.id),
          gsi2pk: keys.unreadNotifications(record.userId),
          gsi2sk: record.id,
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.notificationStats(record.userId),
        UpdateExpression: 'ADD #total :one, unread :one',
        ExpressionAttributeNames: { '#total': 'total' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
}

export function toNotificationRecord(item: Record<string, unknown>): NotificationRecord {
  const record = item as unknown as NotificationRecord;
  const { id, userId, title, message, isRead, createdAt } = record;
  const base = { id, userId, title, message, isRead: Boolean(isRead), createdAt };
  if (record.type === 'RESERVE_LOW') return { ...base, type: record.type, currency: record.currency };
  if (record.type === 'RECEIVING_NEAR_LIMIT')
    return { ...base, type: record.type, templateId: record.templateId };
  const { applicationId, status, previousStatus } = record;
  return {
    ...base,
    type: 'APPLICATION_STATUS',
    applicationId,
    status,
    previousStatus: previousStatus ?? null,
  };
}

export async function readNotificationStats(userId: string): Promise<{ total: number; unread: number }> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.notificationStats(userId), ConsistentRead: true }),
  );
  return { total: Number(Item?.total ?? 0), unread: Math.max(0, Number(Item?.unread ?? 0)) };
}

export async function findNotification(userId: string, id: string): Promise<NotificationRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.notification(userId, id), ConsistentRead: true }),
  );
  return Item ? toNotificationRecord(Item) : undefined;
}

function markReadUpdate(userId: string, id: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.notification(userId, id),
      UpdateExpression: 'SET isRead = :true REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'attribute_exists(gsi2pk)',
      ExpressionAttributeValues: { ':true': true },
    },
  };
}

function unreadDecrement(userId: string, by: number): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.notificationStats(userId),
      UpdateExpression: 'ADD unread :minus',
      ExpressionAttributeValues: { ':minus': -by },
    },
  };
}

/**
 * Marks unread notifications read and lowers the unread counter by exactly as many, in one
 * transaction. Returns false when one of them was no longer unread (someone else marked it).
 */
export async function markNotificationsRead(userId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  try {
    await transactWrite([
      ...ids.map((id) => markReadUpdate(userId, id)),
      unreadDecrement(userId, ids.length),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed) return false;
    throw error;
  }
}

/** Ids of the user's unread notifications, oldest first, from the sparse unread index (pattern 20). */
export async function listUnreadNotificationIds(userId: string, limit: number): Promise<string[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.unreadNotifications(userId) },
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => String(item.id));
}
