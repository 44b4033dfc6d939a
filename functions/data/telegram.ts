import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { readItems } from './query-window';
import type { TransactItem } from './transactions';
import type { TelegramLink } from './users';

/**
 * The Telegram bot's items (docs/architecture.md "The Telegram bot"; functions/data/keys.ts,
 * pattern 41): which site account a Telegram account is linked to, who started the bot, the updates
 * already handled, the bot's state, the groups it is in, its latest send errors, and each chat's
 * send pace.
 */

const DAY_SECONDS = 24 * 3600;
const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** The site account a Telegram account is linked to; undefined when none. */
export async function findTelegramAccountOwner(telegramUserId: number): Promise<string | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.telegramAccount(telegramUserId), ConsistentRead: true }),
  );
  return Item ? String(Item.userId) : undefined;
}

/**
 * The writes that link `link` to `userId`, for the transaction that spends the link token: the
 * user's `telegramLink` (the account must exist and be active), the Telegram account's entry, the
 * user's previous Telegram account's entry removed, and the previous holder's link removed (a
 * Telegram account links to one site account: linking it again moves it).
 */
export function telegramLinkItems(
  userId: string,
  link: TelegramLink,
  previous: { ownerOfAccount?: string; accountOfUser?: number },
): TransactItem[] {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET telegramLink = :link',
        ConditionExpression: 'attribute_exists(pk) AND isActive = :true',
        ExpressionAttributeValues: { ':link': link, ':true': true },
      },
    },
    { Put: { TableName: tableName, Item: { ...keys.telegramAccount(link.telegramUserId), userId } } },
  ];
  if (previous.ownerOfAccount && previous.ownerOfAccount !== userId) {
    items.push({
      Update: {
        TableName: tableName,
        Key: keys.user(previous.ownerOfAccount),
        UpdateExpression: 'REMOVE telegramLink',
      },
    });
  }
  if (previous.accountOfUser !== undefined && previous.accountOfUser !== link.telegramUserId) {
    items.push({
      Delete: {
        TableName: tableName,
        Key: keys.telegramAccount(previous.accountOfUser),
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :user',
        ExpressionAttributeValues: { ':user': userId },
      },
    });
  }
  return items;
}

/**
 * Removes the user's link and its Telegram account's entry, only while the link is still that
 * account (a concurrent re-link is left alone). False when nothing was linked or it changed.
 */
export function telegramUnlinkItems(userId: string, telegramUserId: number): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.user(userId),
        UpdateExpression: 'REMOVE telegramLink',
        ConditionExpression: 'telegramLink.telegramUserId = :id',
        ExpressionAttributeValues: { ':id': telegramUserId },
      },
    },
    {
      Delete: {
        TableName: tableName,
        Key: keys.telegramAccount(telegramUserId),
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :user',
        ExpressionAttributeValues: { ':user': userId },
      },
    },
  ];
}

/** Records that a Telegram @username started the bot in a private chat (validate-telegram asks). */
export async function recordBotStarted(username: string, chatId: number, at: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.telegramContact(username), chatId, startedAt: at },
    }),
  );
}

export async function hasStartedBot(username: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.telegramContact(username), ProjectionExpression: 'pk' }),
  );
  return Item !== undefined;
}

/**
 * Claims an update by its id, once: false when it was handled already (Telegram delivers an update
 * again when the webhook's answer did not come). Also records it as the bot's last update.
 */
export async function claimTelegramUpdate(updateId: number, now: Date): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.telegramUpdate(updateId),
          receivedAt: now.toISOString(),
          expiresAt: epochSeconds(now.getTime()) + DAY_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.telegramBotState,
      UpdateExpression: 'SET lastUpdateAt = :at',
      ExpressionAttributeValues: { ':at': now.toISOString() },
    }),
  );
  return true;
}

/** Lets an update be handled again (its handling failed; Telegram will deliver it again). */
export async function releaseTelegramUpdate(updateId: number): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.telegramUpdate(updateId) }));
}

/** A group chat the bot is in (to pick the staff group from), or forgets it once the bot left. */
export async function recordBotGroup(
  chat: { id: number; title?: string },
  present: boolean,
  at: string,
): Promise<void> {
  const key = keys.telegramGroup(String(chat.id));
  if (!present) {
    await db.send(new DeleteCommand({ TableName: tableName, Key: key }));
    return;
  }
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...key, chatId: String(chat.id), title: chat.title ?? String(chat.id), seenAt: at },
    }),
  );
}

