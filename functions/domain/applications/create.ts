import { createHash, randomUUID } from 'node:crypto';
import { countMetric } from '@functions/commons/metrics';
import {
  type ApplicationRecord,
  applicationPut,
  findApplication,
  historyPut,
  NO_DEAL_YET,
} from '@functions/data/applications';
import {
  adjustApplicationStatusCounts,
  adjustUserApplicationStats,
  incrementDailyStats,
} from '@functions/data/counters';
import { findIdempotencyRecord, IDEMPOTENCY_TTL_SECONDS, idempotencyPut } from '@functions/data/idempotency';
import { rollupParts } from '@functions/data/report-rollups';
import { type TransactItem, Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserSummaries, type UserSummary } from '@functions/data/user-summaries';
import type { GuestLinks } from '@functions/mail/application-status';
import { contactCandidate } from '@shared/blacklist';
import { businessDayOf } from '@shared/business-time';
import { type CreateApplicationBody, MAX_OPEN_APPLICATIONS } from '@shared/contract/applications';
import { INITIAL_STATUS } from '@shared/lifecycle';
import { cardIdentity } from '@shared/verification';
import { refuseIfBlacklisted, requestAddressCandidates } from '../blacklist/matches';
import { assertNotInMaintenance } from '../geo/working-hours';
import { LimitsChangedMeanwhile } from '../limits/errors';
import { limitParts, lostLimitRace, payoutCardKey } from '../limits/limits';
import { countQueuedMails } from '../outbox/queue';
import { createdDeltas } from '../reports/rollup-events';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';
import { staffAlertItems } from '../telegram/outgoing';
import { payerCardOf } from '../verification/payer-card';
import { GuestAddressTaken, GuestLinkInvalid, IdempotencyKeyReused, TooManyOpenApplications } from './errors';
import { ownerMailItem, staffMailItems } from './mails';
import { checkStandardApplication } from './standard-rules';

/** What a guest's application adds to its creation (guest.ts). */
export interface CreateOptions {
  /**
   * The guest's new account, created in the application's own transaction (its items written
   * with `newUserCountedByCaller`: the day's newUsers is counted here, with the application).
   */
  newOwner?: { summary: UserSummary; items: TransactItem[] };
  /**
   * A guest's links to the order and to a password: the tokens' writes, and the URLs the "created"
   * mail carries instead of the plain link to the order.
   */
  guestLinks?: (applicationId: string) => { links: GuestLinks; items: TransactItem[] };
  /** More writes of the transaction: a join link being used up. */
  extraItems?: TransactItem[];
}

export interface CreateResult {
  application: ApplicationRecord;
  /** The same Idempotency-Key was used before with the same body: this is that application. */
  replayed: boolean;
}

