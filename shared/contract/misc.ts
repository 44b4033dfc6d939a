import * as z from 'zod/mini';
import { schema } from '../schema';

export const avatarListSchema = /* @__PURE__ */ schema(() => z.array(z.string().check(z.url())));

export const validateTelegramBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    username: z.string().check(z.maxLength(100)),
  }),
);
export type ValidateTelegramBody = z.infer<typeof validateTelegramBodySchema>;
/**
 * Whether the contact is a Telegram username or number; when a bot is configured, also the bot and
 * whether that contact has started it (null for a phone number: Telegram does not say who it is).
 */
export const validateTelegramDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    isValid: z.boolean(),
    bot: z.optional(z.object({ username: z.string(), started: z.nullable(z.boolean()) })),
  }),
);
