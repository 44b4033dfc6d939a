import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { VerificationStatus } from '@shared/verification';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-window';
import type { TransactItem } from './transactions';

/**
 * A client's cards and identity standing (keys.ts pattern 53): each in the user's partition, with
 * the newest verification request it had (its id, the card's code, its status and staff's reason).
 */
export interface StandingFields {
  status: VerificationStatus;
  requestId: string | null;
  /** The code the card's photo shows beside it (null for the identity, or before a request). */
  code: string | null;
  reason: string | null;
}

export interface CardRecord extends StandingFields {
  id: string;
  userId: string;
  bank: string;
  last4: string;
  holder: string;
  createdAt: string;
}

export interface IdentityStanding extends StandingFields {
  userId: string;
}

/** Which standing a request is about: one of the client's cards, or their identity. */
export type StandingOf =
  | { kind: 'card'; userId: string; cardId: string }
  | { kind: 'identity'; userId: string };

const UNVERIFIED: StandingFields = { status: 'unverified', requestId: null, code: null, reason: null };

function strip(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _pk, sk: _sk, ...record } = item;
  return record;
}

function standingKey(of: StandingOf) {
  return of.kind === 'card' ? keys.card(of.userId, of.cardId) : keys.identityStanding(of.userId);
}

/** A client's cards (oldest first) and identity standing: one Query of their partition's VERIFY# items. */
export async function readStandings(
  userId: string,
): Promise<{ cards: CardRecord[]; identity: IdentityStanding }> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.verificationStandingPrefix },
    ConsistentRead: true,
  });
  const cards = items
    .filter((item) => String(item.sk).startsWith(keys.cardSortKeyPrefix))
    .map((item) => strip(item) as unknown as CardRecord)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const identityItem = items.find((item) => item.sk === keys.identityStanding(userId).sk);
  const identity = identityItem
    ? (strip(identityItem) as unknown as IdentityStanding)
    : { userId, ...UNVERIFIED };
  return { cards, identity };
}

export async function findCard(userId: string, cardId: string): Promise<CardRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.card(userId, cardId), ConsistentRead: true }),
  );
  return Item ? (strip(Item) as unknown as CardRecord) : undefined;
}

/** A new card, unverified; refused if the id is taken. */
export function cardPut(card: Omit<CardRecord, keyof StandingFields>): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.card(card.userId, card.id), ...card, ...UNVERIFIED },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Removes a card, conditional on it existing (a second remove is a 404). */
export function cardDelete(userId: string, cardId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.card(userId, cardId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/**
 * A new request for a card or the identity: the standing names it, awaiting photos. A card must
 * still exist and not be under review or verified meanwhile (`status` as read); the identity's
 * standing is made by its first request.
 */
export function standingRequested(
  of: StandingOf,
  request: { id: string; code: string | null },
  statusRead: VerificationStatus,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: standingKey(of),
      UpdateExpression:
        'SET #status = :awaiting, requestId = :request, code = :code, reason = :none, userId = :user',
      ConditionExpression:
        of.kind === 'card'
          ? 'attribute_exists(pk) AND #status = :read'
          : 'attribute_not_exists(pk) OR #status = :read',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':awaiting': 'awaitingPhotos',
        ':request': request.id,
        ':code': request.code,
        ':none': null,
        ':user': of.userId,
        ':read': statusRead,
      },
    },
  };
}

/**
 * The standing follows its request (sent, approved, rejected), conditional on it still naming
 * that request; for a card, on the card still existing.
 */
export function standingFollows(
  of: StandingOf,
  requestId: string,
  status: VerificationStatus,
  reason: string | null,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: standingKey(of),
      UpdateExpression: 'SET #status = :status, reason = :reason',
      ConditionExpression: 'attribute_exists(pk) AND requestId = :request',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':reason': reason, ':request': requestId },
    },
  };
}
