import { countMetric } from '@functions/commons/metrics';
import {
  addWindowHit,
  clearLoginFailures,
  hitSpacing,
  hitWindow,
  lockLoginSubject,
  reserveLoginAttempt,
  windowHits,
} from '@functions/data/throttle';
import { AccountLocked, AddressThrottled, SecondFactorLocked } from './errors';
import { hashToken } from './secrets';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every limit of the accounts API in one table. The per-IP limits are generous: behind one NAT
 * (or in the test suite, where every request comes from 127.0.0.1) many people share an address.
 */
export const LIMITS = {
  /** 5 failed logins of one account within 15 minutes lock it for 15 minutes. */
  accountFailures: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /**
   * 5 wrong second-factor codes of one account within 15 minutes lock its factor for 15 minutes,
   * from any address. Counted apart from the password: a right password never clears it, only a
   * right code does (docs/decisions.md).
   */
  factorFailures: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** 100 failed logins from one address within 15 minutes refuse its logins until the window ends. */
  loginFailuresPerIp: { max: 100, windowMs: 15 * MINUTE },
  /** Verification mails per address: 1 a minute, 5 a day. */
  resendPerAddress: [
    { max: 1, windowMs: MINUTE },
    { max: 5, windowMs: DAY },
  ],
  resendPerIp: { max: 100, windowMs: HOUR },
  /** Reset mails per address: 1 a minute, 5 a day (further requests get the same answer, no mail). */
  forgotPerAddress: [
    { max: 1, windowMs: MINUTE },
    { max: 5, windowMs: DAY },
  ],
  forgotPerIp: { max: 100, windowMs: HOUR },
  /**
   * Registrations per address: each hashes a password and sends a mail, and a 409 tells whether an
   * address has an account, so both are bounded (docs/decisions.md).
   */
  /**
   * A guest's applications per address and per IP: each may create an account and mails a link, so
   * a script cannot flood mailboxes or the account list (functions/domain/applications/guest.ts).
   */
  guestApplicationsPerIp: [
    { max: 20, windowMs: HOUR },
    { max: 100, windowMs: DAY },
  ],
  guestApplicationsPerAddress: [
    { max: 3, windowMs: HOUR },
    { max: 10, windowMs: DAY },
  ],
  registrationsPerIp: [
    { max: 20, windowMs: HOUR },
    { max: 100, windowMs: DAY },
  ],
} as const;

/** Lock subject of a login identifier: the account if it exists, else the identifier itself. */
export function loginSubject(userId: string | undefined, identifier: string): string {
  return userId ?? `unknown:${hashToken(identifier.trim().toLowerCase())}`;
}

/**
 * Books a password check for the subject, or refuses it (429) when the subject is locked, its run
 * of attempts is full, or the address has failed too often. Booking before bcrypt means parallel
 * guesses count as they start, so a burst gets no more than 5 tries. Answers the attempt number.
 */
export async function bookLoginAttempt(subject: string, ip: string, now: Date): Promise<number> {
  const ipWindow = await windowHits('login-ip', ip, LIMITS.loginFailuresPerIp.windowMs, now);
  if (ipWindow.hits >= LIMITS.loginFailuresPerIp.max) {
    throw new AddressThrottled(ipWindow.retryAfterSeconds);
  }
  const { max, windowMs } = LIMITS.accountFailures;
  const booked = await reserveLoginAttempt(subject, { windowMs, maxAttempts: max, now });
  if (!booked.allowed) throw new AccountLocked(booked.retryAfterSeconds);
  return booked.attempt;
}

/** A booked attempt failed: counts it for the address, and the one that filled the run locks the subject. */
export async function noteLoginFailure(
  subject: string,
  ip: string,
  attempt: number,
  now: Date,
): Promise<void> {
  const { max, lockMs } = LIMITS.accountFailures;
  countMetric('FailedLogins');
  await Promise.all([
    attempt >= max ? lockLoginSubject(subject, { maxAttempts: max, lockMs, now }) : undefined,
    addWindowHit('login-ip', ip, LIMITS.loginFailuresPerIp.windowMs, now),
  ]);
}

export function forgetLoginFailures(subject: string): Promise<void> {
  return clearLoginFailures(subject);
}

/** The second factor's own lock subject: nothing but a right code clears it. */
const factorSubject = (userId: string) => `factor:${userId}`;

/**
 * Books a second-factor code check of the account, or refuses it (429) while its factor is locked
 * or the address has failed too often. Answers the attempt number for `noteFactorFailure`.
 */
export async function bookFactorAttempt(userId: string, ip: string, now: Date): Promise<number> {
  const ipWindow = await windowHits('login-ip', ip, LIMITS.loginFailuresPerIp.windowMs, now);
  if (ipWindow.hits >= LIMITS.loginFailuresPerIp.max) throw new AddressThrottled(ipWindow.retryAfterSeconds);
  const { max, windowMs } = LIMITS.factorFailures;
  const booked = await reserveLoginAttempt(factorSubject(userId), { windowMs, maxAttempts: max, now });
  if (!booked.allowed) throw new SecondFactorLocked(booked.retryAfterSeconds);
  return booked.attempt;
}

/** A booked code check failed: answers true when this failure locked the factor. */
export async function noteFactorFailure(
  userId: string,
  ip: string,
  attempt: number,
  now: Date,
): Promise<boolean> {
  const { max, lockMs } = LIMITS.factorFailures;
  const locks = attempt >= max;
  countMetric('FailedLogins');
  await Promise.all([
    locks ? lockLoginSubject(factorSubject(userId), { maxAttempts: max, lockMs, now }) : undefined,
    addWindowHit('login-ip', ip, LIMITS.loginFailuresPerIp.windowMs, now),
  ]);
  return locks;
}

export function forgetFactorFailures(userId: string): Promise<void> {
  return clearLoginFailures(factorSubject(userId));
}

/**
 * Counts one request against every window; answers the first window that is full, or null. A limit
 * of one per window is a spacing from the last allowed request (`hitSpacing`): "1 a minute" never
 * lets two through a second apart across a window's edge.
 */
export async function hitAll(
  rule: string,
  subject: string,
  windows: ReadonlyArray<{ max: number; windowMs: number }>,
  now: Date,
): Promise<{ retryAfterSeconds: number } | null> {
  for (const window of windows) {
    const name = `${rule}-${window.windowMs}`;
    const hit =
      window.max === 1
        ? await hitSpacing(name, subject, window.windowMs, now)
        : await hitWindow(name, subject, window.max, window.windowMs, now);
    if (!hit.allowed) return { retryAfterSeconds: hit.retryAfterSeconds };
  }
  return null;
}
