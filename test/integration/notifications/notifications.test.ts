import { newNotificationId, notificationPuts } from '@functions/data/notifications';
import { transactWrite } from '@functions/data/transactions';
import type { NotificationView } from '@shared/contract/notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser, setStatus } from '../applications/fixtures';

type Page = {
  items: NotificationView[];
  total: number;
  totalPages: number;
  nextCursor: string | null;
  unreadCount: number;
};

let manager: TestUser;

beforeAll(async () => {
  manager = await newUser({ role: 'MANAGER' });
});

const list = (user: TestUser, query = '') =>
  api<Page>('GET', `/api/notifications${query}`, { token: user.token });
const markRead = (user: TestUser, id: string) =>
  api<NotificationView>('PUT', `/api/notifications/${id}/read`, { token: user.token });

/** A user whose application went PENDING → PROCESSING → COMPLETED: two notifications. */
async function userWithTwoNotifications() {
  const user = await newUser({ language: 'en' });
  const application = await createApplication(user, individualBody());
  await setStatus(manager, application.id, 'PROCESSING');
  await setStatus(manager, application.id, 'COMPLETED');
  return { user, application };
}

describe('GET /api/notifications', () => {
  it('lists status notifications newest first with the unread count', async () => {
    const { user, application } = await userWithTwoNotifications();
    const answer = await list(user);
    expect(answer.status).toBe(200);
    const statuses = answer.body.data!.items.map((item) =>
      item.type === 'APPLICATION_STATUS' ? [item.previousStatus, item.status] : [item.type],
    );
    expect(statuses).toEqual([
      ['PROCESSING', 'COMPLETED'],
      ['PENDING', 'PROCESSING'],
    ]);
    expect(answer.body.data).toMatchObject({ total: 2, totalPages: 1, unreadCount: 2 });
    expect(answer.body.data!.items[0]).toMatchObject({
      type: 'APPLICATION_STATUS',
      applicationId: application.id,
      isRead: false,
      title: `Application ${application.id.slice(0, 8)} is completed`,
    });
  });

  it('pages with a cursor', async () => {
    const { user } = await userWithTwoNotifications();
    const first = await list(user, '?limit=1');
    const second = await list(user, `?limit=1&cursor=${first.body.data!.nextCursor}`);
    expect(first.body.data!.items[0]).toMatchObject({ status: 'COMPLETED' });
    expect(second.body.data!.items[0]).toMatchObject({ status: 'PROCESSING' });
  });

  it('shows nothing to a user without notifications', async () => {
    const answer = await list(await newUser());
    expect(answer.body.data).toMatchObject({ items: [], total: 0, unreadCount: 0 });
  });

  it('refuses an anonymous caller', async () => {
    const answer = await api('GET', '/api/notifications');
    expect(answer.status).toBe(401);
  });
});

describe('PUT /api/notifications/{id}/read', () => {
  it('marks one notification read and lowers the unread count', async () => {
    const { user } = await userWithTwoNotifications();
    const [newest] = (await list(user)).body.data!.items;
    const answer = await markRead(user, newest!.id);
    const after = await list(user);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.isRead).toBe(true);
    expect(after.body.data!.unreadCount).toBe(1);
    expect(after.body.data!.items[0]!.isRead).toBe(true);
  });

  it('is idempotent: reading twice lowers the count once', async () => {
    const { user } = await userWithTwoNotifications();
    const [newest] = (await list(user)).body.data!.items;
    await Promise.all([markRead(user, newest!.id), markRead(user, newest!.id)]);
    const after = await list(user);
    expect(after.body.data!.unreadCount).toBe(1);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const { user } = await userWithTwoNotifications();
    const [newest] = (await list(user)).body.data!.items;
    const answer = await markRead(await newUser(), newest!.id);
    const after = await list(user);
    expect(answer.status).toBe(404);
    expect(after.body.data!.unreadCount).toBe(2);
  });

  it('answers 404 for an unknown id', async () => {
    const answer = await markRead(await newUser(), 'nosuchnotification');
    expect(answer.status).toBe(404);
  });
});

describe('POST /api/notifications/read-all', () => {
  it('marks every unread notification read', async () => {
    const { user } = await userWithTwoNotifications();
    const answer = await api<{ count: number }>('POST', '/api/notifications/read-all', { token: user.token });
    const after = await list(user);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ count: 2 });
    expect(after.body.data!.unreadCount).toBe(0);
    expect(after.body.data!.items.every((item) => item.isRead)).toBe(true);
  });

  it('touches only the caller’s notifications', async () => {
    const [{ user: first }, { user: second }] = await Promise.all([
      userWithTwoNotifications(),
      userWithTwoNotifications(),
    ]);
    await api('POST', '/api/notifications/read-all', { token: first.token });
    const other = await list(second);
    expect(other.body.data!.unreadCount).toBe(2);
  });

  it('marks more unread notifications than one batch holds', async () => {
    const user = await newUser();
    for (let index = 0; index < 30; index += 1) {
      const at = new Date(Date.now() - index * 1000);
      await transactWrite(
        notificationPuts({
          id: newNotificationId(at),
          userId: user.id,
          type: 'APPLICATION_STATUS',
          applicationId: `app-${index}`,
          status: 'PROCESSING',
          previousStatus: 'PENDING',
          title: 'Title',
          message: 'Message',
          isRead: false,
          createdAt: at.toISOString(),
        }),
      );
    }
    const answer = await api<{ count: number }>('POST', '/api/notifications/read-all', { token: user.token });
    const after = await list(user, '?limit=50');
    expect(answer.body.data).toEqual({ count: 30 });
    expect(after.body.data!.unreadCount).toBe(0);
    expect(after.body.data!.items.filter((item) => !item.isRead)).toEqual([]);
  });

  it('answers count 0 when nothing is unread', async () => {
    const answer = await api<{ count: number }>('POST', '/api/notifications/read-all', {
      token: (await newUser()).token,
    });
    expect(answer.body.data).toEqual({ count: 0 });
  });
});
