import { NotFound } from '@functions/commons/errors';
import {
  findNotification,
  listUnreadNotificationIds,
  markNotificationsRead,
  type NotificationRecord,
  notificationPartition,
  readNotificationStats,
  toNotificationRecord,
} from '@functions/data/notifications';
import { readPage } from '@functions/data/query-window';
import type { ListNotificationsQuery, NotificationView } from '@shared/contract/notifications';
import { totalPages } from '@shared/paging';

function toView(record: NotificationRecord): NotificationView {
  const { userId: _userId, ...view } = record;
  return view;
}

/** Absent, or another user's. */
export class NotificationNotFound extends NotFound {
  constructor() {
    super('Notification not found.');
  }
}

export async function listNotifications(userId: string, query: ListNotificationsQuery) {
  const stats = await readNotificationStats(userId);
  const page = await readPage(notificationPartition(userId), {
    forward: false,
    page: query.page,
    limit: query.limit,
    total: stats.total,
    cursor: query.cursor,
  });
  return {
    items: page.items.map((item) => toView(toNotificationRecord(item))),
    total: stats.total,
    totalPages: totalPages(stats.total, query.limit),
    nextCursor: page.nextCursor,
    unreadCount: stats.unread,
  };
}

/** Marks one of the caller's notifications read; idempotent; another user's id is a 404. */
export async function readNotification(userId: string, id: string): Promise<NotificationView> {
  const notification = await findNotification(userId, id);
  if (!notification) throw new NotificationNotFound();
  if (!notification.isRead) await markNotificationsRead(userId, [id]);
  return toView({ ...notification, isRead: true });
}

const READ_ALL_BATCH = 25;
const READ_ALL_MAX_ROUNDS = 200;

/**
 * Marks every unread notification read, batch by batch from the sparse unread index. A batch that
 * loses a race (one of its notifications was just read elsewhere) is redone one by one; ids seen
 * once are not retried, so a lagging index cannot keep the loop spinning.
 */
export async function readAllNotifications(userId: string): Promise<{ count: number }> {
  let count = 0;
  const seen = new Set<string>();
  for (let round = 0; round < READ_ALL_MAX_ROUNDS; round += 1) {
    const ids = (await listUnreadNotificationIds(userId, READ_ALL_BATCH)).filter((id) => !seen.has(id));
    if (ids.length === 0) break;
    for (const id of ids) seen.add(id);
    if (await markNotificationsRead(userId, ids)) {
      count += ids.length;
      continue;
    }
    for (const id of ids) if (await markNotificationsRead(userId, [id])) count += 1;
  }
  return { count };
}
