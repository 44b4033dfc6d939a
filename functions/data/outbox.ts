import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand, type PutCommandInput, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { currentCorrelationId } from '@functions/commons/logger';
import type { OutgoingMail } from '@functions/commons/mailer';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import type { TelegramCall } from './telegram-bot-api';
import type { TransactItem } from './transactions';

/** What a queued mail is about: for logs and operators only (the mail itself is rendered). */
export type MailKind =
  | 'verify-email'
  | 'reset-password'
  | 'guest-join'
  | 'admin-invitation'
  | 'password-changed'
  | 'address-changed'
  | 'staff-invitation'
  | 'role-changed'
  | 'mfa-enabled'
  | 'application-created'
  | 'application-status'
  | 'application-staff'
  | 'application-message'
  | 'reserve-alert'
  | 'daily-report';

/** What a queued Telegram message is about (channel `telegram`): a staff group alert, a linked client's news, the bot's own. */
export type TelegramKind =
  | 'telegram-staff-alert'
  | 'telegram-chain-event'
  | 'telegram-taken'
  | 'telegram-client-status'
  | 'telegram-client-message'
  | 'telegram-bot-reply'
  | 'telegram-daily-report'
  | 'telegram-test';

/** An outbox item's kind: a mail's or a Telegram message's, each channel its own. */
export type OutboxKind = MailKind | TelegramKind;

/**
 * How an outbox item leaves: each channel has its own sender, metrics and unsent list
 * (functions/domain/outbox/channels.ts), so a Telegram pace held back never reads as mail late.
 */
export type OutboxChannel = 'mail' | 'telegram';
export const OUTBOX_CHANNELS: readonly OutboxChannel[] = ['mail', 'telegram'];

/**
 * Where an outbox item stands (docs/architecture.md §7), stored as `mailState` (the name it had
 * when the outbox held only mail; the sender's stream filter and a table's items use it):
 * - `queued`: decided (written with the change that causes it, or re-queued); the sender's stream
 *   filter passes only this state, so writing it is what hands a mail to the sender;
 * - `sending`: claimed by one sender invocation, which is about to call SES or has;
 * - `sent` / `suppressed` (the address is undeliverable): done; the body is removed;
 * - `failed`: SES refused or did not answer; retried, then re-queued by the re-drive job;
 * - `unknown`: a claim that never got an outcome (the sender stopped between SES and the mark):
 *   SES may have sent it, so it is never sent again by itself (docs/operations.md).
 */
export type OutboxState = 'queued' | 'sending' | 'sent' | 'suppressed' | 'failed' | 'unknown';

export interface OutboxRecord {
  id: string;
  kind: OutboxKind;
  channel: OutboxChannel;
  mailState: OutboxState;
  createdAt: string;
  /** When it was last handed to the sender (creation, or a re-drive). */
  queuedAt: string;
  /** SES calls made for it. */
  attempts: number;
  redrives: number;
  claimId?: string;
  claimedAt?: string;
  lastAttemptAt?: string;
  lastError?: string;
  /** When it was sent or suppressed. */
  doneAt?: string;
  messageId?: string;
  to: string;
  /** Present until the mail is sent or suppressed. */
  subject?: string;
  text?: string;
  html?: string;
  /** The Bot API call of a `telegram` item (`to` is its chat id). */
  telegram?: TelegramCall;
  /**
   * What queued it: the request or job run's request id, or the chain transfer's txId, as its log
   * lines carry it (functions/commons/logger.ts). The sender's lines about it carry it too.
   */
  correlationId?: string;
}

/** An item one sender invocation holds (claimOutboxItem): only its claim may end it. */
export type ClaimedOutboxItem = OutboxRecord & { claimId: string };

/** A mail nobody sent is kept at most this long (its links have long expired by then). */
const UNSENT_KEPT_SECONDS = 30 * 24 * 3600;
/** A sent or suppressed mail's record (no body) is kept this long, for support questions. */
const DONE_KEPT_SECONDS = 14 * 24 * 3600;

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * The rendered text and HTML are stored as one gzip-compressed binary attribute (`body`), not as
 * two strings: an item's write units are its size, and the mail is written in its change's
 * transaction (twice the units), then updated by the claim and by the end of the send. Compressed,
 * a mail costs about a third of the write units (docs/decisions.md, "Outbox bodies").
 */
