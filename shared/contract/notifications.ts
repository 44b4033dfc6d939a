import * as z from 'zod/mini';
import { applicationStatusSchema } from '../enums';
import { pageQuerySchema } from '../paging';
import { schema } from '../schema';
import { cursorPagedSchema, optionalQueryText } from './applications';

const notificationFields = () => ({
  id: z.string(),
  /** Text in the user's language at the time of the event. */
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});

/**
 * A notification: a status change of one of the user's applications, or (staff only) a reserve
 * that fell below its alert level or a receiving detail near its pool limit.
 */
export const notificationSchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...notificationFields(),
      type: z.literal('APPLICATION_STATUS'),
      applicationId: z.string(),
      status: applicationStatusSchema,
      previousStatus: z.nullable(applicationStatusSchema),
    }),
    z.object({
      ...notificationFields(),
      type: z.literal('RESERVE_LOW'),
      /** The currency whose reserve is below its alert level. */
      currency: z.string(),
    }),
    z.object({
      ...notificationFields(),
      type: z.literal('RECEIVING_NEAR_LIMIT'),
      /** The payment template (card, account or wallet) near its limit. */
      templateId: z.string(),
    }),
  ]),
);
export type NotificationView = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...pageQuerySchema(50, 20),
    cursor: optionalQueryText(300),
  }),
);
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

export const notificationsPageSchema = /* @__PURE__ */ schema(() =>
  z.extend(cursorPagedSchema(notificationSchema), {
    unreadCount: z.number().check(z.int(), z.nonnegative()),
  }),
);

export const notificationIdParamsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
);

export const readAllDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ count: z.number().check(z.int(), z.nonnegative()) }),
);