/** A send Telegram refused or that failed, for the security page (kept 7 days). */
export async function recordTelegramSendError(kind: string, error: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.telegramSendError(at, randomBytes(4).toString('hex')),
        at,
        kind,
        error: error.slice(0, 300),
        expiresAt: epochSeconds(now.getTime()) + 7 * DAY_SECONDS,
      },
    }),
  );
}

export interface TelegramBotRecords {
  lastUpdateAt: string | null;
  groups: Array<{ id: string; title: string; seenAt: string }>;
  recentErrors: Array<{ at: string; kind: string; error: string }>;
}

/** The bot's state, its groups (newest first) and its latest 10 send errors: one partition. */
export async function readTelegramBotRecords(nowMs: number): Promise<TelegramBotRecords> {
  // The bot's partition is small (a state, the groups it is in, a week of send errors): one read.
  const { items } = await readItems({ value: keys.telegramBotPartition }, { forward: true, count: 1000 });
  const state = items.find((item) => item.sk === keys.telegramBotState.sk);
  const groups = items
    .filter((item) => String(item.sk).startsWith('GROUP#'))
    .map((item) => ({ id: String(item.chatId), title: String(item.title), seenAt: String(item.seenAt) }))
    .sort((a, b) => b.seenAt.localeCompare(a.seenAt));
  const recentErrors = items
    .filter((item) => String(item.sk).startsWith('ERROR#') && Number(item.expiresAt) > nowMs / 1000)
    .map((item) => ({ at: String(item.at), kind: String(item.kind), error: String(item.error) }))
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 10);
  return { lastUpdateAt: (state?.lastUpdateAt as string | undefined) ?? null, groups, recentErrors };
}

/** How often one chat may be written to (Telegram's limits; functions/domain/outbox/telegram-channel.ts). */
export interface SendPace {
  /** The least time between two sends to the chat. */
  spacingMs: number;
  /** At most this many sends in any minute (groups), if set. */
  perMinute?: number;
}

const PACE_ATTEMPTS = 5;

/**
 * Reserves the earliest time at or after `nowMs` the chat may be sent to, keeping the pace and any
 * hold a 429 put on it, unless that time is more than `maxWaitMs` away (then undefined, nothing
 * reserved). The reservation is a Put conditional on the version read, so two senders never take
 * the same slot.
 */
export async function reserveTelegramSendSlot(
  chatId: string,
  pace: SendPace,
  nowMs: number,
  maxWaitMs: number,
): Promise<number | undefined> {
  const key = keys.telegramPace(chatId);
  for (let attempt = 0; attempt < PACE_ATTEMPTS; attempt += 1) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    const version = Number(Item?.version ?? 0);
    const recent = ((Item?.recent as number[] | undefined) ?? []).filter((at) => at > nowMs - 60_000);
    const heldUntil = Number(Item?.heldUntil ?? 0);
    let slot = Math.max(nowMs, heldUntil, (recent.at(-1) ?? -Infinity) + pace.spacingMs);
    if (pace.perMinute !== undefined && recent.length >= pace.perMinute)
      slot = Math.max(slot, recent[recent.length - pace.perMinute]! + 60_000);
    if (slot - nowMs > maxWaitMs) return undefined;
    try {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key,
            recent: [...recent, slot].slice(-(pace.perMinute ?? 1)),
            heldUntil,
            version: version + 1,
            expiresAt: epochSeconds(slot) + DAY_SECONDS,
          },
          ConditionExpression: Item ? 'version = :version' : 'attribute_not_exists(pk)',
          ...(Item ? { ExpressionAttributeValues: { ':version': version } } : {}),
        }),
      );
      return slot;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return undefined;
}

/** Holds every send to the chat until `untilMs` (Telegram's 429 said to retry after then). */
export async function holdTelegramChat(chatId: string, untilMs: number): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.telegramPace(chatId),
        UpdateExpression: 'SET heldUntil = :until, expiresAt = :expires ADD version :one',
        ConditionExpression: 'attribute_not_exists(heldUntil) OR heldUntil < :until',
        ExpressionAttributeValues: {
          ':until': untilMs,
          ':expires': epochSeconds(untilMs) + DAY_SECONDS,
          ':one': 1,
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
