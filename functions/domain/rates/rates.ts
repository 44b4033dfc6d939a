import { InvalidRequest, NotQuotable, StateConflict } from '@functions/commons/errors';
import { auditPut } from '@functions/data/audit';
import {
  type CurrencyValueRecord,
  currencyValuePut,
  DEFAULT_MARKET_PRICE,
  DEFAULT_MAX_AGE_MINUTES,
  type DirectionRecord,
  directionPut,
  type PositionRecord,
  type RatesTable,
  ratesMetaPut,
  readQuoteInputs,
  readRatesTable,
  type TypedRateRecord,
} from '@functions/data/rates';
import { type TransactItem, TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { currencyOfAsset, isValidExchangePair } from '@shared/assets';
import type { Position, Positioning } from '@shared/contract/positioning';
import {
  MARKET_SOURCES,
  type MarketPrice,
  type PauseReason,
  type PublicRatesData,
  type PutRatesBody,
  type Quote,
  type RatesData,
  type RatesQuery,
} from '@shared/contract/rates';
import { fieldError } from '@shared/field-rules';
import { compare } from '@shared/money';
import { orderedSbpBanks, type SbpBankId } from '@shared/sbp-banks';
import { checkPublishable } from '../export/publish-rule';
import {
  type HeldAccount,
  readOfficeAccounts,
  reserveForQuote,
  reserveOf,
  withBookedAmounts,
} from '../reserves/held';
import { toReserveView } from '../reserves/views';
import { settingValue } from '../settings/settings';
import { cashStepOf, computeQuote, priceDirection, quoteLimits, sidesOf } from './quote';

/** No usable rate for a direction: the apply form can still send an individual request. */
export class NoRatePublished extends NotQuotable {
  constructor(assetFrom: string, assetTo: string) {
    super(
      `No exchange rate is available for ${assetFrom} → ${assetTo}. You can submit an individual request instead.`,
      { params: { assetFrom, assetTo } },
    );
  }
}

/** Only fiat ⇄ USDT pairs are exchanged. */
export class PairNotExchanged extends InvalidRequest {
  constructor() {
    super('Validation failed.', {
      fields: [fieldError('assetTo', 'quotePair')],
    });
  }
}

/** A rates update that names one currency or direction twice. */
export class RatesRepeated extends InvalidRequest {
  constructor(duplicates: string[]) {
    const repeated = duplicates.join(', ');
    super(`Each entry may appear once; repeated: ${repeated}.`, { params: { repeated } });
  }
}

const PAUSE_EXPLANATIONS: Record<PauseReason, string> = {
  missing: 'no market price is available for it',
  stale: 'its market price is out of date',
  'out-of-guard': 'its rate is outside the limits the exchange allows',
};

/**
 * A direction the rates job or its guard has paused: it is never quoted at a wrong price. One class
 * per reason (each wording its own code); `params`: the pair.
 */
export abstract class DirectionPaused extends NotQuotable {
  constructor(assetFrom: string, assetTo: string, reason: PauseReason) {
    super(
      `Exchange ${assetFrom} → ${assetTo} is paused because ${PAUSE_EXPLANATIONS[reason]}. Try again later or submit an individual request.`,
      { params: { assetFrom, assetTo } },
    );
  }
}

/** No market price for one side of the direction. */
export class MarketPriceMissing extends DirectionPaused {
  constructor(assetFrom: string, assetTo: string) {
    super(assetFrom, assetTo, 'missing');
  }
}

/** The direction's market price is older than its maximum age. */
export class MarketPriceStale extends DirectionPaused {
  constructor(assetFrom: string, assetTo: string) {
    super(assetFrom, assetTo, 'stale');
  }
}

/** The direction's rate is outside the guard staff set for it. */
export class RateOutsideGuard extends DirectionPaused {
  constructor(assetFrom: string, assetTo: string) {
    super(assetFrom, assetTo, 'out-of-guard');
  }
}

const PAUSES: Record<PauseReason, new (assetFrom: string, assetTo: string) => DirectionPaused> = {
  missing: MarketPriceMissing,
  stale: MarketPriceStale,
  'out-of-guard': RateOutsideGuard,
};

/** A direction made fixed without a typed rate (it had none before). */
export class TypedRateMissing extends InvalidRequest {
  constructor(index: number) {
    super('Validation failed.', {
      fields: [fieldError(`directions.${index}.fixedRate`, 'typedRateRequired')],
    });
  }
}

export class RatesChangedMeanwhile extends StateConflict {
  constructor() {
    super('The rates were changed by someone else meanwhile. Reload and try again.');
  }
}

interface RatesView {
  activeOnly: boolean;
  now: Date;
  minApplicationAmountUSD: number;
  /** One pair only (GET /rates?assetFrom=&assetTo=): that direction and its two currencies. */
  pair?: RatesQuery;
}

function toRatesData(table: RatesTable, accounts: readonly HeldAccount[], view: RatesView): RatesData {
  const values = new Map(table.currencies.map((currency) => [currency.code, currency]));
  const feed = new Map(table.feed.map((price) => [price.code, price]));
  const reserves = new Map(table.reserves.map((reserve) => [reserve.code, reserve]));
  const positions = new Map(table.positions.map((position) => [key(position), position]));
  const inPair = (asset: string, wanted: string | undefined) => wanted === undefined || asset === wanted;
  const directions = table.directions
    .filter((direction) => !view.activeOnly || direction.isActive)
    .filter(
      (direction) =>
        inPair(direction.assetFrom, view.pair?.assetFrom) && inPair(direction.assetTo, view.pair?.assetTo),
    )
    .map((direction) => {
      const codeFrom = currencyOfAsset(direction.assetFrom);
      const codeTo = currencyOfAsset(direction.assetTo);
      const sides = sidesOf(direction, {
        from: values.get(codeFrom),
        to: values.get(codeTo),
        feedFrom: feed.get(codeFrom),
        feedTo: feed.get(codeTo),
        sourcePrices: table.sourcePrices,
      });
      const position = positions.get(key(direction));
      const { from, to: _to, exactRate, ...priced } = priceDirection(direction, sides, view.now, position);
      const reserve = reserveOf(direction.assetTo, reserves, accounts);
      const limits =
        priced.state !== 'paused' && from && exactRate !== null
          ? quoteLimits({
              direction,
              from,
              exactRate,
              minApplicationAmountUSD: view.minApplicationAmountUSD,
              reserve,
              cashStep: cashStepOf(direction.assetTo, values.get(codeTo)),
            })
          : null;
      return {
        ...direction,
        sbpBanks: direction.sbpBanks ?? [],
        ...priced,
        // What the rates job did shows while the direction holds a place.
        position: direction.positioning && position ? positionView(position) : null,
        reserve,
        quoteLimits: limits,
      };
    })
    .filter((direction) => !view.activeOnly || direction.state !== 'paused')
    .sort((a, b) => `${a.assetFrom}>${a.assetTo}`.localeCompare(`${b.assetFrom}>${b.assetTo}`));
  const pairCodes =
    view.pair &&
    new Set(directions.flatMap((d) => [currencyOfAsset(d.assetFrom), currencyOfAsset(d.assetTo)]));
  return {
    updatedAt: table.updatedAt,
    currencies: table.currencies
      .filter((currency) => !pairCodes || pairCodes.has(currency.code))
      .sort((a, b) => a.code.localeCompare(b.code)),
    directions,
    reserves: withBookedAmounts(table.reserves, accounts)
      .map(toReserveView)
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/**
 * GET /rates: the active directions with a usable rate, each with the reserve of what it pays out
 * and its limits now, and the currencies' USD values, without the staff ids of who changed them
 * or the reserves' alert levels; for one pair (the apply form), that direction alone.
 */
export async function publishedRates(now = new Date(), pair: RatesQuery = {}): Promise<PublicRatesData> {
  const [table, accounts, minApplicationAmountUSD] = await Promise.all([
    readRatesTable(),
    readOfficeAccounts(),
    settingValue('minApplicationAmountUSD'),
  ]);
  const { updatedAt, currencies, directions } = toRatesData(table, accounts, {
    activeOnly: true,
    now,
    minApplicationAmountUSD,
    pair,
  });
  return {
    updatedAt,
    currencies: currencies.map(({ updatedBy: _staff, ...currency }) => currency),
    directions: directions.map(
      ({
        updatedBy: _staff,
        marketPrice: _marketPrice,
        positioning: _positioning,
        position: _position,
        positioned: _positioned,
        fixedRate,
        ...direction
      }) => ({
        ...direction,
        fixedRate: fixedRate && {
          figure: fixedRate.figure,
          unit: fixedRate.unit,
          typedAt: fixedRate.typedAt,
        },
      }),
    ),
  };
}

/** The whole table for the admin page (inactive and paused directions included, with why) and the reserves. */
export async function allRates(now = new Date()): Promise<RatesData> {
  const [table, accounts, minApplicationAmountUSD] = await Promise.all([
    readRatesTable(),
    readOfficeAccounts(),
    settingValue('minApplicationAmountUSD'),
  ]);
  return toRatesData(table, accounts, { activeOnly: false, now, minApplicationAmountUSD });
}

/**
 * A quote for an amount; 400 for a pair that is not fiat⇄USDT, 422 when no rate is published or
 * the direction is paused (missing or stale market price, rate outside its guard).
 */
export async function quote(
  assetFrom: string,
  assetTo: string,
  amount: number,
  now = new Date(),
): Promise<Quote> {
  if (!isValidExchangePair(assetFrom, assetTo)) {
    throw new PairNotExchanged();
  }
  const [inputs, minApplicationAmountUSD] = await Promise.all([
    readQuoteInputs(assetFrom, assetTo, currencyOfAsset(assetFrom), currencyOfAsset(assetTo)),
    settingValue('minApplicationAmountUSD'),
  ]);
  const { direction } = inputs;
  if (!direction?.isActive) throw new NoRatePublished(assetFrom, assetTo);
  const priced = priceDirection(direction, sidesOf(direction, inputs), now, inputs.position);
  if (
    priced.state === 'paused' ||
    !priced.from ||
    !priced.to ||
    priced.rate === null ||
    priced.exactRate === null
  ) {
    throw new PAUSES[priced.pausedReason ?? 'missing'](assetFrom, assetTo);
  }
  const { from, to, rate, exactRate, priceAsOf } = priced;
  const reserve = await reserveForQuote(assetTo, inputs.reserveTo);
  return computeQuote({
    assetFrom,
    assetTo,
    amount,
    direction,
    from,
    to,
    rate,
    exactRate,
    minApplicationAmountUSD,
    reserve,
    cashStep: cashStepOf(assetTo, inputs.to),
    priceAsOf,
  });
}

/**
 * PUT /admin/rates: writes the changed currency values and directions, the table's update time
 * and one audit entry (before/after of every changed entry) in one transaction.
 */
export async function putRates(
  body: PutRatesBody,
  actor: RecordedActor,
): Promise<{ changed: number; rates: RatesData }> {
  const table = await readRatesTable();
  const now = new Date().toISOString();
  const currencies = new Map(table.currencies.map((currency) => [currency.code, currency]));
  const directions = new Map(table.directions.map((direction) => [key(direction), direction]));
  const reserves = new Map(table.reserves.map((reserve) => [reserve.code, reserve]));
  const duplicates = findDuplicates([
    ...body.currencies.map((currency) => `currency ${currency.code}`),
    ...body.directions.map((direction) => `direction ${key(direction)}`),
  ]);
  if (duplicates.length > 0) {
    throw new RatesRepeated(duplicates);
  }

  const writes: TransactItem[] = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const change of body.currencies) {
    const previous = currencies.get(change.code);
    const cashStep = change.cashStep === undefined ? (previous?.cashStep ?? null) : change.cashStep;
    if (previous?.usdValue === change.usdValue && previous.cashStep === cashStep) continue;
    const record: CurrencyValueRecord = {
      code: change.code,
      usdValue: change.usdValue,
      cashStep,
      updatedAt: now,
      updatedBy: actor.id,
    };
    writes.push(currencyValuePut(record));
    before[`currency:${change.code}`] = previous
      ? { usdValue: previous.usdValue, cashStep: previous.cashStep }
      : null;
    after[`currency:${change.code}`] = { usdValue: change.usdValue, cashStep };
  }
  for (const [index, change] of body.directions.entries()) {
    const previous = directions.get(key(change));
    // A typed rate makes the direction fixed; a source with a markup lets the typed rate go.
    const source = change.source ?? (change.fixedRate ? 'fixed' : (previous?.source ?? 'manual'));
    const record: DirectionRecord = {
      assetFrom: change.assetFrom,
      assetTo: change.assetTo,
      source,
      fixedRate:
        source === 'fixed' ? typedRateOf(change.fixedRate, previous?.fixedRate ?? null, actor, now) : null,
      minRate: change.minRate === undefined ? (previous?.minRate ?? null) : change.minRate,
      maxRate: change.maxRate === undefined ? (previous?.maxRate ?? null) : change.maxRate,
      maxAgeMinutes: change.maxAgeMinutes ?? previous?.maxAgeMinutes ?? DEFAULT_MAX_AGE_MINUTES,
      // Omitted fields keep their value: a change of one field must not reset the others staff set.
      markupPercent: change.markupPercent ?? previous?.markupPercent ?? 0,
      marketPrice: marketPriceOf(change.marketPrice, previous?.marketPrice ?? DEFAULT_MARKET_PRICE),
      minAmount: change.minAmount === undefined ? (previous?.minAmount ?? null) : change.minAmount,
      maxAmount: change.maxAmount === undefined ? (previous?.maxAmount ?? null) : change.maxAmount,
      isActive: change.isActive ?? previous?.isActive ?? true,
      publishToMonitors: change.publishToMonitors ?? previous?.publishToMonitors ?? false,
      monitorCode: change.monitorCode === undefined ? (previous?.monitorCode ?? null) : change.monitorCode,
      sbpBanks: sbpBanksOf(change.sbpBanks, previous?.sbpBanks ?? []),
      cardVerification: change.cardVerification ?? previous?.cardVerification ?? 'never',
      cardVerificationAbove:
        (change.cardVerification ?? previous?.cardVerification) === 'above'
          ? change.cardVerificationAbove === undefined
            ? (previous?.cardVerificationAbove ?? null)
            : change.cardVerificationAbove
          : null,
      positioning: positioningOf(change.positioning, previous?.positioning ?? null),
      updatedAt: now,
      updatedBy: actor.id,
    };
    if (source === 'fixed' && record.fixedRate === null) throw new TypedRateMissing(index);
    if (record.publishToMonitors && !previous?.publishToMonitors) checkPublishable(record, reserves);
    if (previous && sameTerms(previous, record)) continue;
    writes.push(directionPut(record));
    before[`direction:${key(change)}`] = previous ? terms(previous) : null;
    after[`direction:${key(change)}`] = terms(record);
  }
  if (writes.length > 0) {
    writes.push(ratesMetaPut(now, actor.id, table.updatedAt));
    writes.push(
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'rates.update',
        targetType: 'rates',
        targetId: 'table',
        before,
        after,
        at: new Date(now),
      }),
    );
    try {
      await transactWrite(writes);
    } catch (error) {
      if (error instanceof TransactionCancelledError && error.conditionFailed) {
        throw new RatesChangedMeanwhile();
      }
      throw error;
    }
  }
  return { changed: Object.keys(after).length, rates: await allRates() };
}

