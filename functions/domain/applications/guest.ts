import { randomUUID } from 'node:crypto';
import { outboxPut } from '@functions/data/outbox';
import {
  findOneTimeToken,
  linkTokenPut,
  type OneTimeTokenRecord,
  spendTokenItem,
} from '@functions/data/tokens';
import { transactWrite } from '@functions/data/transactions';
import type { UserSummary } from '@functions/data/user-summaries';
import { findUserByEmail, findUserById, newUserItems, type UserRecord } from '@functions/data/users';
import { guestJoinMail } from '@functions/mail/account-mails';
import { standardApplicationBodySchema } from '@shared/contract/applications';
import type { SessionData } from '@shared/contract/auth';
import type { GuestApplicationBody } from '@shared/contract/guest';
import { DEFAULT_LANGUAGE } from '@shared/enums';
import { DUMMY_HASH } from '../accounts/dummy-hash';
import { AccountDeactivated, AddressThrottled } from '../accounts/errors';
import { guestJoinLink, guestOrderLink, resetPasswordLink } from '../accounts/links';
import { hashToken, newOpaqueToken, newReferralCode } from '../accounts/secrets';
import { signIn } from '../accounts/sign-in';
import { hitAll, LIMITS } from '../accounts/throttling';
import { toSessionData } from '../accounts/user-views';
import { refuseIfBlacklisted } from '../blacklist/matches';
import { countQueuedMails } from '../outbox/queue';
import { businessTimeZone } from '../settings/business-time';
import { type CreateResult, createApplication } from './create';
import { GuestAddressTaken, GuestLinkInvalid, GuestOrderNeedsSignIn } from './errors';

/** A guest's link to their order works this long (while the account has no password). */
export const GUEST_ORDER_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A guest's "set your password" link (a reset link) works this long, once. */
export const GUEST_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The owner's link that adds a guest's application to their account: as long as a quote is locked. */
export const GUEST_JOIN_LINK_TTL_MS = 30 * 60 * 1000;
/** How often a new account that lost its referral code's draw is tried again. */
const NEW_ACCOUNT_TRIES = 3;

export type GuestOutcome =
  | { outcome: 'created'; result: CreateResult; session: SessionData }
  | { outcome: 'confirmByMail' };

/**
 * A visitor's application with an email and no password (docs/product.md §5 "Guest exchange"),
 * throttled per IP and per address, refused for a blacklisted address or IP. A new address gets an
 * account (no password: the hash of a password nobody kept, so any login fails as a wrong one
 * does), its application and both links in one transaction: the "created" mail carries a link
 * that opens the order without a password and one that sets a password; this browser gets a
 * session at once. An address that has an account gets nothing of it: its owner is mailed a link
 * that adds the application to the account, and the answer is the same whether or not a mail went.
 */
export async function createGuestApplication(
  input: GuestApplicationBody,
  ip: string,
  now = new Date(),
): Promise<GuestOutcome> {
  const ipLimit = await hitAll('guest-ip', ip, LIMITS.guestApplicationsPerIp, now);
  if (ipLimit) throw new AddressThrottled(ipLimit.retryAfterSeconds);
  const addressLimit = await hitAll(
    'guest-address',
    hashToken(input.email),
    LIMITS.guestApplicationsPerAddress,
    now,
  );
  if (addressLimit) throw new AddressThrottled(addressLimit.retryAfterSeconds);
  await refuseIfBlacklisted(
    [
      { kind: 'email', value: input.email },
      { kind: 'ip', value: ip },
    ],
    'application',
    {},
    null,
  );
  for (let attempt = 1; ; attempt += 1) {
    const owner = await findUserByEmail(input.email);
    if (owner) {
      await mailJoinLink(owner, input, now);
      return { outcome: 'confirmByMail' };
    }
    try {
      return await createWithNewAccount(input, now);
    } catch (error) {
      // Taken meanwhile (its owner is asked next round), or the referral code's draw collided.
      if (!(error instanceof GuestAddressTaken) || attempt >= NEW_ACCOUNT_TRIES) throw error;
    }
  }
}

