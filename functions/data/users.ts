import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { businessDayOf } from '@shared/business-time';
import type { PublicUser } from '@shared/contract/users';
import type { Language, Role } from '@shared/enums';
import type { StaffScope } from '@shared/staff-scope';
import type { VerificationTier } from '@shared/verification';
import { db, tableName } from './client';
import { incrementDailyStat, incrementUsersCounter } from './counters';
import { keys } from './keys';
import { partnerDayItem } from './partners';
import { keepSessionThroughEpoch } from './session-epoch';
import { LINK_HASH_ATTRIBUTE } from './tokens';
import { type TransactItem, Transaction, TransactionCancelledError } from './transactions';

/**
 * The stored user: the public fields plus secrets and bookkeeping that never leave the server.
 * `functions/domain/accounts/user-views.ts` holds the only ways a user reaches a client.
 */
export interface UserRecord extends Omit<PublicUser, 'mfaEnabled' | 'scope'> {
  /** bcrypt over the SHA-256 of the password (docs/decisions.md). */
  passwordHash: string;
  /** Lower-cased username, the key of its uniqueness marker; null while the user has none. */
  usernameLower: string | null;
  /** Id of the user whose referral code was used at registration. */
  invitedBy: string | null;
  /**
   * Bumped to end every session at once (password change/reset, deactivation): a session is
   * valid only while its `epoch` equals this value.
   */
  sessionEpoch: number;
  updatedAt: string;
  /**
   * Some address of the account was verified once (by its link or a password reset). Stays when the
   * address changes and is unverified again: such an account is never taken over by a registration,
   * and its referral was counted (docs/decisions.md).
   */
  verifiedOnce?: boolean;
  /** The second factor (functions/data/mfa.ts); absent on accounts that never set one up. */
  mfaEnabled?: boolean;
  mfaSecret?: string;
  mfaPendingSecret?: string;
  mfaLastStep?: number;
  mfaRecoveryHashes?: Set<string>;
  /** The Telegram account linked through the bot (functions/data/telegram.ts); absent when none. */
  telegramLink?: TelegramLink;
  /** The tier staff's verifications raised the client to (shared/verification.ts); absent: `email`. */
  verificationTier?: VerificationTier;
  /** Staff on shift: when the shift began (functions/data/shifts.ts); absent off shift. */
  shiftSince?: string;
  /** A MANAGER's rights an ADMIN narrowed (shared/staff-scope.ts); absent: every deal, refunds too. */
  staffScope?: StaffScope;
}

/** A linked Telegram account: who it is, and the private chat the bot writes to. */
export interface TelegramLink {
  telegramUserId: number;
  chatId: number;
  /** Its @username at linking time, without the @. */
  username: string | null;
  linkedAt: string;
}

/** The full item of a user: keys, the admin-listing index entry (gsi1) and the record. */
export function userItem(user: UserRecord) {
  return {
    ...keys.user(user.id),
    ...keys.userListEntry(user.createdAt, user.id),
    ...keys.userRoleEntry(user.role, user.createdAt, user.id),
    ...user,
  };
}

export function userFromItem(item: Record<string, unknown>): UserRecord {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _g1,
    gsi1sk: _g1s,
    gsi2pk: _g2,
    gsi2sk: _g2s,
    gsi3pk: _g3,
    gsi3sk: _g3s,
    ...record
  } = item;
  return record as unknown as UserRecord;
}

export async function findUserById(userId: string, consistent = false): Promise<UserRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.user(userId), ConsistentRead: consistent }),
  );
  return Item ? userFromItem(Item) : undefined;
}

async function userIdFromMarker(key: { pk: string; sk: string }): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
}

async function findThroughMarker(key: { pk: string; sk: string }): Promise<UserRecord | undefined> {
  const userId = await userIdFromMarker(key);
  return userId ? findUserById(userId, true) : undefined;
}

/** Emails are stored trimmed and lower-cased; callers may pass them in any case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  return findThroughMarker(keys.emailMarker(normalizeEmail(email)));
}

export function findUserByUsername(username: string): Promise<UserRecord | undefined> {
  return findThroughMarker(keys.usernameMarker(username.trim()));
}

export function findUserByReferralCode(code: string): Promise<UserRecord | undefined> {
  return findThroughMarker(keys.referralCodeMarker(code.trim().toUpperCase()));
}

/** The id of the user whose marker holds a referral code (upper-case, as stored): their current code or an earlier one. */
export function referralCodeHolderId(code: string): Promise<string | undefined> {
  return userIdFromMarker(keys.referralCodeMarker(code));
}

