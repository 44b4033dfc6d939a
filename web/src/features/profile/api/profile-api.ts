import { PROFILE_APPLICATIONS_LIMIT } from '@shared/constants';
import type { ApplicationView } from '@shared/contract/applications';
import type { ChangePasswordBody, UpdateProfileBody } from '@shared/contract/auth';
import type { NotificationView } from '@shared/contract/notifications';
import type { OwnUser } from '@shared/contract/users';
import type { Envelope } from '@shared/envelope';
import { api } from '@web/lib/api-client';

/** The profile screen's calls (docs/product.md §7). */
export async function fetchMyApplications(signal?: AbortSignal): Promise<ApplicationView[]> {
  const answer = await api.get<{ items: ApplicationView[] }>(
    '/applications',
    { limit: PROFILE_APPLICATIONS_LIMIT, sortBy: 'createdAt', sortOrder: 'desc' },
    signal,
  );
  return answer.data?.items ?? [];
}

export async function cancelApplication(id: string): Promise<string> {
  return (await api.post(`/applications/${encodeURIComponent(id)}/cancel`)).message;
}

export async function fetchAvatars(): Promise<string[]> {
  return (await api.get<string[]>('/misc/avatars')).data ?? [];
}

export async function updateProfile(body: UpdateProfileBody): Promise<Envelope<OwnUser>> {
  return api.put<OwnUser>('/users/profile', body);
}

export async function changePassword(body: ChangePasswordBody): Promise<string> {
  return (await api.post('/auth/change-password', body)).message;
}

export interface NotificationsPage {
  items: NotificationView[];
  unreadCount: number;
}

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationsPage> {
  const answer = await api.get<NotificationsPage>('/notifications', { limit: 20 }, signal);
  return { items: answer.data?.items ?? [], unreadCount: answer.data?.unreadCount ?? 0 };
}

export async function markNotificationRead(id: string): Promise<void> {
  await api.put(`/notifications/${encodeURIComponent(id)}/read`);
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.post('/notifications/read-all');
}