function requestHash(body: CreateApplicationBody): string {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

async function replay(userId: string, key: string, hash: string, nowSeconds: number) {
  const previous = await findIdempotencyRecord(userId, key, nowSeconds);
  if (!previous) return undefined;
  if (previous.requestHash !== hash) {
    throw new IdempotencyKeyReused();
  }
  const application = await findApplication(previous.applicationId);
  return application ? { application, replayed: true } : undefined;
}

async function buildRecord(
  userId: string,
  body: CreateApplicationBody,
  now: Date,
): Promise<ApplicationRecord> {
  const at = now.toISOString();
  const common = {
    id: randomUUID(),
    userId,
    status: INITIAL_STATUS,
    contactTelegram: body.contactTelegram,
    source: body.source ?? null,
    amlAcknowledgedAt: at,
    rejectionReason: null,
    assignedToId: null,
    adminNote: null,
    createdAt: at,
    updatedAt: at,
    statusChangedAt: at,
    ...NO_DEAL_YET,
    version: 1,
  };
  if (body.requestType === 'INDIVIDUAL') {
    // An individual request follows no schedule, but nothing is taken in maintenance.
    await assertNotInMaintenance();
    return {
      ...common,
      requestType: 'INDIVIDUAL',
      amountFrom: null,
      amountTo: null,
      amountUSD: null,
      assetFrom: null,
      assetTo: null,
      currencyFrom: null,
      currencyTo: null,
      continent: null,
      country: null,
      city: null,
      details: body.details,
      originFunds: null,
      rate: null,
    };
  }
  const [quote, lockMinutes, payerCard] = await Promise.all([
    checkStandardApplication(body, now),
    settingValue('quoteLockMinutes'),
    payerCardOf(userId, body),
  ]);
  return {
    ...common,
    requestType: 'STANDARD',
    amountFrom: body.amount,
    amountTo: quote.amountTo,
    amountUSD: quote.amountUSD,
    assetFrom: body.assetFrom,
    assetTo: body.assetTo,
    currencyFrom: quote.currencyFrom,
    currencyTo: quote.currencyTo,
    continent: body.continent,
    country: body.country,
    city: body.city,
    details: null,
    originFunds: body.originFunds,
    payerCard,
    rate: {
      rate: quote.rate,
      markupPercent: quote.markupPercent,
      usdValueFrom: quote.usdValueFrom,
      usdValueTo: quote.usdValueTo,
      quotedAt: at,
      lockedUntil: new Date(now.getTime() + lockMinutes * 60_000).toISOString(),
      source: quote.source,
      ...(quote.fixedRate ? { fixedRate: quote.fixedRate } : {}),
    },
  };
}

/** How often a creation that lost a race on the limits' counters reads them again before a 409. */
const LIMIT_RACE_RETRIES = 4;

/**
 * Refuses the client's email, the contact (a Telegram username or a phone) and the request's
 * address when one is on the operator's blacklists (neutral text, the match audited). Then creates
 * an application in one transaction: the item, the owner's counters (conditional on fewer than
 * MAX_OPEN_APPLICATIONS open ones), the global status counters, the day's counter, the first
 * history entry, the owner's mail and the staff mail (to staffNotifyEmail, if set) as outbox items,
 * the limits' counters (conditional on the limits, ../limits/limits.ts) and, with an
 * Idempotency-Key, the key's claim. A replay queues nothing again. A lost race on the limits'
 * counters reads them again and retries, refused with the limit it then breaks, or 409 after
 * LIMIT_RACE_RETRIES.
 */
export async function createApplication(
  userId: string,
  body: CreateApplicationBody,
  idempotencyKey: string | undefined,
  now = new Date(),
  options: CreateOptions = {},
): Promise<CreateResult> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const hash = requestHash(body);
  if (idempotencyKey !== undefined) {
    const previous = await replay(userId, idempotencyKey, hash, nowSeconds);
    if (previous) return previous;
  }
  const owner = options.newOwner?.summary ?? (await findUserSummaries([userId])).get(userId);
  const record = await buildRecord(userId, body, now);
  const { payerCard } = record;
  await refuseIfBlacklisted(
    [
      ...(owner ? [{ kind: 'email' as const, value: owner.email }] : []),
      contactCandidate(body.contactTelegram),
      ...requestAddressCandidates(),
      ...(payerCard ? [{ kind: 'card' as const, value: `${payerCard.last4}|${payerCard.holder}` }] : []),
    ],
    'application',
    { userId },
    null,
  );
  const guest = options.guestLinks?.(record.id);
  const mails = owner
    ? await Promise.all([
        ownerMailItem('created', record, owner, now, guest?.links),
        staffMailItems(record, owner, now),
      ])
    : [];
  const mailItems = mails.flat();
  const telegramItems = await staffAlertItems(record, 'created', now);
  const timeZone = await businessTimeZone();
  // An individual request has no amount: no limit counts it (docs/decisions.md).
  const counted = async () =>
    owner && record.amountUSD !== null
      ? limitParts(
          { id: userId, tier: owner.tier, completedDeals: owner.completedDeals },
          record.amountUSD,
          // The card the client pays from, else the one they are paid to (the same card, whoever adds it).
          payerCard ? cardIdentity(payerCard) : payoutCardKey(record.payoutDetails),
          now,
        )
      : { parts: [], counted: null };
  for (let attempt = 0; ; attempt += 1) {
    const limits = await counted();
    record.limitCounted = limits.counted;
    const transaction = new Transaction()
      .add('newOwner', ...(options.newOwner?.items ?? []))
      .add('guestLinks', ...(guest?.items ?? []), ...(options.extraItems ?? []))
      .add('application', applicationPut(record))
      .add(
        'openLimit',
        adjustUserApplicationStats(
          userId,
          { total: 1, PENDING: 1, openCount: 1 },
          { maxOpen: MAX_OPEN_APPLICATIONS },
        ),
      )
      .add('statusCounts', adjustApplicationStatusCounts({ total: 1, PENDING: 1 }))
      // A guest's new account counts on the same update: its newUsers and this application.
      .add(
        'createdToday',
        incrementDailyStats(businessDayOf(now, timeZone), {
          createdApplications: 1,
          ...(options.newOwner ? { newUsers: 1 } : {}),
        }),
      )
      .add(
        'history',
        historyPut({
          applicationId: record.id,
          from: null,
          to: INITIAL_STATUS,
          at: record.createdAt,
          actorId: userId,
          actorRole: 'USER',
          reason: null,
          userId,
          amountFrom: record.amountFrom,
          currencyFrom: record.currencyFrom,
          details: null,
        }),
      )
      .add('mails', ...mailItems)
      .add('telegram', ...telegramItems)
      .addParts(rollupParts(createdDeltas(record, owner, timeZone)))
      .addParts(limits.parts);
    // A failed condition of the key's claim is read as a replay below.
    if (idempotencyKey !== undefined) {
      transaction.add(
        'idempotencyKey',
        idempotencyPut(
          {
            userId,
            key: idempotencyKey,
            requestHash: hash,
            applicationId: record.id,
            expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS,
          },
          nowSeconds,
        ),
      );
    }
    try {
      await transaction.run();
      break;
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      if (idempotencyKey !== undefined && error.failedOn('idempotencyKey')) {
        const previous = await replay(userId, idempotencyKey, hash, nowSeconds);
        if (previous) return previous;
      }
      if (error.failedOn('newOwner')) throw new GuestAddressTaken();
      if (error.failedOn('guestLinks')) throw new GuestLinkInvalid();
      if (error.failedOn('openLimit')) {
        throw new TooManyOpenApplications(MAX_OPEN_APPLICATIONS);
      }
      if (!lostLimitRace(error)) throw error;
      if (attempt >= LIMIT_RACE_RETRIES) throw new LimitsChangedMeanwhile();
    }
  }
  countMetric('ApplicationsCreated');
  countQueuedMails(mailItems.length);
  return { application: record, replayed: false };
}