function packBody(body: Pick<OutboxRecord, 'text' | 'html' | 'telegram'>): Uint8Array {
  return gzipSync(JSON.stringify(body));
}

function unpackBody(body: unknown): Pick<OutboxRecord, 'text' | 'html' | 'telegram'> {
  return body instanceof Uint8Array
    ? (JSON.parse(gunzipSync(body).toString('utf8')) as Pick<OutboxRecord, 'text' | 'html' | 'telegram'>)
    : {};
}

/** The entry in its channel's unsent index (gsi1, oldest first); removed once the item is done. */
function unsentEntry(channel: OutboxChannel, createdAt: string, id: string) {
  return { gsi1pk: keys.unsentOutbox(channel), gsi1sk: `${createdAt}#${id}` };
}

/**
 * The outbox item of one rendered mail, as a transaction Put: written in the same
 * TransactWriteItems as the change that causes the mail, so the mail exists exactly when the
 * change does. Sending is the sender's (functions/jobs/send-mail.ts), from the table's stream.
 */
export function outboxPut(kind: MailKind, mail: OutgoingMail, now: Date): TransactItem {
  const { text, html, ...envelope } = mail;
  return queuedItemPut(kind, { ...envelope, channel: 'mail' }, { text, html }, now);
}

/**
 * A Telegram Bot API call as an outbox item (channel `telegram`), for the transaction of the change
 * that causes it: claimed and re-driven as a mail is, sent by the Telegram channel at its pace.
 */
export function outboxTelegramPut(kind: TelegramKind, call: TelegramCall, now: Date): TransactItem {
  return queuedItemPut(
    kind,
    { to: String(call.params.chat_id), channel: 'telegram' },
    { telegram: call },
    now,
  );
}

function queuedItemPut(
  kind: OutboxKind,
  envelope: Pick<OutboxRecord, 'to' | 'channel'> & Partial<Pick<OutboxRecord, 'subject'>>,
  body: Pick<OutboxRecord, 'text' | 'html' | 'telegram'>,
  now: Date,
): TransactItem {
  const id = randomUUID();
  const createdAt = now.toISOString();
  const correlationId = currentCorrelationId();
  const record: Omit<OutboxRecord, 'text' | 'html' | 'telegram'> = {
    id,
    kind,
    mailState: 'queued',
    createdAt,
    queuedAt: createdAt,
    attempts: 0,
    redrives: 0,
    ...envelope,
    ...(correlationId ? { correlationId } : {}),
  };
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.outboxItem(id),
        ...unsentEntry(envelope.channel, createdAt, id),
        ...record,
        body: packBody(body),
        expiresAt: epochSeconds(now) + UNSENT_KEPT_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Queues one outbox item on its own (what no other change's transaction carries: a bot reply). */
export async function putOutboxItem(item: TransactItem): Promise<void> {
  await db.send(new PutCommand(item.Put as PutCommandInput));
}

/** An item written before items named their channel is a mail (a Telegram one said `telegram`). */
function toOutboxRecord(item: Record<string, unknown>): OutboxRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, expiresAt: _ttl, body, ...record } = item;
  const stored = record as unknown as Omit<OutboxRecord, 'channel'> & { channel?: OutboxChannel };
  return { ...stored, channel: stored.channel ?? 'mail', ...unpackBody(body) };
}

/**
 * Claims an item for one send: only a `queued` or `failed` item can be claimed, so of two
 * invocations holding the same stream record (a retried batch, a re-drive racing a retry) one
 * wins, and an item already sent, suppressed or being sent is never claimed again. Answers the
 * claimed item with its claim id, or undefined when there was nothing to claim.
 */
