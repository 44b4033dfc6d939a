import type { ApplicationRecord } from '@functions/data/applications';
import { outboxTelegramPut, type TelegramKind } from '@functions/data/outbox';
import type { InlineButton } from '@functions/data/telegram-bot-api';
import type { TransactItem } from '@functions/data/transactions';
import type { UserSummary } from '@functions/data/user-summaries';
import { TAKE_CALLBACK_PREFIX } from '@shared/contract/telegram';
import { DEFAULT_LANGUAGE } from '@shared/enums';
import { movesFrom } from '@shared/lifecycle';
import { dealInScope, scopeOfRole } from '@shared/staff-scope';
import { placeName } from '../geo/place-name';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';
import { staffOnShift } from '../staff-users/shifts';
import {
  adminApplicationUrl,
  adminReviewUrl,
  botTexts,
  type ChainEventTextInput,
  chainEventText,
  clientMessageText,
  clientStatusText,
  type MentionedStaff,
  mentionLine,
  staffAlertText,
  staffName,
} from './texts';

/**
 * The Telegram messages a change causes, as outbox items for its transaction (so a message exists
 * exactly when its change does, like a mail): the staff group's alerts and a linked client's news.
 * They depend only on the table (the setting, the link), so the routes that cause them need no bot
 * configuration; the sender refuses them if the bot was removed since.
 */

const noPreview = { is_disabled: true } as const;

/** The alert's buttons: Take while nobody has it, and Open (the admin page). */
function alertButtons(applicationId: string, withTake: boolean): InlineButton[][] {
  const texts = botTexts(DEFAULT_LANGUAGE);
  const open: InlineButton = { text: texts.open, url: adminApplicationUrl(applicationId) };
  return [
    withTake
      ? [{ text: texts.take, callback_data: `${TAKE_CALLBACK_PREFIX}${applicationId}` }, open]
      : [open],
  ];
}

/**
 * The staff on shift a deal's alert mentions (docs/operations.md "Staff shifts and rights"): its
 * manager, when on shift; else those on shift who linked their Telegram and whose rights reach the
 * deal, longest on shift first. A new deal has no manager yet; the client's "I have paid" calls its
 * manager, or whoever is on duty while they are not.
 */
async function onShiftToMention(record: ApplicationRecord): Promise<MentionedStaff[]> {
  const reached = (await staffOnShift()).flatMap(
    (user): Array<MentionedStaff & { id: string }> =>
      user.telegramLink && dealInScope(scopeOfRole(user.role, user.staffScope), record)
        ? [
            {
              id: user.id,
              name: staffName(user),
              telegramUserId: user.telegramLink.telegramUserId,
              telegramUsername: user.telegramLink.username,
            },
          ]
        : [],
  );
  const manager = reached.find((user) => user.id === record.assignedToId);
  return manager ? [manager] : reached;
}

/**
 * The staff group's alert of a new application or of a client's "I have paid", in the exchange's
 * default language, mentioning the staff on shift it calls (the group gets every alert all the
 * same). None when no staff group is set (telegramStaffChatId).
 */
export async function staffAlertItems(
  record: ApplicationRecord,
  kind: 'created' | 'paid',
  now: Date,
): Promise<TransactItem[]> {
  const chatId = await settingValue('telegramStaffChatId');
  if (chatId === '') return [];
  const text = staffAlertText(DEFAULT_LANGUAGE, kind, {
    ...record,
    applicationId: record.id,
    place: await placeName(record, DEFAULT_LANGUAGE),
  });
  const mention = mentionLine(DEFAULT_LANGUAGE, await onShiftToMention(record), text.length);
  return [
    outboxTelegramPut(
      'telegram-staff-alert',
      {
        method: 'sendMessage',
        params: {
          chat_id: chatId,
          text: text + (mention?.text ?? ''),
          ...(mention && mention.entities.length > 0 ? { entities: mention.entities } : {}),
          reply_markup: { inline_keyboard: alertButtons(record.id, !record.assignedToId) },
          link_preview_options: noPreview,
        },
      },
      now,
    ),
  ];
}

