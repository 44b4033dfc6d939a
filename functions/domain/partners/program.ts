import { randomUUID } from 'node:crypto';
import { auditPut } from '@functions/data/audit';
import {
  findDefaultDirectionTerms,
  findPartner,
  type PartnerDay,
  type PartnerPayoutRecord,
  type PartnerRecord,
  type PartnerSubIdTotals,
  partnerDays,
  partnerKeyItems,
  partnerPayoutRequestItems,
  partnerPayoutsOf,
  partnerSubIdTotals,
} from '@functions/data/partners';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import {
  referralCodeHolderId,
  setReferralCode,
  UserConflictError,
  type UserRecord,
} from '@functions/data/users';
import { USDT_DECIMALS } from '@shared/assets';
import { businessDayOf, shiftDay } from '@shared/business-time';
import {
  PARTNER_PAGE_DAYS,
  PARTNER_PAYOUTS_LISTED,
  type PartnerCodeBody,
  type PartnerOverview,
  type PartnerPayoutBody,
  type PartnerPayoutView,
} from '@shared/contract/partners';
import { compare, toUnits, unitsText } from '@shared/money';
import { hashToken, newOpaqueToken } from '../accounts/secrets';
import { screenPayoutAddress } from '../applications/payout-address';
import { refuseIfBlacklisted, requestAddressCandidates } from '../blacklist/matches';
import { businessTimeZone } from '../settings/business-time';
import { settingValue } from '../settings/settings';
import {
  PartnerChanged,
  PartnerCodeTaken,
  PartnerPayoutBelowMinimum,
  PartnerPayoutOverBalance,
} from './errors';
import { settingsTerms } from './terms';

/*
 * The partner's own side of the program (docs/product.md "Partners"): their page's figures, their
 * payout requests and their API key. Every client is a partner by their referral code; the record
 * (functions/data/partners.ts) appears with the first share, terms, key or request.
 */

export const usdtText = (units: bigint) => unitsText(units, USDT_DECIMALS);

export function payoutView(payout: PartnerPayoutRecord): PartnerPayoutView {
  return {
    id: payout.id,
    amount: usdtText(payout.units),
    address: payout.address,
    status: payout.status,
    createdAt: payout.createdAt,
    decidedAt: payout.decidedAt,
    txHash: payout.txHash,
    reason: payout.reason,
  };
}

export function balanceOf(partner: PartnerRecord | undefined) {
  return {
    available: usdtText(partner?.availableUnits ?? 0n),
    pending: usdtText(partner?.pendingUnits ?? 0n),
    paid: usdtText(partner?.paidUnits ?? 0n),
    earned: usdtText(partner?.earnedUnits ?? 0n),
  };
}

/** Every business day from `from` to `to`, each with its figures (none: zeros). */
export function everyDay(days: readonly PartnerDay[], from: string, to: string) {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const all = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) {
    const figures = byDay.get(day);
    all.push({
      day,
      clicks: Number(figures?.clicks ?? 0n),
      registrations: Number(figures?.registrations ?? 0n),
      deals: Number(figures?.deals ?? 0n),
      earned: usdtText(figures?.earnedUnits ?? 0n),
    });
  }
  return all;
}

/** A period's figures per sub-id, as the page and the API give them. */
export function subIdViews(totals: readonly PartnerSubIdTotals[]) {
  return totals.map((total) => ({
    subId: total.subId,
    clicks: Number(total.clicks),
    deals: Number(total.deals),
    earned: usdtText(total.earnedUnits),
  }));
}

/** GET /partner: the signed-in client's link, terms, balance, last days, payouts and key. */
export async function partnerOverview(user: UserRecord, now = new Date()): Promise<PartnerOverview> {
  const timeZone = await businessTimeZone();
  const to = businessDayOf(now.toISOString(), timeZone);
  const from = shiftDay(to, -(PARTNER_PAGE_DAYS - 1));
  const [partner, defaults, all, days, subIds, payouts, minimum] = await Promise.all([
    findPartner(user.id),
    findDefaultDirectionTerms(),
    settingsTerms(),
    partnerDays(user.id, from, to),
    partnerSubIdTotals(user.id, from, to),
    partnerPayoutsOf(user.id, PARTNER_PAYOUTS_LISTED),
    settingValue('partnerPayoutMinimumUSDT'),
  ]);
  // A direction's terms: the partner's own, else (with no own terms for all) the default's.
  const directions = [
    ...(partner?.directionTerms ?? []),
    ...(partner?.terms ? [] : defaults).filter(
      (terms) => !partner?.directionTerms.some((own) => own.direction === terms.direction),
    ),
  ];
  return {
    code: user.referralCode ?? null,
    terms: { all: partner?.terms ?? all, own: partner?.terms != null, directions },
    monitorHosts: partner?.monitorHosts ?? [],
    balance: balanceOf(partner),
    minimumPayout: String(minimum),
    days: everyDay(days, from, to),
    subIds: subIdViews(subIds),
    payouts: payouts.map(payoutView),
    apiKey:
      partner?.apiKeyHint && partner.apiKeyCreatedAt
        ? { hint: partner.apiKeyHint, createdAt: partner.apiKeyCreatedAt }
        : null,
    timeZone,
  };
}

