import { currencyOfAsset } from '@shared/assets';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ApplicationDetail,
  ApplicationView,
} from '@shared/contract/applications';
import type { DealMoneyView } from '@shared/contract/deal';
import type { ExchangeStatus } from '@shared/contract/hours';
import type { ClientLimitsView, TierLimitTable } from '@shared/contract/limits';
import type { PaymentTemplateView } from '@shared/contract/payment-templates';
import type { DirectionRate, PublicRatesData, Quote } from '@shared/contract/rates';
import type { OwnUser, PublicUser } from '@shared/contract/users';
import { NO_MONEY_YET } from '@shared/deal-money';
import type { Role } from '@shared/enums';
import type { GeoCity, GeoContinent, GeoCountry } from '@shared/geo';
import { type MoveFacts, staffDealActions } from '@shared/lifecycle';
import type { RouteDefinition } from '@shared/routes/definition';
import { AROUND_THE_CLOCK, type ScheduleView } from '@shared/working-hours';
import type { fakeApi } from './fake-api';

/** A complete user as the API returns one; `changes` set the fields a test is about. */
export function testUser(changes: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'anna@example.com',
    username: 'anna',
    telegramId: null,
    language: 'ru',
    role: 'USER',
    isActive: true,
    photo_url: null,
    referralCode: 'ANNA1',
    emailVerified: true,
    referralCount: 0,
    applicationCount: 0,
    adminComment: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    mfaEnabled: false,
    scope: null,
    ...changes,
  };
}

/** The same user as they see themselves (login, /auth/me): no staff-only fields. */
export function testOwnUser(changes: Partial<OwnUser> = {}): OwnUser {
  const { adminComment: _staffOnly, ...own } = testUser();
  return { ...own, mfaSetupRequired: false, telegramAccount: null, onShiftSince: null, ...changes };
}

/** A standard application as its owner sees it (a pending cash USD → USDT one in Berlin). */
export function testApplication(changes: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: 'abcdef1234567890',
    requestType: 'STANDARD',
    status: 'PENDING',
    amountFrom: 1500,
    amountTo: 1480.5,
    amountUSD: 1500,
    assetFrom: 'cash-USD',
    assetTo: 'usdt-trc20',
    currencyFrom: 'USD',
    currencyTo: 'USDT',
    continent: 'europe',
    country: 'europe.germany',
    city: 'europe.germany.berlin',
    details: null,
    contactData: { telegram: '@anna' },
    originFunds: 'N/A',
    rejectionReason: null,
    rate: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...changes,
  };
}

/** A deal's money as the API shows it: nothing arrived or went out yet, unless `changes` says. */
export function testDealMoney(changes: Partial<DealMoneyView> = {}): DealMoneyView {
  return {
    asked: null,
    owed: null,
    received: '0',
    refunded: '0',
    paidOut: '0',
    gap: 'none',
    difference: null,
    payoutLeft: null,
    late: false,
    requote: null,
    closing: null,
    ...changes,
  };
}

/**
 * The same application on its owner's order page (GET /applications/{id}): submitted by its owner,
 * nothing of the deal yet, cancel, payout details and messages allowed.
 */
export function testApplicationDetail(changes: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    ...testApplication(),
    timeline: [{ status: 'PENDING', at: '2026-03-01T10:00:00.000Z', actor: 'client' }],
    instructions: null,
    payoutKind: 'address',
    payoutDetails: null,
    sbpBanks: [],
    clientPaid: null,
    payout: null,
    money: testDealMoney(),
    hold: null,
    allowedActions: ['cancel', 'setPayoutDetails', 'message'],
    unreadMessages: 0,
    ...changes,
  };
}