export async function claimOutboxItem(id: string, now: Date): Promise<ClaimedOutboxItem | undefined> {
  const claimId = randomUUID();
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.outboxItem(id),
        UpdateExpression: 'SET mailState = :sending, claimId = :claim, claimedAt = :now',
        ConditionExpression: 'mailState IN (:queued, :failed)',
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':claim': claimId,
          ':now': now.toISOString(),
          ':queued': 'queued',
          ':failed': 'failed',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toOutboxRecord(Attributes!) as ClaimedOutboxItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** What ended a claim. */
export type ClaimOutcome =
  | { state: 'sent'; messageId: string }
  | { state: 'suppressed' }
  | { state: 'failed'; error: string };

/**
 * Records how a claim ended, conditional on still holding it. `sent` and `suppressed` drop the
 * body (it may hold a single-use link) and the unsent index entry, and let the record expire;
 * `failed` keeps both, for a retry or a re-drive. False when the claim was no longer ours.
 */
export async function endOutboxClaim(
  item: { id: string; claimId: string },
  outcome: ClaimOutcome,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const values: Record<string, unknown> = { ':state': outcome.state, ':claim': item.claimId, ':at': at };
  let update: string;
  if (outcome.state === 'failed') {
    update = 'SET mailState = :state, lastAttemptAt = :at, lastError = :error ADD attempts :one';
    Object.assign(values, { ':error': outcome.error.slice(0, 500), ':one': 1 });
  } else {
    update =
      'SET mailState = :state, doneAt = :at, expiresAt = :expires' +
      (outcome.state === 'sent' ? ', messageId = :messageId, lastAttemptAt = :at ADD attempts :one' : '') +
      ' REMOVE subject, body, gsi1pk, gsi1sk, claimId';
    values[':expires'] = epochSeconds(now) + DONE_KEPT_SECONDS;
    if (outcome.state === 'sent') Object.assign(values, { ':messageId': outcome.messageId, ':one': 1 });
  }
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.outboxItem(item.id),
        UpdateExpression: update,
        ConditionExpression: 'mailState = :sending AND claimId = :claim',
        ExpressionAttributeValues: { ...values, ':sending': 'sending' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A channel's unsent items, oldest first (pattern 30: the sparse unsent index), at most `limit`,
 * only those created at or after `since` when given. The re-drive job reads it; strongly
 * consistent reads are not available on an index, so callers act with conditional writes.
 */
export async function listUnsentItems(
  channel: OutboxChannel,
  limit: number,
  since?: string,
): Promise<OutboxRecord[]> {
  const mails: OutboxRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: since === undefined ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND gsi1sk >= :since',
        ExpressionAttributeValues: {
          ':pk': keys.unsentOutbox(channel),
          ...(since === undefined ? {} : { ':since': since }),
        },
        ExclusiveStartKey: startKey,
        Limit: Math.min(100, limit - mails.length),
      }),
    );
    mails.push(...(page.Items ?? []).map(toOutboxRecord));
    startKey = page.LastEvaluatedKey;
  } while (startKey && mails.length < limit);
  return mails;
}

/** Every channel's unsent items, oldest first (the local sender and operators' tools). */
export async function listAllUnsentItems(limit: number): Promise<OutboxRecord[]> {
  const lists = await Promise.all(OUTBOX_CHANNELS.map((channel) => listUnsentItems(channel, limit)));
  return lists
    .flat()
    .sort((a, b) => `${a.createdAt}#${a.id}`.localeCompare(`${b.createdAt}#${b.id}`))
    .slice(0, limit);
}

/**
 * Hands an item to the sender again (a MODIFY to `queued` passes the stream filter), conditional on
 * it still being as read: `queued` with the same `queuedAt` (its stream record was dropped after
 * the retries), or `failed` with the same attempt count. False when it moved on meanwhile.
 */
export async function requeueOutboxItem(mail: OutboxRecord, now: Date): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.outboxItem(mail.id),
        UpdateExpression: 'SET mailState = :queued, queuedAt = :now ADD redrives :one',
        ConditionExpression: 'mailState = :state AND queuedAt = :queuedAt AND attempts = :attempts',
        ExpressionAttributeValues: {
          ':queued': 'queued',
          ':now': now.toISOString(),
          ':one': 1,
          ':state': mail.mailState,
          ':queuedAt': mail.queuedAt,
          ':attempts': mail.attempts,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A claim that outlived any invocation: its outcome is unknown, so it is never sent by itself again. */
export async function markOutboxItemUnknown(mail: { id: string; claimId: string }): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.outboxItem(mail.id),
        UpdateExpression: 'SET mailState = :unknown',
        ConditionExpression: 'mailState = :sending AND claimId = :claim',
        ExpressionAttributeValues: { ':unknown': 'unknown', ':sending': 'sending', ':claim': mail.claimId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
