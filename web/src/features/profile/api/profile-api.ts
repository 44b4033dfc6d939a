import { PROFILE_APPLICATIONS_LIMIT } from '@shared/constants';
import type { ApplicationView } from '@shared/contract/applications';
import type { ChangePasswordBody, UpdateProfileBody } from '@shared/contract/auth';
import type { NotificationView } from '@shared/contract/notifications';
import type { TelegramLinkData } from '@shared/contract/telegram';
import type { OwnUser } from '@shared/contract/users';
import { cancelMyApplication, listMyApplications } from '@shared/routes/applications';
import { authChangePassword } from '@shared/routes/auth';
import { listNotifications, readAllNotifications, readNotification } from '@shared/routes/notifications';
import { listAvatars, updateProfile as updateProfileRoute } from '@shared/routes/profile';
import { createTelegramLink, deleteTelegramLink } from '@shared/routes/telegram';
import { call, type Reply } from '@web/lib/api-client';
import { fetchOwnUser } from '@web/lib/session-api';

/** The profile screen's calls (docs/product.md §7). */
export async function fetchMyApplications(signal?: AbortSignal): Promise<ApplicationView[]> {
  const answer = await call(listMyApplications, {
    query: { limit: PROFILE_APPLICATIONS_LIMIT, sortBy: 'createdAt', sortOrder: 'desc' },
    signal,
  });
  return answer.data.items;
}

export async function cancelApplication(id: string): Promise<void> {
  await call(cancelMyApplication, { params: { id } });
}

export async function fetchAvatars(signal?: AbortSignal): Promise<string[]> {
  return (await call(listAvatars, { signal })).data;
}

export async function updateProfile(body: UpdateProfileBody): Promise<Reply<typeof updateProfileRoute>> {
  return call(updateProfileRoute, { body });
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await call(authChangePassword, { body });
}

export interface NotificationsPage {
  items: NotificationView[];
  unreadCount: number;
}

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationsPage> {
  const answer = await call(listNotifications, { query: { limit: 20 }, signal });
  return { items: answer.data.items, unreadCount: answer.data.unreadCount };
}

export async function markNotificationRead(id: string): Promise<void> {
  await call(readNotification, { params: { id } });
}

export async function markAllNotificationsRead(): Promise<void> {
  await call(readAllNotifications);
}

/** A one-time deep link that links the caller's Telegram account once started (valid 10 minutes). */
export async function startTelegramLink(): Promise<TelegramLinkData> {
  return (await call(createTelegramLink)).data;
}

/** Unlinks the caller's Telegram account; the answer is the own user without it. */
export async function unlinkTelegram(): Promise<OwnUser> {
  return (await call(deleteTelegramLink)).data;
}

/**
 * The own user as it is now, for a screen that waits for a change made elsewhere (the Telegram
 * link, started in Telegram); null when it could not be read. Unlike the auth store's reload, a
 * failed read here ends no session: the screen asks again a few seconds later.
 */
export async function peekOwnUser(): Promise<OwnUser | null> {
  try {
    return await fetchOwnUser();
  } catch {
    return null;
  }
}
