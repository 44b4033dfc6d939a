// Routes of one area of the manifest (docs/architecture.md §2): A user's in-app notifications.
import { listNotificationsQuerySchema, notificationIdParamsSchema } from '@shared/contract/notifications';
import type { RouteDefinition } from './definition';

export const listNotifications = {
  method: 'GET',
  path: '/api/notifications',
  handler: 'handlers/notifications/list',
  access: 'user',
  summary: "The caller's notifications, newest first, with the unread count",
  tag: 'notifications',
  query: listNotificationsQuerySchema,
  response: 'notificationsPageSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const readNotification = {
  method: 'PUT',
  path: '/api/notifications/{id}/read',
  handler: 'handlers/notifications/read',
  access: 'user',
  summary: "Mark one of the caller's notifications read",
  tag: 'notifications',
  params: notificationIdParamsSchema,
  response: 'notificationSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const readAllNotifications = {
  method: 'POST',
  path: '/api/notifications/read-all',
  handler: 'handlers/notifications/read-all',
  access: 'user',
  summary: "Mark all the caller's notifications read",
  tag: 'notifications',
  response: 'readAllDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;
