import * as z from 'zod/mini';
import {
  assetKeySchema,
  currencyOfAsset,
  isValidExchangePair,
  parseAssetKey,
  plainAmount,
  valuedCurrencySchema,
} from '../assets';
import { MAX_RATE_CHANGES, RATE_SOURCES } from '../constants';
import { readsAsTyped, TYPED_FIGURE_PATTERN } from '../exact-rate';
import { type FieldProblem, ruleProblem } from '../field-rules';
import { cityKeySchema } from '../geo';
import { compare } from '../money';
import { FIAT_DECIMALS, hasAtMostDecimals, PERCENT_DECIMALS, RATE_DECIMALS } from '../numbers';
import { SBP_ASSET, SBP_BANK_IDS } from '../sbp-banks';
import { schema } from '../schema';
import { CARD_VERIFICATION_RULES } from '../verification';
import { amountOfSourceAsset, amountSchema } from './applications';
import { positioningSchema, positionSchema } from './positioning';
import { reserveSchema } from './reserves';

export const MAX_MARKUP_PERCENT = 50;
/**
 * A direction's state: `live` (feed, fresh and within its guard), `manual` (staff's values, within
 * its guard), or `paused` (not offered; `pausedReason` says why).
 */
export const DIRECTION_STATES = ['live', 'manual', 'paused'] as const;
export const PAUSE_REASONS = ['missing', 'stale', 'out-of-guard'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];
/** Bounds of a direction's maximum feed age, in minutes: at least twice the job's re-confirmation of an unchanged price (5 min). */
export const MAX_AGE_MINUTES_RANGE = { min: 10, max: 10_080 } as const;

/**
 * Where a feed direction's market price (the price of 1 USDT in its fiat currency) comes from:
 * the cross of the rates job's USD values (`usd-cross`: the crypto ticker's USDT over the fiat
 * reference's currency), an exchange's USDT market (`usdt-market`: the last trade of USDT in the
 * currency) or the Bank of Russia's official rate (`central-bank`: its US dollar in roubles, USDT
 * counted as a dollar; another currency by its cross through the rouble).
 */
export const MARKET_SOURCES = ['usd-cross', 'usdt-market', 'central-bank'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];
/** A market price's coefficient as typed: a dot, at most 6 decimals (`1.015`), from 0.5 to 1.5. */
const COEFFICIENT_PATTERN = /^\d(\.\d{1,6})?$/;
const COEFFICIENT_RANGE = { min: '0.5', max: '1.5' } as const;

/** Whether a coefficient as typed is one the server takes. */
export const isCoefficient = (text: string) =>
  COEFFICIENT_PATTERN.test(text) &&
  compare(text, COEFFICIENT_RANGE.min) >= 0 &&
  compare(text, COEFFICIENT_RANGE.max) <= 0;

/**
 * How a feed direction's market price is made: the price of its one source, or the median of its
 * sources' fresh prices, times the coefficient (`1.015`: 1.5 % above), before the markup.
 */
export const marketPriceSchema = /* @__PURE__ */ schema(() =>
  z.object({ sources: z.array(z.enum(MARKET_SOURCES)), coefficient: z.string() }),
);
export type MarketPrice = z.infer<typeof marketPriceSchema>;

export const currencyValueSchema = /* @__PURE__ */ schema(() =>
  z.object({
    code: z.string(),
    /** What one unit of the currency is worth in USD. */
    usdValue: z.number(),
    /** Cash received in this currency is rounded down to a multiple of this (a till's step); null: none. */
    cashStep: z.nullable(z.number()),
    updatedAt: z.string(),
    updatedBy: z.nullable(z.string()),
    /** GET /admin/rates: who `updatedBy` is (username, else email; null: the seed). */
    updatedByName: z.optional(z.nullable(z.string())),
  }),
);
export type CurrencyValue = z.infer<typeof currencyValueSchema>;

/**
 * The amounts an application in a direction may have now: the smallest amount to give (the
 * direction's own minimum, else the setting minApplicationAmountUSD at the current price, in
 * `assetFrom` units), the direction's maximum to give, and the largest amount that can be received
 * (the smaller of the direction's maximum at the current rate and the reserve; null: no limit).
 */
export const quoteLimitsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    minAmount: z.number(),
    maxAmount: z.nullable(z.number()),
    maxAmountTo: z.nullable(z.number()),
  }),
);
export type QuoteLimits = z.infer<typeof quoteLimitsSchema>;

