import * as z from 'zod';
import { applicationStatusSchema } from '../enums';
import { pageQuerySchema } from '../paging';
import { cursorPagedSchema, optionalQueryText } from './applications';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.literal('APPLICATION_STATUS'),
  applicationId: z.string(),
  status: applicationStatusSchema,
  previousStatus: applicationStatusSchema.nullable(),
  /** Text in the user's language at the time of the event. */
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  ...pageQuerySchema(50, 20),
  cursor: optionalQueryText(300),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

export const notificationsPageSchema = cursorPagedSchema(notificationSchema).extend({
  unreadCount: z.number().int().nonnegative(),
});

export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const readAllDataSchema = z.object({ count: z.number().int().nonnegative() });