export interface NewUser {
  id: string;
  email: string;
  username: string | null;
  passwordHash: string;
  referralCode: string;
  language?: Language;
  role?: Role;
  emailVerified?: boolean;
  invitedBy?: string | null;
  now?: Date;
  /** The business's time zone: the registration counts on the dashboard's day of `now` in it. */
  timeZone: string;
  /** The hash of the account's first verification link, written with it (see `extraItems`). */
  verifyLinkHash?: string;
  /** The hash of a first reset link (a guest's "set your password"), written with it. */
  resetLinkHash?: string;
  /**
   * The day's newUsers counter is added by the caller's own update of the day's counters (a guest's
   * application counts both there): one transaction cannot update a random shard twice.
   */
  newUserCountedByCaller?: boolean;
  /** A staff invitation's second factor, on from the start (the sealed secret, last step, recovery hashes). */
  mfa?: { secret: string; lastStep: number; recoveryHashes: string[] };
}

const USER_CONFLICTS = ['email', 'username', 'referralCode', 'inviter'] as const;

/** Which uniqueness rule a failed registration broke, or that the inviter is gone/inactive. */
export type UserConflict = (typeof USER_CONFLICTS)[number];

const isUserConflict = (name: string): name is UserConflict =>
  (USER_CONFLICTS as readonly string[]).includes(name);

export class UserConflictError extends Error {
  constructor(readonly conflicts: UserConflict[]) {
    super(`User conflicts: ${conflicts.join(', ')}`);
    this.name = 'UserConflictError';
  }
}

function markerPut(key: { pk: string; sk: string }, userId: string, kind: string): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...key, userId, kind },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

function markerDelete(key: { pk: string; sk: string }, userId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: key,
      ConditionExpression: 'userId = :userId',
      ExpressionAttributeValues: { ':userId': userId },
    },
  };
}

/**
 * Creates a user in one TransactWriteItems: the user item, the email/username/referral-code
 * markers (attribute_not_exists, so concurrent registrations cannot both win), a check that the
 * inviter is active (their referralCount rises when this address is verified:
 * `referralCountIncrement`; at once for a user created verified) and, for a client, the day's newUsers counter,
 * plus `extraItems` (the first verification link's token and the outbox item of its mail).
 * Throws UserConflictError naming every rule the transaction broke.
 */
export async function createUser(input: NewUser, extraItems: TransactItem[] = []): Promise<UserRecord> {
  const { user, items } = newUserItems(input);
  for (const item of extraItems) items.push({ conflict: null, item });
  await transactWithConflicts(items);
  return user;
}

/**
 * What creating a user writes (createUser), each item with the conflict its failed condition
 * means: for a caller that writes them in a transaction of its own (a guest's first application).
 */