/**
 * POST /partner/payouts: a request to pay `amount` of what is available to a TRC-20 address, at
 * least the setting's minimum, to an address neither the operator's blacklist nor the USDT contract's
 * holds (screenPayoutAddress: kept marked not screened when the TRON provider cannot say). The amount
 * moves from available to pending in the request's write,
 * conditional on that much being available; staff then pay it (payouts.ts).
 */
export async function requestPartnerPayout(
  user: UserRecord,
  body: PartnerPayoutBody,
  now = new Date(),
): Promise<PartnerPayoutView> {
  const minimum = await settingValue('partnerPayoutMinimumUSDT');
  const units = toUnits(body.amount, USDT_DECIMALS);
  if (units === 0n || compare(body.amount, minimum) < 0) throw new PartnerPayoutBelowMinimum(String(minimum));
  // An address, account or network the operator listed gets the neutral refusal, as an application does.
  await refuseIfBlacklisted(
    [
      { kind: 'tronAddress', value: body.address },
      { kind: 'email', value: user.email },
      ...requestAddressCandidates(),
    ],
    'partnerPayout',
    { userId: user.id },
    { id: user.id, role: user.role },
  );
  const screened = await screenPayoutAddress(body.address);
  const payout: PartnerPayoutRecord = {
    id: randomUUID(),
    partnerId: user.id,
    address: body.address,
    units,
    status: 'requested',
    createdAt: now.toISOString(),
    decidedAt: null,
    decidedBy: null,
    txHash: null,
    reason: null,
    screened,
  };
  try {
    await new Transaction()
      .addParts(partnerPayoutRequestItems(payout))
      .add(
        'audit',
        auditPut({
          actorId: user.id,
          actorRole: user.role,
          action: 'partner.payout.request',
          targetType: 'partnerPayout',
          targetId: payout.id,
          before: null,
          after: { amount: usdtText(units), address: payout.address },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('balance'))
      throw new PartnerPayoutOverBalance(usdtText((await findPartner(user.id))?.availableUnits ?? 0n));
    throw error;
  }
  return payoutView(payout);
}

/**
 * PUT /partner/code: the partner's link gets a code of their choosing. Codes are one namespace with
 * every client's generated one (their markers); a code the partner had before is theirs again, and
 * links with an earlier code keep crediting them, so a link already shared never stops counting.
 */
export async function choosePartnerCode(
  user: UserRecord,
  { code }: PartnerCodeBody,
  now = new Date(),
): Promise<{ code: string }> {
  if (code === user.referralCode) return { code };
  const holderId = await referralCodeHolderId(code);
  if (holderId && holderId !== user.id) throw new PartnerCodeTaken(code);
  const audit = auditPut({
    actorId: user.id,
    actorRole: user.role,
    action: 'partner.code',
    targetType: 'partner',
    targetId: user.id,
    before: { code: user.referralCode ?? null },
    after: { code },
    at: now,
  });
  try {
    await setReferralCode(user, code, { claim: !holderId, extraItems: [audit] }, now);
  } catch (error) {
    // Claimed by another client between the read and the write.
    if (error instanceof UserConflictError) throw new PartnerCodeTaken(code);
    throw error;
  }
  return { code };
}

/** Characters of a key its owner sees again on the page (the key itself is kept only hashed). */
const KEY_HINT_LENGTH = 6;

/** POST /partner/api-key: a new key for the partner API, shown once; the one before stops working. */
export async function issuePartnerApiKey(
  user: UserRecord,
  now = new Date(),
): Promise<{ key: string; hint: string; createdAt: string }> {
  const partner = await findPartner(user.id);
  const key = `pk_${newOpaqueToken()}`;
  const hint = key.slice(-KEY_HINT_LENGTH);
  const at = now.toISOString();
  const transaction = new Transaction()
    .add('key', ...partnerKeyItems(user.id, hashToken(key), hint, partner?.apiKeyHash ?? null, at))
    .add(
      'audit',
      auditPut({
        actorId: user.id,
        actorRole: user.role,
        action: 'partner.apiKey',
        targetType: 'partner',
        targetId: user.id,
        before: partner?.apiKeyHint ? { hint: partner.apiKeyHint } : null,
        after: { hint },
        at: now,
      }),
    );
  try {
    await transaction.run();
  } catch (error) {
    // Another key was issued meanwhile (another tab): this one would silently replace it.
    if (error instanceof TransactionCancelledError && error.failedOn('key')) throw new PartnerChanged();
    throw error;
  }
  return { key, hint, createdAt: at };
}