/**
 * A fixed direction's typed rate after a change: the one typed now, or the one it had when none is
 * typed or the same figure is typed again (who typed it when stays).
 */
function typedRateOf(
  typed: { figure: string; unit: string } | undefined,
  previous: TypedRateRecord | null,
  actor: RecordedActor,
  now: string,
): TypedRateRecord | null {
  if (!typed) return previous;
  if (previous && previous.unit === typed.unit && compare(previous.figure, typed.figure) === 0)
    return previous;
  return { figure: typed.figure, unit: typed.unit, typedAt: now, typedBy: actor.id };
}

/**
 * A direction's market price after a change: the one sent, or the one it had when none is sent or
 * the same is sent again (so an unchanged one is no change; the coefficient compared as a number).
 */
function marketPriceOf(sent: MarketPrice | undefined, previous: MarketPrice): MarketPrice {
  if (!sent) return previous;
  // In one order, as the median takes them in none.
  const sources = MARKET_SOURCES.filter((source) => sent.sources.includes(source));
  const same =
    sources.join() === previous.sources.join() && compare(sent.coefficient, previous.coefficient) === 0;
  return same ? previous : { sources, coefficient: sent.coefficient };
}

/**
 * A direction's SBP banks after a change: the ones sent, in the list's order, or the ones it had when
 * none are sent or the same are sent again (so an unchanged list is no change).
 */
