import { currentRequestOrigin } from '@functions/commons/request-origin';
import type { ApplicationRecord, LimitCounted, PayoutDetails } from '@functions/data/applications';
import {
  limitDayAdd,
  limitDayMove,
  limitSubject,
  limitVersionMove,
  readLimitUsage,
} from '@functions/data/limit-counters';
import type { TransactionCancelledError, TransactionPart } from '@functions/data/transactions';
import { businessDayOf, dayStart, shiftDay } from '@shared/business-time';
import type { ClientLimitsView, TierLimitTable } from '@shared/contract/limits';
import type { ApplicationStatus } from '@shared/enums';
import { LIMIT_WINDOW_DAYS, nextTierOf, TIER_LIMIT_SETTINGS } from '@shared/limits';
import { fromUnits, toUnits } from '@shared/money';
import type { VerificationTier } from '@shared/verification';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';
import {
  CardDailyLimitReached,
  DailyLimitReached,
  IpDailyLimitReached,
  MonthlyLimitReached,
  OverFirstDealsCap,
  OverTierLimit,
} from './errors';

/**
 * The verification tiers' limits (docs/product.md "Verification and limits"), counted exactly under
 * concurrency (docs/architecture.md §4 "Limits"): an application's USD value at its quote, in cents,
 * against its owner's tier's limits per application, per business day and per 30 business days, the
 * cap of a client's first deals, and the per-IP and per-card daily limits. The checks here refuse
 * with what is left; the counters' conditions in the application's own transaction make sure no two
 * applications both pass a limit only one fits.
 */

/** Who the limits are of: the client, their tier, and how many of their deals completed. */
export interface LimitClient {
  id: string;
  tier: VerificationTier;
  completedDeals: number;
}

const CENT_DECIMALS = 2;
const toCents = (usd: number | string) => toUnits(usd, CENT_DECIMALS, 'up');
const usd = (cents: bigint) => fromUnits(cents, CENT_DECIMALS);
/** A limit in USD as the views give it; null: no limit. */
const usdOrNone = (cents: bigint | null) => (cents === null ? null : usd(cents));

/** A `limitUSD` setting in cents; '' (no limit) as null. */
async function limitSetting(key: Parameters<typeof settingValue>[0]): Promise<bigint | null> {
  const value = String(await settingValue(key)).trim();
  return value === '' ? null : toCents(value);
}

interface LimitRules {
  perApplication: bigint | null;
  perDay: bigint | null;
  per30Days: bigint | null;
  /** The first deals' cap while it applies to this client (fewer completed deals than the setting). */
  firstDeals: { cap: bigint; deals: number } | null;
  perIp: bigint | null;
  perCard: bigint | null;
}

async function limitRules(client: Pick<LimitClient, 'tier' | 'completedDeals'>): Promise<LimitRules> {
  const windows = TIER_LIMIT_SETTINGS[client.tier];
  const [perApplication, perDay, per30Days, firstCap, firstDeals, perIp, perCard] = await Promise.all([
    limitSetting(windows.perApplication),
    limitSetting(windows.perDay),
    limitSetting(windows.per30Days),
    limitSetting('firstDealsCapUSD'),
    settingValue('firstDealsCount'),
    limitSetting('limitPerIpPerDayUSD'),
    limitSetting('limitPerCardPerDayUSD'),
  ]);
  const capApplies = firstCap !== null && client.completedDeals < firstDeals;
  return {
    perApplication,
    perDay,
    per30Days,
    firstDeals: capApplies ? { cap: firstCap, deals: firstDeals } : null,
    perIp,
    perCard,
  };
}

/** The business day of `now`, the first day of its 30-day window, and the day's start (for the TTL). */
async function daysOf(now: Date) {
  const timeZone = await businessTimeZone();
  const today = businessDayOf(now, timeZone);
  return { today, first: shiftDay(today, -(LIMIT_WINDOW_DAYS - 1)), start: dayStart(today, timeZone) };
}

const sum = (values: Iterable<bigint>) => [...values].reduce((total, value) => total + value, 0n);
const left = (limit: bigint, used: bigint) => (used >= limit ? 0n : limit - used);
const lowest = (...values: Array<bigint | null>) =>
  values.reduce<bigint | null>(
    (low, value) => (value === null ? low : low === null || value < low ? value : low),
    null,
  );