/**
 * A fixed direction's rate as staff typed it, `1 {unit} = {figure} {the other side}`: the figure
 * exactly as typed, its unit the side a rate is shown with as the unit (shared/rate-display.ts), and
 * who typed it when (the direction's own `updatedAt` moves with any of its terms).
 */
export const fixedRateSchema = /* @__PURE__ */ schema(() =>
  z.object({
    figure: z.string(),
    unit: z.string(),
    typedAt: z.string(),
    typedBy: z.nullable(z.string()),
    /** GET /admin/rates: who `typedBy` is (username, else email). */
    typedByName: z.optional(z.nullable(z.string())),
  }),
);
export type FixedRate = z.infer<typeof fixedRateSchema>;

/**
 * A direction's published rate: units of `assetTo` per unit of `assetFrom`, derived from the two
 * USD values and lowered by the markup, or the rate staff typed (`source` `fixed`, `fixedRate`).
 * Min and max are in units of `assetFrom`.
 */
export const directionRateSchema = /* @__PURE__ */ schema(() =>
  z.object({
    assetFrom: z.string(),
    assetTo: z.string(),
    /**
     * The effective rate (raw price lowered by the markup, or the typed one) to 10 significant
     * digits; null when a price is missing. A typed rate's exact form is `fixedRate`.
     */
    rate: z.nullable(z.number()),
    /** Units of `assetTo` per unit of `assetFrom` before the markup. */
    rawPrice: z.nullable(z.number()),
    source: z.enum(RATE_SOURCES),
    /** The typed rate of a `fixed` direction; null for one that follows a source. */
    fixedRate: z.nullable(fixedRateSchema),
    /** How the market price of a `feed` direction is made (kept while it follows another source). */
    marketPrice: marketPriceSchema,
    state: z.enum(DIRECTION_STATES),
    pausedReason: z.nullable(z.enum(PAUSE_REASONS)),
    /** When the prices behind the rate were last set (manual) or confirmed by a provider (feed). */
    priceAsOf: z.nullable(z.string()),
    markupPercent: z.number(),
    minRate: z.nullable(z.number()),
    maxRate: z.nullable(z.number()),
    maxAgeMinutes: z.number(),
    minAmount: z.nullable(z.number()),
    maxAmount: z.nullable(z.number()),
    isActive: z.boolean(),
    /**
     * Listed in the monitors' file (GET /export/rates.xml) while offered; false until staff switch
     * it on, which needs both sides' reserves set by staff (docs/product.md §10).
     */
    publishToMonitors: z.boolean(),
    /**
     * The monitors' code of the direction's fiat side (a bank's card: `SBERRUB`, `TCSBRUB`); null:
     * the asset's own (`CARDRUB`, `CASHRUB`). SBP is listed by `sbpBanks`, not by this code.
     */
    monitorCode: z.nullable(z.string()),
    /**
     * The SBP banks a card-RUB payout may also go to, by phone number (ids of shared/sbp-banks.ts,
     * in its order); empty: SBP not offered. Listed in the monitors' file as `SBPRUB` too.
     */
    sbpBanks: z.array(z.enum(SBP_BANK_IDS)),
    /** Whether the client must pay from a verified card: never, always, or above `cardVerificationAbove` of `assetFrom`. */
    cardVerification: z.optional(z.enum(CARD_VERIFICATION_RULES)),
    cardVerificationAbove: z.optional(z.nullable(z.number())),
    /** Staff's target place on BestChange (shared/contract/positioning.ts); absent or null: none. */
    positioning: z.optional(z.nullable(positioningSchema)),
    /** GET /admin/rates: what the rates job last did to hold the place; null: nothing yet. */
    position: z.optional(z.nullable(positionSchema)),
    /** Whether the rate now is the place's (a fresh position) rather than its source's. */
    positioned: z.optional(z.boolean()),
    updatedAt: z.string(),
    updatedBy: z.nullable(z.string()),
    /** GET /admin/rates: who `updatedBy` is (username, else email; null: the seed). The page shows this, not the id. */
    updatedByName: z.optional(z.nullable(z.string())),
    /** What the office holds of `assetTo`'s currency; null when no reserve is kept for it (not limited). */
    reserve: z.nullable(z.number()),
    /** The limits a quote in this direction has now, as the quote states them; null while paused. */
    quoteLimits: z.nullable(quoteLimitsSchema),
  }),
);
export type DirectionRate = z.infer<typeof directionRateSchema>;

