import { randomUUID } from 'node:crypto';
import { readUserApplicationStats } from '@functions/data/counters';
import { linkTokenPut } from '@functions/data/tokens';
import {
  createUser,
  findUserByEmail,
  findUserByReferralCode,
  normalizeEmail,
  UserChangedError,
  type UserConflict,
  UserConflictError,
  type UserRecord,
  updateUser,
} from '@functions/data/users';
import { DEFAULT_LANGUAGE, type Language } from '@shared/enums';
import type { FieldError } from '@shared/envelope';
import { fieldError } from '@shared/field-rules';
import { refuseIfBlacklisted } from '../blacklist/matches';
import { countQueuedMails } from '../outbox/queue';
import { businessTimeZone } from '../settings/business-time';
import { AddressTaken, AddressThrottled, InvitationCodeInvalid } from './errors';
import { hashPassword } from './passwords';
import { newReferralCode } from './secrets';
import { hitAll, LIMITS } from './throttling';
import { newVerificationLink, sendVerificationMail } from './verification';

export interface Registration {
  email: string;
  username: string;
  password: string;
  invitationCode?: string;
  language?: Language;
}

/**
 * An account of this address that a registration may take over: nobody ever proved to hold it (its
 * address unverified and never verified before: an account whose address staff changed is not one),
 * a plain USER, with no applications, still active. Anything else is a taken address (409).
 */
async function findTakeableAccount(email: string): Promise<UserRecord | undefined> {
  const account = await findUserByEmail(email);
  if (!account || account.emailVerified || account.verifiedOnce || !account.isActive) return undefined;
  if (account.role !== 'USER') return undefined;
  const applications = await readUserApplicationStats(account.id);
  return (applications.total ?? 0) === 0 ? account : undefined;
}

/**
 * A registration for an address whose account nobody has proved to hold is answered like a new one:
 * it replaces that account's password, username, inviter and language, ends its sessions and
 * mails a new verification link (which ends the older links). Whoever registered the address
 * before keeps nothing that survives the mailbox holder's verification (docs/decisions.md). The
 * update itself is conditional on the account still being takeable.
 */
async function takeOverPendingAccount(
  pending: UserRecord,
  input: Registration & { passwordHash: string; invitedBy: string | null },
  now: Date,
): Promise<{ userId: string; verificationEmailSent: boolean }> {
  let replaced: UserRecord;
  try {
    replaced = await updateUser(
      pending,
      {
        username: input.username,
        passwordHash: input.passwordHash,
        invitedBy: input.invitedBy,
        language: input.language,
        sessionEpoch: (pending.sessionEpoch ?? 0) + 1,
      },
      now,
      { expectUnverified: true },
    );
  } catch (error) {
    if (error instanceof UserConflictError) {
      throw new AddressTaken(error.conflicts.flatMap((conflict) => CONFLICT_FIELDS[conflict] ?? []));
    }
    // Verified (or changed) meanwhile: the address is taken after all.
    if (error instanceof UserChangedError) throw new AddressTaken([CONFLICT_FIELDS.email!]);
    throw error;
  }
  return { userId: replaced.id, verificationEmailSent: await sendVerificationMail(replaced, now) };
}

const CONFLICT_FIELDS: Partial<Record<UserConflict, FieldError>> = {
  email: fieldError('email', 'emailTaken'),
  username: fieldError('username', 'usernameTaken'),
  inviter: fieldError('invitationCode', 'invitationCodeInvalid'),
};

/**
 * Registers a user (no login): refuses an address or IP on the operator's blacklists with a neutral
 * text (the match audited, domain/blacklist/matches.ts), checks the invitation code, hashes the password, and writes the
 * user with its uniqueness markers, the inviter check, the counters, the first verification link
 * and the outbox item of its mail in one transaction (a referral-code collision just draws a new
 * code). The mail is sent by the outbox, so SES being down neither fails nor delays registration.
 */
export async function registerUser(
  input: Registration,
  ip: string,
  now = new Date(),
): Promise<{ userId: string; verificationEmailSent: boolean }> {
  const ipLimit = await hitAll('register-ip', ip, LIMITS.registrationsPerIp, now);
  if (ipLimit) throw new AddressThrottled(ipLimit.retryAfterSeconds);
  await refuseIfBlacklisted(
    [
      { kind: 'email', value: input.email },
      { kind: 'ip', value: ip },
    ],
    'registration',
    {},
    null,
  );
  let invitedBy: string | null = null;
  if (input.invitationCode) {
    const inviter = await findUserByReferralCode(input.invitationCode);
    if (!inviter?.isActive) {
      throw new InvitationCodeInvalid();
    }
    invitedBy = inviter.id;
  }
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt += 1) {
    const id = randomUUID();
    const link = newVerificationLink(
      {
        id,
        email: normalizeEmail(input.email),
        username: input.username,
        language: input.language ?? DEFAULT_LANGUAGE,
      },
      now,
    );
    try {
      const user = await createUser(
        {
          id,
          email: input.email,
          username: input.username,
          passwordHash,
          referralCode: newReferralCode(),
          language: input.language,
          invitedBy,
          now,
          timeZone: await businessTimeZone(),
          verifyLinkHash: link.token.tokenHash,
        },
        [linkTokenPut(link.token), link.mailItem],
      );
      countQueuedMails();
      return { userId: user.id, verificationEmailSent: true };
    } catch (error) {
      if (!(error instanceof UserConflictError)) throw error;
      const pending = error.conflicts.includes('email') ? await findTakeableAccount(input.email) : undefined;
      if (pending) return takeOverPendingAccount(pending, { ...input, passwordHash, invitedBy }, now);
      const fields = error.conflicts.flatMap((conflict) => CONFLICT_FIELDS[conflict] ?? []);
      if (fields.length === 0 && attempt < 4) continue;
      if (error.conflicts.includes('inviter')) {
        throw new InvitationCodeInvalid(fields);
      }
      throw new AddressTaken(fields);
    }
  }
}