/**
 * The key a card is counted by: for now the payout card's last four digits, none at creation; the
 * verified card's id replaces it once cards are verified (docs/decisions.md).
 */
export function payoutCardKey(payoutDetails: PayoutDetails | null): string | null {
  return payoutDetails?.kind === 'card' ? payoutDetails.card.replace(/\D/g, '').slice(-4) : null;
}

/** The names of the transaction parts the limits add: a failed condition of any is a lost race. */
const LIMIT_PARTS = ['limit:userDay', 'limit:userVersion', 'limit:ip', 'limit:card'] as const;

/** Whether a cancelled transaction lost a race on the limits' counters (read again and retry). */
export function lostLimitRace(error: TransactionCancelledError): boolean {
  return LIMIT_PARTS.some((name) => error.failedOn(name));
}

/**
 * The transaction parts that count an application worth `amountUSD` against the limits, after
 * checking it fits them as read: throws the limit it breaks, with what is left. The caller runs the
 * parts in the application's transaction, keeps `counted` on the application (for the give-back)
 * and, on `lostLimitRace`, calls again.
 */
export async function limitParts(
  client: LimitClient,
  amountUSD: number,
  cardKey: string | null,
  now: Date,
): Promise<{ parts: TransactionPart[]; counted: LimitCounted }> {
  const cents = toCents(amountUSD);
  const ip = currentRequestOrigin()?.ip ?? null;
  const [rules, days] = await Promise.all([limitRules(client), daysOf(now)]);
  if (rules.perApplication !== null && cents > rules.perApplication) {
    throw new OverTierLimit(usd(rules.perApplication));
  }
  if (rules.firstDeals && cents > rules.firstDeals.cap) {
    throw new OverFirstDealsCap(usd(rules.firstDeals.cap), rules.firstDeals.deals);
  }
  const user = limitSubject.user(client.id);
  // Only what a limit needs is read; the day totals are added either way, so a limit set later counts
  // the day so far.
  const [own, byIp, byCard] = await Promise.all([
    rules.perDay === null && rules.per30Days === null
      ? null
      : readLimitUsage(user, rules.per30Days === null ? days.today : days.first, days.today),
    ip === null || rules.perIp === null ? null : readLimitUsage(limitSubject.ip(ip), days.today, days.today),
    cardKey === null || rules.perCard === null
      ? null
      : readLimitUsage(limitSubject.card(cardKey), days.today, days.today),
  ]);
  const today = own?.days.get(days.today) ?? 0n;
  if (rules.perDay !== null && today + cents > rules.perDay) {
    throw new DailyLimitReached(usd(rules.perDay), usd(left(rules.perDay, today)));
  }
  const month = own ? sum(own.days.values()) : 0n;
  if (rules.per30Days !== null && month + cents > rules.per30Days) {
    throw new MonthlyLimitReached(usd(rules.per30Days), usd(left(rules.per30Days, month)));
  }
  const parts: TransactionPart[] = [
    { name: 'limit:userDay', item: limitDayAdd(user, days.today, cents, rules.perDay, days.start) },
    // The 30 days' sum was read, not written: only its version makes two creations that both read
    // it serialize, so without a 30-day limit the client's applications need not wait on each other.
    ...(rules.per30Days === null || !own
      ? []
      : [{ name: 'limit:userVersion', item: limitVersionMove(user, own.version) }]),
  ];
  if (ip !== null) {
    const used = byIp?.days.get(days.today) ?? 0n;
    if (rules.perIp !== null && used + cents > rules.perIp) {
      throw new IpDailyLimitReached(usd(rules.perIp), usd(left(rules.perIp, used)));
    }
    const subject = limitSubject.ip(ip);
    parts.push({ name: 'limit:ip', item: limitDayAdd(subject, days.today, cents, rules.perIp, days.start) });
  }
  if (cardKey !== null) {
    const used = byCard?.days.get(days.today) ?? 0n;
    if (rules.perCard !== null && used + cents > rules.perCard) {
      throw new CardDailyLimitReached(usd(rules.perCard), usd(left(rules.perCard, used)));
    }
    const subject = limitSubject.card(cardKey);
    parts.push({
      name: 'limit:card',
      item: limitDayAdd(subject, days.today, cents, rules.perCard, days.start),
    });
  }
  const subjects = [
    user,
    ...(ip === null ? [] : [limitSubject.ip(ip)]),
    ...(cardKey === null ? [] : [limitSubject.card(cardKey)]),
  ];
  return { parts, counted: { day: days.today, cents: String(cents), subjects } };
}