/**
 * The staff group's message of a chain event (USDT arrived, a payout's hash not matching), with
 * Open: the application, else the review list; an event of a deal (`deal`, as read) mentions the
 * staff on shift it calls, as the deal's alerts do. None when no staff group is set.
 */
export async function chainEventTelegramItems(
  event: ChainEventTextInput,
  now: Date,
  deal?: ApplicationRecord,
): Promise<TransactItem[]> {
  const chatId = await settingValue('telegramStaffChatId');
  if (chatId === '') return [];
  const text = chainEventText(DEFAULT_LANGUAGE, event);
  const mention = deal ? mentionLine(DEFAULT_LANGUAGE, await onShiftToMention(deal), text.length) : null;
  const texts = botTexts(DEFAULT_LANGUAGE);
  const open: InlineButton = event.applicationId
    ? { text: texts.open, url: adminApplicationUrl(event.applicationId) }
    : { text: texts.chain.reviewList, url: adminReviewUrl() };
  return [
    outboxTelegramPut(
      'telegram-chain-event',
      {
        method: 'sendMessage',
        params: {
          chat_id: chatId,
          text: text + (mention?.text ?? ''),
          ...(mention && mention.entities.length > 0 ? { entities: mention.entities } : {}),
          reply_markup: { inline_keyboard: [[open]] },
          link_preview_options: noPreview,
        },
      },
      now,
    ),
  ];
}

/** The staff group's report of a business day (plain text, its link inside); none when no staff group is set. */
export async function dailyReportTelegramItems(text: string, now: Date): Promise<TransactItem[]> {
  const chatId = await settingValue('telegramStaffChatId');
  if (chatId === '') return [];
  return [
    outboxTelegramPut(
      'telegram-daily-report',
      { method: 'sendMessage', params: { chat_id: chatId, text, link_preview_options: noPreview } },
      now,
    ),
  ];
}

/** The alert edited once someone took the application: who, and only the Open button left. */
export function takenAlertItem(
  message: { chatId: number; messageId: number; text: string },
  applicationId: string,
  takerName: string,
  now: Date,
): TransactItem {
  return outboxTelegramPut(
    'telegram-taken',
    {
      method: 'editMessageText',
      params: {
        chat_id: message.chatId,
        message_id: message.messageId,
        text: `${message.text}\n\n${botTexts(DEFAULT_LANGUAGE).takenBy(takerName)}`,
        reply_markup: { inline_keyboard: alertButtons(applicationId, false) },
        link_preview_options: noPreview,
      },
    },
    now,
  );
}

/** A plain message to one private chat: no buttons, no link preview. */
function privateMessageItem(kind: TelegramKind, chatId: number, text: string, now: Date): TransactItem {
  return outboxTelegramPut(
    kind,
    { method: 'sendMessage', params: { chat_id: chatId, text, link_preview_options: noPreview } },
    now,
  );
}

/**
 * A linked owner's news of a status change, in their language (with the deadline, in the business's
 * time zone, while they are to pay); none when they linked no Telegram.
 */
export async function ownerStatusTelegramItems(
  owner: UserSummary | undefined,
  record: ApplicationRecord,
  now: Date,
): Promise<TransactItem[]> {
  if (!owner?.telegramChatId) return [];
  // While they are to pay: while "I have paid" is a move from the status.
  const deadline = movesFrom('markPaid', record.status) ? record.instructions?.deadline : undefined;
  const payBy = deadline ? { deadline, timeZone: await businessTimeZone() } : null;
  const text = clientStatusText(owner.language, { ...record, applicationId: record.id }, payBy);
  return [privateMessageItem('telegram-client-status', owner.telegramChatId, text, now)];
}

/** A linked owner's note that staff wrote to them (never the message itself). */
export function ownerMessageTelegramItems(
  owner: UserSummary | undefined,
  applicationId: string,
  now: Date,
): TransactItem[] {
  if (!owner?.telegramChatId) return [];
  const text = clientMessageText(owner.language, applicationId);
  return [privateMessageItem('telegram-client-message', owner.telegramChatId, text, now)];
}

/** A reply of the bot in a private chat (a link confirmed, a welcome). */
export function botReplyItem(chatId: number, text: string, now: Date): TransactItem {
  return privateMessageItem('telegram-bot-reply', chatId, text, now);
}