function sbpBanksOf(sent: readonly SbpBankId[] | undefined, previous: SbpBankId[]): SbpBankId[] {
  if (!sent) return previous;
  const banks = orderedSbpBanks(sent);
  return banks.join() === previous.join() ? previous : banks;
}

/**
 * A direction's target place after a change: the one sent, null when switched off, or the one it
 * had when none is sent or the same is sent again (so an unchanged one is no change).
 */
function positioningOf(
  sent: Positioning | null | undefined,
  previous: Positioning | null,
): Positioning | null {
  if (sent === undefined) return previous;
  if (sent === null || previous === null) return sent;
  const same =
    sent.unit === previous.unit &&
    sent.place === previous.place &&
    (['floor', 'ceiling', 'step'] as const).every((field) => compare(sent[field], previous[field]) === 0);
  return same ? previous : sent;
}

/** A position as GET /admin/rates shows it: without its key fields. */
function positionView({ assetFrom: _from, assetTo: _to, ...position }: PositionRecord): Position {
  return position;
}

function key(direction: { assetFrom: string; assetTo: string }) {
  return `${direction.assetFrom}>${direction.assetTo}`;
}

/** What staff set on a direction (its audit entry's before and after, and whether a change changed it). */
const TERMS = [
  'source',
  'fixedRate',
  'markupPercent',
  'marketPrice',
  'minRate',
  'maxRate',
  'maxAgeMinutes',
  'minAmount',
  'maxAmount',
  'isActive',
  'publishToMonitors',
  'monitorCode',
  'sbpBanks',
  'cardVerification',
  'cardVerificationAbove',
  'positioning',
] as const satisfies readonly (keyof DirectionRecord)[];

function terms(direction: DirectionRecord) {
  return Object.fromEntries(TERMS.map((field) => [field, direction[field]]));
}

function sameTerms(a: DirectionRecord, b: DirectionRecord) {
  return TERMS.every((field) => a[field] === b[field]);
}

function findDuplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(values.filter((value) => seen.has(value) || !seen.add(value)))];
}