/** An application as the admin table lists it: a card-USD → USDT exchange in Madrid, nobody assigned. */
export function testAdminApplication(changes: Partial<AdminApplicationView> = {}): AdminApplicationView {
  return {
    id: '0123456789abcdef0123456789abcdef',
    requestType: 'STANDARD',
    status: 'PROCESSING',
    amountFrom: 200,
    amountTo: 197,
    amountUSD: 200,
    assetFrom: 'card-USD',
    assetTo: 'usdt-trc20',
    currencyFrom: 'USD',
    currencyTo: 'USDT',
    continent: 'europe',
    country: 'europe.spain',
    city: 'europe.spain.madrid',
    details: null,
    contactData: { telegram: '@client' },
    originFunds: 'N/A',
    rejectionReason: null,
    rate: {
      rate: 0.985,
      markupPercent: 1.5,
      usdValueFrom: 1,
      usdValueTo: 1,
      quotedAt: '2026-11-20T10:00:00.000Z',
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    userId: 'client-1',
    user: { email: 'client@example.com', telegramId: null },
    assignedToId: null,
    assignedTo: null,
    adminNote: null,
    unreadMessages: 0,
    ...changes,
  };
}

/**
 * What the server answers as the staff's `allowedActions` on `detail` for a staff member of `role`:
 * the lifecycle's guards (shared/lifecycle.ts) on the deal's facts, as the server reads them.
 */
export function withStaffActions(
  detail: AdminApplicationDetail,
  role: Role = 'ADMIN',
): AdminApplicationDetail {
  const facts: MoveFacts = {
    status: detail.status,
    paymentDeadline: detail.instructions?.deadline ?? null,
    receivesCash: detail.payoutKind === 'none',
    hasPayoutDetails: detail.payoutDetails !== null,
    assignedToId: detail.assignedToId,
    createdAt: detail.createdAt,
    clientPaid: detail.clientPaid !== null,
    paymentConfirmed: detail.paymentConfirmation !== null,
    payoutRecorded: detail.payout !== null,
    payoutReversed: detail.payoutReversal !== null,
    refunded: detail.refund !== null,
    hasInstructions: detail.instructions !== null,
    cardVerified: !detail.payerCard?.verificationRequired || detail.payerCard.verified,
    asked: detail.money.asked,
    owed: detail.money.owed,
    money: {
      ...NO_MONEY_YET,
      received: detail.money.received,
      refunded: detail.money.refunded,
      paidOut: detail.money.paidOut,
      late: detail.money.late,
    },
    requoteUntil: detail.money.requote?.until ?? null,
    actorRole: role,
    input: {},
    now: new Date('2026-11-20T10:30:00.000Z'),
  };
  return { ...detail, allowedActions: staffDealActions(facts) };
}

/**
 * The same application in the staff detail: no history or audit, nothing of the deal yet; what an
 * ADMIN may do on it as the server would answer, unless `changes` says.
 */
export function testAdminApplicationDetail(
  changes: Partial<AdminApplicationDetail> = {},
): AdminApplicationDetail {
  const detail: AdminApplicationDetail = {
    ...testAdminApplication(),
    history: [],
    audit: [],
    templateNames: {},
    quoteLock: null,
    instructions: null,
    payoutKind: 'address',
    payoutDetails: null,
    clientPaid: null,
    paymentConfirmation: null,
    payout: null,
    payoutReversal: null,
    refund: null,
    money: testDealMoney({ asked: '200', owed: '197', payoutLeft: '197' }),
    hold: null,
    chainTransfers: [],
    completion: null,
    source: null,
    allowedActions: [],
    ...changes,
  };
  return changes.allowedActions ? detail : withStaffActions(detail);
}

/** One page of a cursor-paged list holding all of `items` (no page after it). */
export function testCursorPage<T>(items: T[]) {
  return { items, total: items.length, totalPages: items.length === 0 ? 0 : 1, nextCursor: null };
}

/**
 * A city of the geo tree as the API returns one: open around the clock unless `hours` says
 * otherwise (docs/product.md §4 "Working hours").
 */
export function testCity(
  key: string,
  name: string,
  changes: Partial<Omit<GeoCity, 'hours'>> & { hours?: Partial<ScheduleView> } = {},
): GeoCity {
  const { hours, ...rest } = changes;
  return {
    key,
    defaultName: name,
    names: { ru: name, en: name },
    isActive: true,
    code: null,
    ...rest,
    hours: {
      timeZone: 'UTC',
      week: AROUND_THE_CLOCK,
      openNow: true,
      opensAt: null,
      closesAt: null,
      ...hours,
    },
  };
}

/** A country of the geo tree with its local currency and cities; `changes` e.g. its Russian name. */
export function testCountry(
  key: string,
  name: string,
  localCurrency: string,
  cities: GeoCity[],
  changes: Partial<GeoCountry> = {},
): GeoCountry {
  return {
    key,
    defaultName: name,
    names: { ru: name, en: name },
    isActive: true,
    localCurrency,
    cities,
    ...changes,
  };
}

/** A continent of the geo tree with its countries. */
export function testContinent(key: string, name: string, countries: GeoCountry[]): GeoContinent {
  return { key, defaultName: name, names: { ru: name, en: name }, isActive: true, countries };
}

/** Maintenance off and card exchange open around the clock (GET /status); `changes` set the rest. */
export function testExchangeStatus(changes: Partial<ExchangeStatus> = {}): ExchangeStatus {
  return {
    maintenance: { active: false, message: { ru: '', en: '' } },
    cardHours: { timeZone: 'UTC', week: AROUND_THE_CLOCK, openNow: true, opensAt: null, closesAt: null },
    ...changes,
  };
}

type PublishedDirection = PublicRatesData['directions'][number];

/** A live direction of the published rates (GET /rates) at rate 1, without limits unless `changes` say. */
export function testDirection(
  assetFrom: string,
  assetTo: string,
  changes: Partial<PublishedDirection> = {},
): PublishedDirection {
  return {
    assetFrom,
    assetTo,
    rate: 1,
    rawPrice: 1,
    source: 'feed',
    fixedRate: null,
    state: 'live',
    pausedReason: null,
    priceAsOf: '2026-01-01T00:00:00.000Z',
    markupPercent: 0,
    minRate: null,
    maxRate: null,
    maxAgeMinutes: 15,
    minAmount: 100,
    maxAmount: null,
    isActive: true,
    publishToMonitors: false,
    monitorCode: null,
    sbpBanks: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
    reserve: null,
    quoteLimits: { minAmount: 100, maxAmount: null, maxAmountTo: null },
    ...changes,
  };
}

/**
 * GET /rates without a pair: every direction, both ways, of cash and card in these currencies
 * (the base fiats and the test trees' local ones), unless `leftOut` names it (`cash-USD>usdt-trc20`).
 */
export function testPublishedRates(
  leftOut: readonly string[] = [],
  currencies: readonly string[] = ['USD', 'EUR', 'RUB', 'KZT', 'GEL', 'TRY', 'AED'],
): PublicRatesData {
  const directions = currencies
    .flatMap((currency) => [`cash-${currency}`, `card-${currency}`])
    .flatMap((fiat) => [testDirection(fiat, 'usdt-trc20'), testDirection('usdt-trc20', fiat)])
    .filter((direction) => !leftOut.includes(`${direction.assetFrom}>${direction.assetTo}`));
  return { updatedAt: null, currencies: [], directions };
}

/** A direction as staff read it (GET /admin/rates): the published one with the staff-only fields. */
export function testAdminDirection(
  assetFrom: string,
  assetTo: string,
  changes: Partial<DirectionRate> = {},
): DirectionRate {
  return {
    ...testDirection(assetFrom, assetTo),
    fixedRate: null,
    marketPrice: { sources: ['usd-cross'], coefficient: '1' },
    updatedBy: null,
    updatedByName: null,
    ...changes,
  };
}

/** A client's limits (GET /users/limits): the email tier with no limit set unless `changes` say. */
export function testClientLimits(changes: Partial<ClientLimitsView> = {}): ClientLimitsView {
  return {
    tier: 'email',
    nextTier: 'card',
    perApplication: null,
    firstDeals: null,
    perDay: { limit: null, used: 0, left: null },
    per30Days: { limit: null, used: 0, left: null },
    maxNow: null,
    ...changes,
  };
}

/** The tiers' table with every limit off; `changes` sets some. */
export function testTierLimits(changes: Partial<TierLimitTable> = {}): TierLimitTable {
  const none = { perApplication: null, perDay: null, per30Days: null };
  return { tiers: { email: none, card: none, identity: none }, firstDeals: null, ...changes };
}

export function testQuote(
  { assetFrom, assetTo, amount }: { assetFrom: string; assetTo: string; amount: number },
  changes: Partial<Quote> = {},
): Quote {
  return {
    assetFrom,
    assetTo,
    currencyFrom: currencyOfAsset(assetFrom),
    currencyTo: currencyOfAsset(assetTo),
    amount,
    amountTo: amount,
    cashStep: null,
    rate: 1,
    markupPercent: 0,
    source: 'feed',
    usdValueFrom: 1,
    usdValueTo: 1,
    amountUSD: amount,
    minAmount: 100,
    minAmountUSD: 100,
    maxAmount: null,
    reserve: null,
    maxAmountTo: null,
    belowMinimum: amount < 100,
    aboveMaximum: false,
    aboveReserve: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

/**
 * Holds back the fake's answers to `route` until `release()`, for a screen that must cope with an
 * answer arriving later (the answers stay the fake's, checked against the route's schema).
 */
export function holdAnswers(api: ReturnType<typeof fakeApi>, route: RouteDefinition): () => void {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = api.fetch.getMockImplementation()!;
  api.fetch.mockImplementation(async (input, init) => {
    const asked = api.requests(route).length;
    const reply = answer(input, init);
    // A refused request still rejects for its caller; this only keeps it from counting as unhandled meanwhile.
    reply.catch(() => undefined);
    if (api.requests(route).length > asked) await released;
    return reply;
  });
  return release;
}

/** A card or USDT template's pool fields (PaymentTemplateView): in rotation, no limits, nothing used yet. */
export function testPoolFields(changes: Partial<PoolFields> = {}): PoolFields {
  return {
    availability: 'rotation',
    limits: { dayAmount: null, monthAmount: null, dayDeals: null, monthDeals: null },
    use: {
      day: '2026-11-20',
      month: '2026-11',
      today: { amount: '0.000000', deals: 0 },
      thisMonth: { amount: '0.000000', deals: 0 },
    },
    lastPickedAt: null,
    ...changes,
  };
}
type PoolFields = Pick<
  Extract<PaymentTemplateView, { kind: 'usdt' }>,
  'availability' | 'limits' | 'use' | 'lastPickedAt'
>;