export const ratesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    updatedAt: z.nullable(z.string()),
    currencies: z.array(currencyValueSchema),
    directions: z.array(directionRateSchema),
    /** Staff's view of every reserve with its alert level (docs/product.md §2 "Reserves"). */
    reserves: z.array(reserveSchema),
  }),
);
export type RatesData = z.infer<typeof ratesDataSchema>;

/**
 * The rates as every visitor sees them (GET /rates): the staff table without who changed what, and
 * with each direction's `minAmount` the smallest amount it accepts (its own minimum, else the
 * `minApplicationAmountUSD` default, as a quote's `minAmount`).
 */
export const publicRatesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({
    updatedAt: z.nullable(z.string()),
    currencies: z.array(z.omit(currencyValueSchema, { updatedBy: true, updatedByName: true })),
    directions: z.array(
      z.extend(
        z.omit(directionRateSchema, {
          updatedBy: true,
          updatedByName: true,
          fixedRate: true,
          marketPrice: true,
          positioning: true,
          position: true,
          positioned: true,
        }),
        {
          fixedRate: z.nullable(z.pick(fixedRateSchema, { figure: true, unit: true, typedAt: true })),
        },
      ),
    ),
  }),
);
export type PublicRatesData = z.infer<typeof publicRatesDataSchema>;

/**
 * GET /rates may name one pair (the apply form shows its limits before an amount is typed): then
 * only that direction, if it is published, and the two currencies' values are answered.
 */
export const ratesQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({ assetFrom: z.optional(assetKeySchema), assetTo: z.optional(assetKeySchema) }),
);
export type RatesQuery = z.infer<typeof ratesQuerySchema>;

/** An optional bound of a direction: a positive number with at most `decimals` places, or null for none. */
const optionalBound = (decimals: number) =>
  z.optional(
    z.nullable(
      z.number().check(
        z.positive(),
        z.lte(1e12),
        z.refine((value) => hasAtMostDecimals(value, decimals), {
          error: 'decimalPlaces',
          params: { decimals },
        }),
      ),
    ),
  );

/** A monitors' currency code (BestChange's list): 2–20 capital Latin letters and digits. */
export const MONITOR_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,19}$/;

/** An amount limit in fiat (2 decimals), or null for none. */
const amountLimitSchema = /* @__PURE__ */ schema(() => optionalBound(FIAT_DECIMALS));

/** A rate guard bound: a positive rate, or null for none. */
const rateGuardSchema = /* @__PURE__ */ schema(() => optionalBound(RATE_DECIMALS));

export const currencyValueChangeSchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    code: valuedCurrencySchema,
    usdValue: z.number().check(
      z.positive(),
      z.lte(1e9),
      z.refine((value) => hasAtMostDecimals(value, RATE_DECIMALS), {
        error: 'decimalPlaces',
        params: { decimals: RATE_DECIMALS },
      }),
    ),
    /** The cash step (omitted: unchanged; null: none): whole cents at least, at most 100,000. */
    cashStep: z.optional(
      z.nullable(
        z.number().check(
          z.positive(),
          z.lte(100_000),
          z.refine((value) => hasAtMostDecimals(value, 2), {
            error: 'decimalPlaces',
            params: { decimals: 2 },
          }),
        ),
      ),
    ),
  }),
);

