import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { type TransactItem, TransactionCancelledError, transactWrite } from './transactions';

/** What a mailed link is for; also its token's sort key. */
export type LinkPurpose = 'verify-email' | 'reset-password';
/**
 * What a one-time token is for: a mailed link, the second step of a login (`mfa-login`), or the
 * Telegram deep link that links an account to the bot (`telegram-link`), a guest's link to their
 * order (`guest-order`, used as often as its holder likes until it expires) or the confirmation that
 * joins a guest's application to the account of its address (`guest-join`).
 */
export type TokenPurpose = LinkPurpose | 'mfa-login' | 'telegram-link' | 'guest-order' | 'guest-join';

/** A one-time token, stored only by the hash of the value that was handed out. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  purpose: TokenPurpose;
  userId: string;
  createdAt: string;
  /** Epoch ms after which the token is refused; the TTL attribute only cleans up later. */
  expiresAtMs: number;
  /** The address a link was mailed to: the link works only while the account still has it. */
  email?: string;
  /**
   * The account's session epoch when the token was issued (a login's code step): it works only
   * while the epoch is the same, so a password reset, a deactivation or a staff reset ends it.
   */
  sessionEpoch?: number;
  /** A guest's order link: the application it opens. */
  applicationId?: string;
  /** A guest's application waiting for its address's owner (`guest-join`): the body as sent, JSON. */
  application?: string;
  usedAt?: string;
}

/**
 * The user attribute holding the hash of the newest link of each purpose. A link works only while
 * it is that newest one: mailing another link, using it, or a staff change of the address ends it.
 */
export const LINK_HASH_ATTRIBUTE: Record<LinkPurpose, string> = {
  'verify-email': 'verifyLinkHash',
  'reset-password': 'resetLinkHash',
};

function tokenItem(token: OneTimeTokenRecord) {
  return {
    ...keys.oneTimeToken(token.tokenHash, token.purpose),
    ...token,
    expiresAt: Math.ceil(token.expiresAtMs / 1000) + 24 * 60 * 60,
  };
}

/** Stores a token that is not a mailed link (the second step of a login). */
export async function putOneTimeToken(token: OneTimeTokenRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: tokenItem(token),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * A new token's Put, for a transaction of its own: a mailed link's that also makes it the user's
 * newest link, or a guest's links written with their application.
 */
export function linkTokenPut(token: OneTimeTokenRecord): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: tokenItem(token),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Stores a link token and makes it the user's only live link of its purpose, in one transaction
 * that holds only while the account still has the address the link goes to (with `extraItems`:
 * the outbox item of the mail carrying the link). False when it does not.
 */
export async function issueLinkToken(
  token: OneTimeTokenRecord & { purpose: LinkPurpose; email: string },
  extraItems: TransactItem[] = [],
) {
  try {
    await transactWrite([
      linkTokenPut(token),
      {
        Update: {
          TableName: tableName,
          Key: keys.user(token.userId),
          UpdateExpression: 'SET #link = :hash',
          ConditionExpression: 'attribute_exists(pk) AND email = :email',
          ExpressionAttributeNames: { '#link': LINK_HASH_ATTRIBUTE[token.purpose] },
          ExpressionAttributeValues: { ':hash': token.tokenHash, ':email': token.email },
        },
      },
      ...extraItems,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed) return false;
    throw error;
  }
}

export async function findOneTimeToken(
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<OneTimeTokenRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.oneTimeToken(tokenHash, purpose),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, expiresAt: _ttl, ...record } = Item;
  return record as OneTimeTokenRecord;
}

/** The token's own half of its use: unused and unexpired until now, then used. */
export function spendTokenItem(token: OneTimeTokenRecord, now: Date): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.oneTimeToken(token.tokenHash, token.purpose),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAtMs > :nowMs',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':nowMs': now.getTime() },
    },
  };
}

/** What using a link does to its user: an update expression, its values, and what must still hold. */
export interface LinkEffect {
  /** SET/ADD clauses (the link's own attribute is removed by `spendLinkToken`). */
  update: string;
  values: Record<string, unknown>;
  /** Added to the link's own conditions: what else the user item must still be. */
  condition?: string;
}

/**
 * Uses a mailed link and applies its effect on the user in one transaction. It holds only while
 * the token is unused and unexpired, the account still has the address the link was mailed to,
 * and the link is still the newest of its kind; so two requests with one link cannot both win,
 * and a link mailed before a newer one or before an address change does nothing. False otherwise.
 */
export async function spendLinkToken(
  token: OneTimeTokenRecord & { purpose: LinkPurpose },
  now: Date,
  effect: LinkEffect,
  extraItems: TransactItem[] = [],
): Promise<boolean> {
  try {
    await transactWrite([
      spendTokenItem(token, now),
      {
        Update: {
          TableName: tableName,
          Key: keys.user(token.userId),
          UpdateExpression: `${effect.update} REMOVE #link`,
          ConditionExpression: [
            'attribute_exists(pk) AND email = :mailedTo AND #link = :linkHash',
            effect.condition,
          ]
            .filter(Boolean)
            .join(' AND '),
          ExpressionAttributeNames: { '#link': LINK_HASH_ATTRIBUTE[token.purpose] },
          ExpressionAttributeValues: {
            ...effect.values,
            ':mailedTo': token.email ?? null,
            ':linkHash': token.tokenHash,
          },
        },
      },
      ...extraItems,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError) return false;
    throw error;
  }
}

/**
 * Uses a token that is not a mailed link (one login's second step, a Telegram link) with the writes
 * of its effect, in one transaction. False when already used or expired, or an effect's condition
 * failed.
 */
export async function spendOneTimeToken(
  token: OneTimeTokenRecord,
  now: Date,
  effectItems: TransactItem[] = [],
): Promise<boolean> {
  try {
    await transactWrite([spendTokenItem(token, now), ...effectItems]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError) return false;
    throw error;
  }
}