export function newUserItems(input: NewUser): {
  user: UserRecord;
  items: Array<{ conflict: UserConflict | null; item: TransactItem }>;
} {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const usernameLower = input.username ? input.username.toLowerCase() : null;
  const user: UserRecord = {
    id: input.id,
    email,
    username: input.username,
    telegramId: null,
    language: input.language ?? 'ru',
    role: input.role ?? 'USER',
    isActive: true,
    photo_url: null,
    referralCode: input.referralCode,
    emailVerified: input.emailVerified ?? false,
    referralCount: 0,
    applicationCount: 0,
    adminComment: null,
    createdAt: now.toISOString(),
    passwordHash: input.passwordHash,
    usernameLower,
    invitedBy: input.invitedBy ?? null,
    sessionEpoch: 0,
    updatedAt: now.toISOString(),
    ...(input.emailVerified ? { verifiedOnce: true } : {}),
  };
  const items: Array<{ conflict: UserConflict | null; item: TransactItem }> = [
    {
      conflict: null,
      item: {
        Put: {
          TableName: tableName,
          Item: {
            ...userItem(user),
            ...(input.verifyLinkHash ? { [LINK_HASH_ATTRIBUTE['verify-email']]: input.verifyLinkHash } : {}),
            ...(input.resetLinkHash ? { [LINK_HASH_ATTRIBUTE['reset-password']]: input.resetLinkHash } : {}),
            ...(input.mfa
              ? {
                  mfaEnabled: true,
                  mfaSecret: input.mfa.secret,
                  mfaLastStep: input.mfa.lastStep,
                  mfaRecoveryHashes: new Set(input.mfa.recoveryHashes),
                }
              : {}),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    { conflict: 'email', item: markerPut(keys.emailMarker(email), user.id, 'email') },
    {
      conflict: 'referralCode',
      item: markerPut(keys.referralCodeMarker(user.referralCode!), user.id, 'ref'),
    },
  ];
  if (usernameLower) {
    items.push({
      conflict: 'username',
      item: markerPut(keys.usernameMarker(usernameLower), user.id, 'name'),
    });
  }
  if (user.invitedBy) {
    const activeInviter = {
      TableName: tableName,
      Key: keys.user(user.invitedBy),
      ConditionExpression: 'attribute_exists(pk) AND isActive = :true',
    };
    items.push({
      conflict: 'inviter',
      item: user.emailVerified
        ? {
            Update: {
              ...activeInviter,
              UpdateExpression: 'ADD referralCount :one',
              ExpressionAttributeValues: { ':one': 1, ':true': true },
            },
          }
        : { ConditionCheck: { ...activeInviter, ExpressionAttributeValues: { ':true': true } } },
    });
  }
  // The dashboard's "new users" are the shop's new clients: a staff account is not one.
  if (user.role === 'USER' && !input.newUserCountedByCaller)
    items.push({ conflict: null, item: incrementDailyStat(businessDayOf(now, input.timeZone), 'newUsers') });
  items.push({ conflict: null, item: incrementUsersCounter() });
  return { user, items };
}

/**
 * The inviter's count of referrals, one up: written with the invited user's email verification, so
 * only addresses someone holds count (users are never deleted, so the inviter exists).
 */
function referralCountIncrement(inviterId: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(inviterId),
      UpdateExpression: 'ADD referralCount :one',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/**
 * What verifying an address adds to the verifying transaction (a link, a reset): the account is
 * marked verified once; and the first time only, the inviter's referral count rises, guarded by the
 * flag in the same transaction's condition, so a re-verification after an address change never
 * counts again, nor do two verifications racing.
 */
export function firstVerification(
  user: Pick<UserRecord, 'verifiedOnce' | 'invitedBy'>,
  /** The business day it happens: the inviter's partner day counts the registration on it. */
  day: string,
): {
  update: string;
  condition?: string;
  values: Record<string, unknown>;
  items: TransactItem[];
} {
  const values = { ':verifiedOnce': true };
  if (user.verifiedOnce) return { update: 'verifiedOnce = :verifiedOnce', values, items: [] };
  return {
    update: 'verifiedOnce = :verifiedOnce',
    condition: 'attribute_not_exists(verifiedOnce)',
    values,
    items: user.invitedBy
      ? [referralCountIncrement(user.invitedBy), partnerDayItem(user.invitedBy, day, { registrations: 1n })]
      : [],
  };
}

/**
 * Runs a transaction whose items guarding a uniqueness rule are parts named by the rule; a
 * condition failure becomes a UserConflictError naming the failed rules.
 */
async function transactWithConflicts(
  items: Array<{ conflict: UserConflict | null; item: TransactItem }>,
): Promise<void> {
  const transaction = new Transaction();
  for (const { conflict, item } of items) transaction.add(conflict ?? 'change', item);
  try {
    await transaction.run();
  } catch (error) {
    if (!(error instanceof TransactionCancelledError)) throw error;
    const conflicts = error.failed.filter(isUserConflict);
    if (conflicts.length > 0) throw new UserConflictError(conflicts);
    if (error.conditionFailed) throw new UserChangedError();
    throw error;
  }
}

/**
 * A partner's code of their own choosing (domain/partners/program.ts): the user's referralCode
 * becomes `code`, and `code`'s marker is claimed unless the user already holds it (a code they had
 * before). The markers of earlier codes stay theirs, so links already shared keep crediting them.
 * Throws UserConflictError('referralCode') when another user holds the code, UserChangedError when
 * the account is gone.
 */
export async function setReferralCode(
  current: UserRecord,
  code: string,
  { claim, extraItems = [] }: { claim: boolean; extraItems?: TransactItem[] },
  now = new Date(),
): Promise<UserRecord> {
  const updatedAt = now.toISOString();
  const items: Array<{ conflict: UserConflict | null; item: TransactItem }> = [
    {
      conflict: null,
      item: {
        Update: {
          TableName: tableName,
          Key: keys.user(current.id),
          UpdateExpression: 'SET referralCode = :code, updatedAt = :updatedAt',
          // Two changes at once both hold: each code's marker is the user's, the last one written is shown.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':code': code, ':updatedAt': updatedAt },
        },
      },
    },
  ];
  if (claim)
    items.push({
      conflict: 'referralCode',
      item: markerPut(keys.referralCodeMarker(code), current.id, 'ref'),
    });
  for (const item of extraItems) items.push({ conflict: null, item });
  await transactWithConflicts(items);
  return { ...current, referralCode: code, updatedAt };
}

/** The user changed (or vanished) between read and write: the caller should re-read or answer 409. */
export class UserChangedError extends Error {
  constructor() {
    super('The user was changed by another request.');
    this.name = 'UserChangedError';
  }
}

/** Fields a caller may change with `updateUser`; email and username move their markers too. */
export interface UserChanges {
  email?: string;
  username?: string | null;
  language?: Language;
  photo_url?: string | null;
  telegramId?: string | null;
  adminComment?: string | null;
  role?: Role;
  isActive?: boolean;
  emailVerified?: boolean;
  /** A new epoch ends every session of the user (see `sessionEpoch`). */
  sessionEpoch?: number;
  /** Kept when an address change makes the account unverified again (domain/accounts/account-changes.ts). */
  verifiedOnce?: boolean;
  /** Only when a new registration takes over an unverified account (with `expectUnverified`). */
  passwordHash?: string;
  invitedBy?: string | null;
  staffScope?: StaffScope;
}

/**
 * Extra guards for `updateUser` (the staff API's): the update also requires the role and
 * isActive read, and `extraItems` (e.g. a ConditionCheck on the acting user, an audit Put) join
 * the same transaction; their condition failures surface as UserChangedError.
 */
export interface UpdateGuard {
  expect?: { role: Role; isActive: boolean };
  /**
   * The update also requires an account nobody has proved to hold: its address unverified, never
   * verified before, still a plain USER (a registration's takeover, domain/accounts/registration.ts).
   */
  expectUnverified?: boolean;
  extraItems?: TransactItem[];
}

/**
 * Applies changes to a user read earlier (`current`), in one transaction: the update is
 * conditional on the email and username still being the ones read, and a changed email or
 * username swaps its marker (new one attribute_not_exists). Throws UserConflictError('email' |
 * 'username') when the new value is taken, UserChangedError when the user changed meanwhile.
 */
export async function updateUser(
  current: UserRecord,
  changes: UserChanges,
  now = new Date(),
  guard: UpdateGuard = {},
): Promise<UserRecord> {
  const next: UserRecord = { ...current, updatedAt: now.toISOString() };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':updatedAt': next.updatedAt };
  const sets = ['updatedAt = :updatedAt'];
  const set = (field: keyof UserRecord, value: unknown) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
    (next as unknown as Record<string, unknown>)[field] = value;
  };
  const items = uniqueFieldSwaps(current, changes, set);
  // Links mailed to the old address die with it, even if the address ever comes back.
  const removes = next.email !== current.email ? Object.values(LINK_HASH_ATTRIBUTE) : [];
  for (const field of PLAIN_FIELDS) {
    if (changes[field] !== undefined && changes[field] !== current[field]) set(field, changes[field]);
  }
  if (next.role !== current.role) {
    sets.push('gsi2pk = :gsi2pk, gsi2sk = :gsi2sk');
    const entry = keys.userRoleEntry(next.role, current.createdAt, current.id);
    values[':gsi2pk'] = entry.gsi2pk;
    values[':gsi2sk'] = entry.gsi2sk;
  }
  const condition = unchangedSinceRead(current, guard, names, values);
  for (const item of guard.extraItems ?? []) items.push({ conflict: null, item });
  items.unshift({
    conflict: null,
    item: {
      Update: {
        TableName: tableName,
        Key: keys.user(current.id),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: Object.keys(names).length > 0 ? names : undefined,
        ExpressionAttributeValues: values,
      },
    },
  });
  await transactWithConflicts(items);
  return next;
}

const PLAIN_FIELDS = [
  'language',
  'photo_url',
  'telegramId',
  'adminComment',
  'role',
  'emailVerified',
  'verifiedOnce',
  'isActive',
  'sessionEpoch',
  'passwordHash',
  'invitedBy',
  'staffScope',
] as const;

/** A changed email or username: set it, claim the new uniqueness marker, release the old one. */
function uniqueFieldSwaps(
  current: UserRecord,
  changes: UserChanges,
  set: (field: keyof UserRecord, value: unknown) => void,
): Array<{ conflict: UserConflict | null; item: TransactItem }> {
  const items: Array<{ conflict: UserConflict | null; item: TransactItem }> = [];
  if (changes.email !== undefined && normalizeEmail(changes.email) !== current.email) {
    const email = normalizeEmail(changes.email);
    set('email', email);
    items.push({ conflict: 'email', item: markerPut(keys.emailMarker(email), current.id, 'email') });
    items.push({ conflict: null, item: markerDelete(keys.emailMarker(current.email), current.id) });
  }
  if (changes.username !== undefined && changes.username !== current.username) {
    const lower = changes.username ? changes.username.toLowerCase() : null;
    set('username', changes.username);
    set('usernameLower', lower);
    if (lower !== current.usernameLower) {
      if (lower) {
        items.push({ conflict: 'username', item: markerPut(keys.usernameMarker(lower), current.id, 'name') });
      }
      if (current.usernameLower) {
        items.push({
          conflict: null,
          item: markerDelete(keys.usernameMarker(current.usernameLower), current.id),
        });
      }
    }
  }
  return items;
}

/** The update holds only if the email, username (and, with a guard, role and isActive) are still those read. */
function unchangedSinceRead(
  current: UserRecord,
  guard: UpdateGuard,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string {
  values[':currentEmail'] = current.email;
  let condition = 'attribute_exists(pk) AND email = :currentEmail';
  if (current.usernameLower) {
    condition += ' AND usernameLower = :oldUsernameLower';
    values[':oldUsernameLower'] = current.usernameLower;
  } else {
    condition += ' AND (attribute_not_exists(usernameLower) OR usernameLower = :null)';
    values[':null'] = null;
  }
  if (guard.expect) {
    names['#role'] = 'role';
    condition += ' AND #role = :expectRole AND isActive = :expectActive';
    values[':expectRole'] = guard.expect.role;
    values[':expectActive'] = guard.expect.isActive;
  }
  if (guard.expectUnverified) {
    condition +=
      ' AND emailVerified = :stillUnverified AND attribute_not_exists(verifiedOnce) AND #takeoverRole = :plainUser';
    values[':stillUnverified'] = false;
    values[':plainUser'] = 'USER';
    names['#takeoverRole'] = 'role';
  }
  return condition;
}

/**
 * Sets a new password hash and ends every session of the user (sessionEpoch + 1), in one
 * transaction that can keep one session alive (the one that changed the password) by moving it
 * to the new epoch. Conditional on the epoch read, so it cannot interleave with another change
 * (UserChangedError).
 */
export async function setPasswordHash(
  user: UserRecord,
  passwordHash: string,
  options: {
    now?: Date;
    keepSessionId?: string;
    /** Also marks the address verified (an operator vouching for the first SUPER_ADMIN's address). */
    verifyEmail?: boolean;
    /** Joined to the transaction (the outbox item of the notice mail). */
    extraItems?: TransactItem[];
  } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const oldEpoch = user.sessionEpoch ?? 0;
  const items: Array<{ conflict: UserConflict | null; item: TransactItem }> = [
    {
      conflict: null,
      item: {
        Update: {
          TableName: tableName,
          Key: keys.user(user.id),
          UpdateExpression: `SET passwordHash = :hash, updatedAt = :now, sessionEpoch = :new${options.verifyEmail ? ', emailVerified = :true, verifiedOnce = :true' : ''}`,
          ConditionExpression: 'attribute_exists(pk) AND sessionEpoch = :old',
          ExpressionAttributeValues: {
            ':hash': passwordHash,
            ':now': now.toISOString(),
            ':new': oldEpoch + 1,
            ':old': oldEpoch,
            ...(options.verifyEmail ? { ':true': true } : {}),
          },
        },
      },
    },
  ];
  if (options.keepSessionId)
    items.push({ conflict: null, item: keepSessionThroughEpoch(options.keepSessionId, oldEpoch) });
  for (const item of options.extraItems ?? []) items.push({ conflict: null, item });
  await transactWithConflicts(items);
}

/**
 * Raises a client's verification tier (shared/verification.ts) in the transaction of the approval
 * that earns it, conditional on the tier still being the one read, so an approval never lowers a
 * tier another approval raised meanwhile.
 */
export function verificationTierRaise(
  userId: string,
  tier: VerificationTier,
  tierRead: VerificationTier | undefined,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET verificationTier = :tier',
      ConditionExpression:
        tierRead === undefined
          ? 'attribute_exists(pk) AND attribute_not_exists(verificationTier)'
          : 'attribute_exists(pk) AND verificationTier = :read',
      ExpressionAttributeValues: { ':tier': tier, ...(tierRead === undefined ? {} : { ':read': tierRead }) },
    },
  };
}