export const directionChangeSchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      assetFrom: assetKeySchema,
      assetTo: assetKeySchema,
      /** Omitted: the direction keeps its markup (a new direction: 0). */
      markupPercent: z.optional(
        z.number().check(
          z.gte(0),
          z.lte(MAX_MARKUP_PERCENT),
          z.refine((value) => hasAtMostDecimals(value, PERCENT_DECIMALS), {
            error: 'decimalPlaces',
            params: { decimals: PERCENT_DECIMALS },
          }),
        ),
      ),
      /** Omitted: the direction keeps its limit; null: none. */
      minAmount: amountLimitSchema,
      maxAmount: amountLimitSchema,
      /** Omitted: the direction keeps it (a new direction: active). */
      isActive: z.optional(z.boolean()),
      /** Omitted: the direction keeps its current source, guard and maximum age. */
      source: z.optional(z.enum(RATE_SOURCES)),
      /**
       * The rate of a `fixed` direction as typed, `1 {unit} = {figure}` (`{ figure: '93.00', unit:
       * 'USDT' }` on RUB → USDT): it must read back as typed (its unit the side shown as the unit,
       * no more decimals than a shown rate of its size). Omitted: unchanged.
       */
      fixedRate: z.optional(
        z.strictObject({
          figure: z.string().check(z.regex(TYPED_FIGURE_PATTERN, 'typedRate')),
          unit: valuedCurrencySchema,
        }),
      ),
      /**
       * How a feed direction's market price is made: 1–3 different sources and a coefficient as
       * typed. Omitted: unchanged (a new direction: the USD cross alone, times 1).
       */
      marketPrice: z.optional(
        z.strictObject({
          sources: z.array(z.enum(MARKET_SOURCES)).check(
            z.minLength(1, 'marketSources'),
            z.refine((sources) => new Set(sources).size === sources.length, 'marketSources'),
          ),
          coefficient: z.string().check(z.refine(isCoefficient, 'marketCoefficient')),
        }),
      ),
      minRate: rateGuardSchema,
      maxRate: rateGuardSchema,
      maxAgeMinutes: z.optional(
        z.number().check(z.int(), z.gte(MAX_AGE_MINUTES_RANGE.min), z.lte(MAX_AGE_MINUTES_RANGE.max)),
      ),
      /** Omitted: unchanged. On is refused while a side's reserve was never set by staff. */
      publishToMonitors: z.optional(z.boolean()),
      /** The fiat side's monitors' code (`SBERRUB`); null: the asset's own; omitted: unchanged. */
      monitorCode: z.optional(z.nullable(z.string().check(z.regex(MONITOR_CODE_PATTERN, 'monitorCode')))),
      /** The SBP banks a card-RUB payout pays to, each once (empty: none); omitted: unchanged. */
      sbpBanks: z.optional(
        z
          .array(z.enum(SBP_BANK_IDS, { error: 'sbpBanks' }))
          .check(z.refine((banks) => new Set(banks).size === banks.length, 'sbpBanks')),
      ),
      /** Whether the client must pay from a verified card; `above` needs the amount. Omitted: unchanged. */
      cardVerification: z.optional(z.enum(CARD_VERIFICATION_RULES)),
      cardVerificationAbove: amountLimitSchema,
      /**
       * A target place on BestChange for a card or SBP direction (cash is listed by city, which
       * the archive's read does not tell apart); null: none; omitted: unchanged.
       */
      positioning: z.optional(z.nullable(positioningSchema)),
    })
    .check(
      z.superRefine((direction, context) => {
        if (!isValidExchangePair(direction.assetFrom, direction.assetTo)) {
          context.addIssue({
            code: 'custom',
            path: ['assetTo'],
            message: 'directionPair',
          });
        }
        if (direction.minAmount && direction.maxAmount && direction.minAmount > direction.maxAmount) {
          context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'maxAmountBelowMin' });
        }
        if (direction.cardVerification === 'above' && !direction.cardVerificationAbove) {
          context.addIssue({ code: 'custom', path: ['cardVerificationAbove'], message: 'required' });
        }
        if (direction.positioning && isCashDirection(direction)) {
          context.addIssue({ code: 'custom', path: ['positioning'], message: 'positioningCash' });
        }
        const unit = direction.positioning?.unit;
        if (
          unit !== undefined &&
          isValidExchangePair(direction.assetFrom, direction.assetTo) &&
          ![direction.assetFrom, direction.assetTo].map(currencyOfAsset).includes(unit)
        ) {
          context.addIssue({ code: 'custom', path: ['positioning', 'unit'], message: 'positioningUnit' });
        }
        if (direction.sbpBanks?.length && direction.assetTo !== SBP_ASSET) {
          context.addIssue({ code: 'custom', path: ['sbpBanks'], message: 'sbpBanks' });
        }
        if (direction.minRate && direction.maxRate && direction.minRate > direction.maxRate) {
          context.addIssue({ code: 'custom', path: ['maxRate'], message: 'maxRateBelowMin' });
        }
        const typed = direction.fixedRate;
        if (typed && direction.source !== undefined && direction.source !== 'fixed') {
          context.addIssue({ code: 'custom', path: ['fixedRate'], message: 'typedRateRequired' });
        }
        if (
          typed &&
          TYPED_FIGURE_PATTERN.test(typed.figure) &&
          isValidExchangePair(direction.assetFrom, direction.assetTo) &&
          !readsAsTyped(direction.assetFrom, direction.assetTo, typed.figure, typed.unit)
        ) {
          context.addIssue({ code: 'custom', path: ['fixedRate'], message: 'typedRate' });
        }
      }),
    ),
);

/** Whether either side of a direction is cash. */
const isCashDirection = (direction: { assetFrom: string; assetTo: string }) =>
  [direction.assetFrom, direction.assetTo].some((key) => {
    const asset = parseAssetKey(key);
    return asset?.kind === 'fiat' && asset.fiatKind === 'cash';
  });