async function createWithNewAccount(input: GuestApplicationBody, now: Date): Promise<GuestOutcome> {
  const id = randomUUID();
  const language = input.language ?? DEFAULT_LANGUAGE;
  const createdAt = now.toISOString();
  const orderLink = newOpaqueToken();
  const passwordLink = newOpaqueToken();
  const passwordToken: OneTimeTokenRecord = {
    tokenHash: hashToken(passwordLink),
    purpose: 'reset-password',
    userId: id,
    email: input.email,
    createdAt,
    expiresAtMs: now.getTime() + GUEST_PASSWORD_LINK_TTL_MS,
  };
  const { user, items } = newUserItems({
    id,
    email: input.email,
    username: null,
    passwordHash: DUMMY_HASH,
    referralCode: newReferralCode(),
    language,
    now,
    timeZone: await businessTimeZone(),
    resetLinkHash: passwordToken.tokenHash,
    newUserCountedByCaller: true,
  });
  const result = await createApplication(id, input.application, undefined, now, {
    newOwner: { summary: summaryOf(user), items: items.map(({ item }) => item) },
    guestLinks: (applicationId) => ({
      links: { orderUrl: guestOrderLink(orderLink), passwordUrl: resetPasswordLink(passwordLink) },
      items: [
        linkTokenPut({
          tokenHash: hashToken(orderLink),
          purpose: 'guest-order',
          userId: id,
          email: user.email,
          createdAt,
          expiresAtMs: now.getTime() + GUEST_ORDER_LINK_TTL_MS,
          applicationId,
        }),
        linkTokenPut(passwordToken),
      ],
    }),
  });
  const session = await signIn(user, now);
  if ('mfaRequired' in session) throw new Error('A new guest account has no second factor');
  return { outcome: 'created', result, session: await toSessionData(session) };
}

/** The summary of an account being created with the application (the one the reads would find). */
function summaryOf(user: UserRecord): UserSummary {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    telegramId: null,
    language: user.language,
    role: 'USER',
    isActive: true,
    mfaEnabled: false,
    telegramChatId: null,
    completedDeals: 0,
    referred: false,
    tier: 'email',
    scope: null,
  };
}

/**
 * Mails an active client account's owner a link that adds the guest's application to it; nothing
 * for a staff or deactivated account (whose address a guest may not use), with the same answer.
 */
async function mailJoinLink(owner: UserRecord, input: GuestApplicationBody, now: Date): Promise<void> {
  if (!owner.isActive || owner.role !== 'USER') return;
  const link = newOpaqueToken();
  const { application } = input;
  await transactWrite([
    linkTokenPut({
      tokenHash: hashToken(link),
      purpose: 'guest-join',
      userId: owner.id,
      email: owner.email,
      createdAt: now.toISOString(),
      expiresAtMs: now.getTime() + GUEST_JOIN_LINK_TTL_MS,
      application: JSON.stringify(application),
    }),
    outboxPut(
      'guest-join',
      guestJoinMail(owner, guestJoinLink(link), {
        amount: application.amount,
        assetFrom: application.assetFrom,
        assetTo: application.assetTo,
      }),
      now,
    ),
  ]);
  countQueuedMails();
}

/**
 * The owner's confirmation from their mailbox: the guest's application is created in their account
 * at today's quote, and the link is used up in the same transaction (a second click, or two at
 * once, add nothing). The owner then signs in to follow it; the link opens no session.
 */
export async function joinGuestApplication(token: string, now = new Date()): Promise<CreateResult> {
  const stored = await findOneTimeToken(hashToken(token), 'guest-join');
  if (!stored?.application || stored.usedAt || stored.expiresAtMs <= now.getTime())
    throw new GuestLinkInvalid();
  const owner = await findUserById(stored.userId, true);
  if (!owner?.isActive || owner.email !== stored.email) throw new GuestLinkInvalid();
  // Kept as sent; a body today's rules no longer read is a link that does nothing, not an error.
  const body = standardApplicationBodySchema.safeParse(JSON.parse(stored.application));
  if (!body.success) throw new GuestLinkInvalid();
  return createApplication(owner.id, body.data, undefined, now, {
    extraItems: [spendTokenItem(stored, now)],
  });
}

/**
 * A guest's mailed link to their order: a session of the account while it has no password (the
 * link is not used up: it is how a guest comes back). Once a password is set (its reset verifies the
 * address), the owner signs in instead (409 with the order's id, for the page to send them on).
 */
export async function openGuestOrder(
  token: string,
  now = new Date(),
): Promise<{ applicationId: string; session: SessionData }> {
  const stored = await findOneTimeToken(hashToken(token), 'guest-order');
  if (!stored?.applicationId || stored.expiresAtMs <= now.getTime()) throw new GuestLinkInvalid();
  const user = await findUserById(stored.userId, true);
  if (!user || user.email !== stored.email) throw new GuestLinkInvalid();
  if (!user.isActive) throw new AccountDeactivated();
  if (user.emailVerified) throw new GuestOrderNeedsSignIn(stored.applicationId);
  const session = await signIn(user, now);
  if ('mfaRequired' in session) throw new GuestOrderNeedsSignIn(stored.applicationId);
  return { applicationId: stored.applicationId, session: await toSessionData(session) };
}