/** The statuses whose deals the limits do not count: ended without completing (docs/decisions.md). */
const NOT_COUNTED: readonly ApplicationStatus[] = ['CANCELLED', 'REJECTED', 'EXPIRED'];

/**
 * The parts a status change adds to the limits' day totals: a deal ending without completing gives
 * its amount back to the days and subjects it was counted on, and one coming back from EXPIRED (a
 * late payment) takes it again, unconditionally (its money already came). Nothing otherwise.
 */
export function limitMoveParts(application: ApplicationRecord, to: ApplicationStatus): TransactionPart[] {
  const counted = application.limitCounted;
  if (!counted) return [];
  const wasCounted = !NOT_COUNTED.includes(application.status);
  if (wasCounted === !NOT_COUNTED.includes(to)) return [];
  const cents = wasCounted ? -BigInt(counted.cents) : BigInt(counted.cents);
  // The day's start in UTC is near enough for the TTL of an item that has none yet.
  const dayStart = new Date(`${counted.day}T00:00:00Z`);
  return counted.subjects.map((subject) => ({
    name: 'limit:move',
    item: limitDayMove(subject, counted.day, cents, dayStart),
  }));
}

/** A window's limit and what the client used and has left of it, in USD; null without a limit. */
function windowView(limit: bigint | null, used: bigint) {
  return {
    limit: usdOrNone(limit),
    used: usd(used),
    left: limit === null ? null : usd(left(limit, used)),
  };
}

/**
 * What the client's tier allows and what is left of it (GET /api/users/limits): the calculator and
 * the apply form show it, and `maxNow` is the most the next application may be worth (null: no limit).
 */
export async function clientLimits(client: LimitClient, now = new Date()): Promise<ClientLimitsView> {
  const [rules, days] = await Promise.all([limitRules(client), daysOf(now)]);
  const own = await readLimitUsage(limitSubject.user(client.id), days.first, days.today);
  const today = own.days.get(days.today) ?? 0n;
  const month = sum(own.days.values());
  const perApplication = lowest(rules.perApplication, rules.firstDeals?.cap ?? null);
  const maxNow = lowest(
    perApplication,
    rules.perDay === null ? null : left(rules.perDay, today),
    rules.per30Days === null ? null : left(rules.per30Days, month),
  );
  return {
    tier: client.tier,
    nextTier: nextTierOf(client.tier),
    perApplication: usdOrNone(rules.perApplication),
    firstDeals: rules.firstDeals
      ? { cap: usd(rules.firstDeals.cap), deals: rules.firstDeals.deals, completed: client.completedDeals }
      : null,
    perDay: windowView(rules.perDay, today),
    per30Days: windowView(rules.per30Days, month),
    maxNow: usdOrNone(maxNow),
  };
}

/**
 * What each tier allows and the first deals' cap (GET /api/limits): the rules a new client of each
 * tier would meet, nothing of a client.
 */
export async function tierLimitTable(): Promise<TierLimitTable> {
  const newClientOf = (tier: VerificationTier) => limitRules({ tier, completedDeals: 0 });
  const [email, card, identity] = await Promise.all([
    newClientOf('email'),
    newClientOf('card'),
    newClientOf('identity'),
  ]);
  const windows = (rules: LimitRules) => ({
    perApplication: usdOrNone(rules.perApplication),
    perDay: usdOrNone(rules.perDay),
    per30Days: usdOrNone(rules.per30Days),
  });
  return {
    tiers: { email: windows(email), card: windows(card), identity: windows(identity) },
    firstDeals: email.firstDeals ? { cap: usd(email.firstDeals.cap), deals: email.firstDeals.deals } : null,
  };
}