export const putRatesBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      currencies: z._default(z.array(currencyValueChangeSchema).check(z.maxLength(MAX_RATE_CHANGES)), []),
      directions: z._default(z.array(directionChangeSchema).check(z.maxLength(MAX_RATE_CHANGES)), []),
    })
    .check(
      z.superRefine((body, context) => {
        const count = body.currencies.length + body.directions.length;
        if (count === 0) context.addIssue({ code: 'custom', message: 'ratesChangeEmpty' });
        if (count > MAX_RATE_CHANGES) context.addIssue({ code: 'custom', message: 'tooManyRateChanges' });
      }),
    ),
);
export type PutRatesBody = z.infer<typeof putRatesBodySchema>;

export const putRatesDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ changed: z.number().check(z.int()), rates: ratesDataSchema }),
);

export const calculateBodySchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject({
      assetFrom: assetKeySchema,
      assetTo: assetKeySchema,
      amount: amountSchema,
      /**
       * The city (dotted geo key) a cash direction is exchanged in: its working hours apply. Without
       * it only maintenance and the card schedule do (docs/product.md §4 "Working hours").
       */
      city: z.optional(cityKeySchema),
    })
    .check(amountOfSourceAsset()),
);
export type CalculateBody = z.infer<typeof calculateBodySchema>;

export const quoteSchema = /* @__PURE__ */ schema(() =>
  z.object({
    assetFrom: z.string(),
    assetTo: z.string(),
    currencyFrom: z.string(),
    currencyTo: z.string(),
    amount: z.number(),
    amountTo: z.number(),
    /**
     * Cash received is rounded down to a multiple of this (the till's step of `currencyTo`), so
     * `amountTo` may be below amount × rate by less than it; null: not cash, or no step.
     */
    cashStep: z.nullable(z.number()),
    rate: z.number(),
    markupPercent: z.number(),
    /** Whether the rate follows the market (`feed`) or staff's values (`manual`), or staff typed it (`fixed`). */
    source: z.enum(RATE_SOURCES),
    /** A fixed direction's rate as typed (`amountTo` is converted from it exactly); null: it follows a source. */
    fixedRate: z.optional(z.nullable(z.pick(fixedRateSchema, { figure: true, unit: true }))),
    /** USD value of one unit of each side. */
    usdValueFrom: z.number(),
    usdValueTo: z.number(),
    amountUSD: z.number(),
    /** The smallest amount accepted, in `currencyFrom`: the larger of the direction's and the setting's. */
    minAmount: z.number(),
    minAmountUSD: z.number(),
    maxAmount: z.nullable(z.number()),
    /** What the office holds of `currencyTo`; null when no reserve is kept for it (not limited). */
    reserve: z.nullable(z.number()),
    /** The largest amount that can be received: the direction's maximum at this rate or the reserve, the smaller; null: no limit. */
    maxAmountTo: z.nullable(z.number()),
    belowMinimum: z.boolean(),
    aboveMaximum: z.boolean(),
    /** `amountTo` is more than the reserve: the application would be refused. */
    aboveReserve: z.boolean(),
    updatedAt: z.string(),
  }),
);
export type Quote = z.infer<typeof quoteSchema>;

/**
 * The rule an amount outside the quote's limits breaks (the server's field error and the apply
 * form's, which translates it by its code), or null.
 */
export function amountLimitProblem(
  quote: Pick<
    Quote,
    | 'belowMinimum'
    | 'aboveMaximum'
    | 'minAmount'
    | 'minAmountUSD'
    | 'maxAmount'
    | 'currencyFrom'
    | 'assetFrom'
    | 'aboveReserve'
    | 'reserve'
    | 'currencyTo'
    | 'assetTo'
  >,
): FieldProblem | null {
  if (quote.belowMinimum) {
    return ruleProblem('amountBelowMinimum', {
      amount: plainAmount(quote.minAmount, quote.assetFrom),
      currency: quote.currencyFrom,
      amountUSD: quote.minAmountUSD,
    });
  }
  if (quote.aboveMaximum && quote.maxAmount !== null) {
    return ruleProblem('amountAboveMaximum', {
      amount: plainAmount(quote.maxAmount, quote.assetFrom),
      currency: quote.currencyFrom,
    });
  }
  if (quote.aboveReserve && quote.reserve !== null) {
    return ruleProblem('amountAboveReserve', {
      amount: plainAmount(quote.reserve, quote.assetTo),
      currency: quote.currencyTo,
    });
  }
  return null;
}
