import * as z from 'zod/mini';
import { schema } from '../schema';

/**
 * The Telegram bot (docs/architecture.md "The Telegram bot"): optional per installation.
 * Staff get a group alert for each new application and each "I have paid", with a Take button;
 * staff and clients link their Telegram account from the profile through a one-time deep link, and
 * linked clients get their status changes and staff's messages there too (never payment details).
 */

/** How long a link token (the deep link's `start` parameter) may be used, once. */
export const TELEGRAM_LINK_TOKEN_MINUTES = 10;

/** The header Telegram sends with every webhook call: the secret given to setWebhook. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The callback data of a group alert's Take button: `take:` and the application's id. */
export const TAKE_CALLBACK_PREFIX = 'take:';

export const telegramWebhookHeadersSchema = /* @__PURE__ */ schema(() =>
  z.object({ [TELEGRAM_SECRET_HEADER]: z.optional(z.string().check(z.maxLength(256))) }),
);

const telegramUserSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.number().check(z.int()),
    is_bot: z.optional(z.boolean()),
    first_name: z.optional(z.string()),
    last_name: z.optional(z.string()),
    username: z.optional(z.string()),
    language_code: z.optional(z.string()),
  }),
);

const telegramChatSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.number().check(z.int()),
    type: z.string(),
    title: z.optional(z.string()),
    username: z.optional(z.string()),
  }),
);

const telegramMessageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message_id: z.number().check(z.int()),
    date: z.number(),
    chat: telegramChatSchema,
    from: z.optional(telegramUserSchema),
    text: z.optional(z.string()),
  }),
);

/**
 * The part of Telegram's Update the bot reads (Bot API "Update"): other fields and other kinds of
 * update are accepted and ignored, as Telegram may send more than asked for.
 */
export const telegramUpdateSchema = /* @__PURE__ */ schema(() =>
  z.object({
    update_id: z.number().check(z.int()),
    message: z.optional(telegramMessageSchema),
    callback_query: z.optional(
      z.object({
        id: z.string(),
        from: telegramUserSchema,
        message: z.optional(telegramMessageSchema),
        data: z.optional(z.string()),
      }),
    ),
    my_chat_member: z.optional(
      z.object({
        chat: telegramChatSchema,
        from: telegramUserSchema,
        date: z.number(),
        new_chat_member: z.object({ status: z.string() }),
      }),
    ),
  }),
);
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
export type TelegramMessage = z.infer<typeof telegramMessageSchema>;

/** POST /telegram/link: the deep link that links the caller's Telegram account, and when it lapses. */
export const telegramLinkDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ url: z.string(), expiresAt: z.string() }),
);
export type TelegramLinkData = z.infer<typeof telegramLinkDataSchema>;

/** A user's linked Telegram account, as their own profile shows it; null when none is linked. */
export const telegramAccountSchema = /* @__PURE__ */ schema(() =>
  z.nullable(
    z.object({
      /** The Telegram @username at linking time, without the @; null when the account has none. */
      username: z.nullable(z.string()),
      linkedAt: z.string(),
    }),
  ),
);
export type TelegramAccount = z.infer<typeof telegramAccountSchema>;

/** GET /admin/telegram: the bot's state for the security settings page. */
export const telegramBotStatusSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** A bot is configured for this installation (its token and username are set). */
    configured: z.boolean(),
    /** The bot's @username, without the @; null when none is configured. */
    username: z.nullable(z.string()),
    /**
     * What Telegram says of the webhook (getWebhookInfo); null when no bot is configured or
     * Telegram could not be asked (`webhookError` says why).
     */
    webhook: z.nullable(
      z.object({
        /** Telegram delivers to this installation's webhook address. */
        set: z.boolean(),
        url: z.string(),
        pendingUpdates: z.number().check(z.int()),
        lastErrorAt: z.nullable(z.string()),
        lastErrorMessage: z.nullable(z.string()),
      }),
    ),
    /** Why Telegram could not be asked about the webhook; null when it answered. */
    webhookError: z.nullable(z.string()),
    /** The last update the webhook accepted; null when none yet. */
    lastUpdateAt: z.nullable(z.string()),
    /** The staff group chat (the setting telegramStaffChatId); '' when none is set. */
    staffChatId: z.string(),
    /** Group chats the bot was added to (newest first), to pick the staff group from. */
    groups: z.array(z.object({ id: z.string(), title: z.string(), seenAt: z.string() })),
    /** The latest sends Telegram refused or that failed (newest first, at most 10). */
    recentErrors: z.array(z.object({ at: z.string(), kind: z.string(), error: z.string() })),
  }),
);
export type TelegramBotStatus = z.infer<typeof telegramBotStatusSchema>;
