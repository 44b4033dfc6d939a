import type { RateSource } from '@shared/constants';
import { MAX_TARGET_PLACE } from '@shared/contract/positioning';
import {
  isCoefficient,
  MAX_AGE_MINUTES_RANGE,
  MAX_MARKUP_PERCENT,
  type MarketPrice,
  type MarketSource,
  MONITOR_CODE_PATTERN,
} from '@shared/contract/rates';
import { readsAsTyped } from '@shared/exact-rate';
import { compare, type Decimal, unitsText } from '@shared/money';
import { hasAtMostDecimals } from '@shared/numbers';
import type { SbpBankId } from '@shared/sbp-banks';
import type { CardVerificationRule } from '@shared/verification';
import { type DirectionSides, guardFromFigures, parseFigure } from './rate-figures';

/** A direction row being edited: every field as typed, and the figures it started from. */
export interface DirectionDraft {
  source: RateSource;
  /** A feed direction's market sources and coefficient (`1,015` as typed). */
  marketSources: MarketSource[];
  coefficient: string;
  markupPercent: string;
  /** The rate as it reads (`97,20` of "1 USDT = 97,20 RUB"); a changed one fixes the direction at it. */
  figure: string;
  minAmount: string;
  maxAmount: string;
  isActive: boolean;
  /** The guard's lowest and highest figures (empty: no bound). */
  guardLow: string;
  guardHigh: string;
  maxAgeMinutes: string;
  publishToMonitors: boolean;
  monitorCode: string;
  /** Whether the client must pay from a verified card, and above which amount for `above`. */
  cardVerification?: CardVerificationRule;
  cardVerificationAbove?: string;
  /** The SBP banks a card-RUB payout also pays to (absent on every other direction). */
  sbpBanks?: SbpBankId[];
  /** The place held on BestChange (absent on cash directions, which cannot hold one). */
  positioning?: PositioningDraft;
}

/** A place on BestChange as typed: its figures read `1 {unit} = …`, as the direction's rate does. */
export interface PositioningDraft {
  on: boolean;
  unit: string;
  place: string;
  floor: string;
  ceiling: string;
  step: string;
}
export type PositioningField = 'place' | 'floor' | 'ceiling' | 'step';

export type DirectionField =
  | 'markupPercent'
  | 'figure'
  | 'minAmount'
  | 'maxAmount'
  | 'guardLow'
  | 'guardHigh'
  | 'maxAgeMinutes'
  | 'monitorCode'
  | 'cardVerificationAbove'
  | 'coefficient';
export type DirectionErrors = Partial<
  Record<DirectionField | PositioningField | 'marketSources' | 'sbpBanks' | 'positioning', string>
>;

export interface RateMessages {
  markup: string;
  positive: string;
  minAboveMax: string;
  figure: string;
  /** The typed figure would not read back as typed (more decimals than a rate of its size is shown with). */
  figureDecimals: string;
  maxAge: string;
  monitorCode: string;
  marketSources: string;
  coefficient: string;
  /** A target place that is not a whole number from 1 to MAX_TARGET_PLACE. */
  place: string;
}

/** What the row's figures are judged against: the direction's pair and sides. */
export interface DirectionContext {
  pair: { assetFrom: string; assetTo: string };
  sides: DirectionSides;
  /** The draft's starting figure, guard figures and market price: unchanged ones are not sent. */
  initial: Pick<DirectionDraft, 'figure' | 'guardLow' | 'guardHigh' | 'cardVerification'> & {
    marketPrice: MarketPrice;
    /** Whether the direction held a place (absent: it held none): switching it off then sends null. */
    positioned?: boolean;
  };
}

/**
 * The place a draft sends: its figures as typed (`96,25` → `96.25`), null when switched off after
 * it was on, undefined when it stays off (or the direction cannot hold one).
 */
function positioningOf(draft: DirectionDraft, context: DirectionContext, messages: RateMessages) {
  const typed = draft.positioning;
  if (!typed?.on) return context.initial.positioned && typed ? { positioning: null } : undefined;
  const errors: DirectionErrors = {};
  const place = parse(typed.place);
  if (typeof place !== 'number' || !Number.isInteger(place) || place < 1 || place > MAX_TARGET_PLACE) {
    errors.place = messages.place;
  }
  const figures = {
    floor: parseFigure(typed.floor),
    ceiling: parseFigure(typed.ceiling),
    step: parseFigure(typed.step),
  };
  for (const field of ['floor', 'ceiling', 'step'] as const)
    if (!figures[field]) errors[field] = messages.positive;
  const { floor, ceiling, step } = figures;
  if (floor && ceiling && compare(floor, ceiling) > 0) errors.ceiling = messages.minAboveMax;
  if (Object.keys(errors).length > 0 || !floor || !ceiling || !step) return { errors };
  const text = (figure: Decimal) => unitsText(figure.units, figure.scale);
  return {
    positioning: {
      unit: typed.unit,
      place: place as number,
      floor: text(floor),
      ceiling: text(ceiling),
      step: text(step),
    },
  };
}

/**
 * The market price a feed draft sends: its sources and the coefficient as typed (`1,015` →
 * `1.015`), when either changed; undefined when unchanged or not a feed draft.
 */
function marketPriceOf(draft: DirectionDraft, context: DirectionContext, messages: RateMessages) {
  if (draft.source !== 'feed') return undefined;
  const coefficient = draft.coefficient.trim().replace(',', '.');
  const errors: DirectionErrors = {
    ...(draft.marketSources.length === 0 ? { marketSources: messages.marketSources } : {}),
    ...(isCoefficient(coefficient) ? {} : { coefficient: messages.coefficient }),
  };
  if (Object.keys(errors).length > 0) return { errors };
  const initial = context.initial.marketPrice;
  const unchanged =
    draft.marketSources.join() === initial.sources.join() && compare(coefficient, initial.coefficient) === 0;
  return unchanged ? undefined : { marketPrice: { sources: draft.marketSources, coefficient } };
}

function parse(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 'invalid';
}

/** An optional figure: null when empty, 'invalid' when not a positive number. */
function optionalFigure(text: string) {
  if (text.trim() === '') return null;
  return parseFigure(text) ?? 'invalid';
}

/**
 * The typed rate a draft sends, as typed (`93,00` → `93.00`, its unit the page's), when the
 * direction is to be fixed: its source is `fixed`, or its figure was changed (typing a rate fixes
 * it, whatever source it followed). Undefined: it follows its source.
 */
function typedRateOf(draft: DirectionDraft, context: DirectionContext, messages: RateMessages) {
  const changed = draft.figure.trim() !== context.initial.figure.trim();
  if (draft.source !== 'fixed' && !changed) return undefined;
  const figure = parseFigure(draft.figure);
  if (!figure) return { error: messages.figure };
  const text = unitsText(figure.units, figure.scale);
  const { assetFrom, assetTo } = context.pair;
  if (!readsAsTyped(assetFrom, assetTo, text, context.sides.unit)) return { error: messages.figureDecimals };
  return { fixedRate: { figure: text, unit: context.sides.unit } };
}

/**
 * Client-side checks mirroring the server's (markup 0–50 %, positive limits, min not above max, the
 * guard's bounds in order, maximum age 10 min–7 days, a monitors' code, a typed rate that reads back
 * as typed, a feed direction's market sources and coefficient), and the change to send: a typed
 * figure as the direction's fixed rate, changed guard figures as minRate/maxRate, a changed market
 * price, and a card-RUB payout's SBP banks (the server keeps an unchanged list as no change).
 */
export function validateDirection(draft: DirectionDraft, context: DirectionContext, messages: RateMessages) {
  const errors: DirectionErrors = {};
  const markup = parse(draft.markupPercent);
  if (markup === null || markup === 'invalid' || markup < 0 || markup > MAX_MARKUP_PERCENT) {
    errors.markupPercent = messages.markup;
  }
  const typed = typedRateOf(draft, context, messages);
  if (typed?.error) errors.figure = typed.error;
  const market = marketPriceOf(draft, context, messages);
  Object.assign(errors, market?.errors);
  const positioning = positioningOf(draft, context, messages);
  Object.assign(errors, positioning?.errors);
  const min = parse(draft.minAmount);
  const max = parse(draft.maxAmount);
  if (min === 'invalid' || (min !== null && min <= 0)) errors.minAmount = messages.positive;
  if (max === 'invalid' || (max !== null && max <= 0)) errors.maxAmount = messages.positive;
  if (
    !errors.minAmount &&
    !errors.maxAmount &&
    typeof min === 'number' &&
    typeof max === 'number' &&
    min > max
  ) {
    errors.maxAmount = messages.minAboveMax;
  }

  const guardChanged =
    draft.guardLow.trim() !== context.initial.guardLow.trim() ||
    draft.guardHigh.trim() !== context.initial.guardHigh.trim();
  const low = optionalFigure(draft.guardLow);
  const high = optionalFigure(draft.guardHigh);
  if (low === 'invalid') errors.guardLow = messages.positive;
  if (high === 'invalid') errors.guardHigh = messages.positive;
  if (low && high && low !== 'invalid' && high !== 'invalid' && compare(low, high) > 0) {
    errors.guardHigh = messages.minAboveMax;
  }

  const maxAge = parse(draft.maxAgeMinutes);
  if (
    typeof maxAge !== 'number' ||
    !Number.isInteger(maxAge) ||
    maxAge < MAX_AGE_MINUTES_RANGE.min ||
    maxAge > MAX_AGE_MINUTES_RANGE.max
  ) {
    errors.maxAgeMinutes = messages.maxAge;
  }
  const code = draft.monitorCode.trim().toUpperCase();
  if (code !== '' && !MONITOR_CODE_PATTERN.test(code)) errors.monitorCode = messages.monitorCode;
  const above = draft.cardVerification === 'above' ? parse(draft.cardVerificationAbove ?? '') : null;
  if (draft.cardVerification === 'above' && (typeof above !== 'number' || above <= 0)) {
    errors.cardVerificationAbove = messages.positive;
  }
  // Sent when it is set or was: a direction that never asked for a verified card sends nothing new.
  const cardRule =
    draft.cardVerification &&
    (draft.cardVerification !== 'never' || (context.initial.cardVerification ?? 'never') !== 'never')
      ? {
          cardVerification: draft.cardVerification,
          ...(draft.cardVerification === 'above' ? { cardVerificationAbove: above as number } : {}),
        }
      : {};

  if (Object.keys(errors).length > 0) return { errors, value: null };
  const guard =
    guardChanged && low !== 'invalid' && high !== 'invalid' ? guardFromFigures(low, high, context.sides) : {};
  return {
    errors,
    value: {
      ...(typed?.fixedRate
        ? { source: 'fixed' as const, fixedRate: typed.fixedRate }
        : { source: draft.source }),
      ...(market?.marketPrice ? { marketPrice: market.marketPrice } : {}),
      markupPercent: markup as number,
      minAmount: min as number | null,
      maxAmount: max as number | null,
      isActive: draft.isActive,
      ...guard,
      maxAgeMinutes: maxAge as number,
      publishToMonitors: draft.publishToMonitors,
      monitorCode: code === '' ? null : code,
      ...(draft.sbpBanks ? { sbpBanks: draft.sbpBanks } : {}),
      ...cardRule,
      ...(positioning && 'positioning' in positioning ? { positioning: positioning.positioning } : {}),
    },
  };
}

export function validateUsdValue(
  text: string,
  message: string,
): { error: string | null; value: number | null } {
  const value = parse(text);
  if (value === null || value === 'invalid' || value <= 0 || value > 1e9)
    return { error: message, value: null };
  return { error: null, value };
}

/**
 * A currency's cash step as typed (cash is paid out in its multiples, as the till can): empty is
 * none (cash to the cent), else a positive amount with whole cents at most, up to 100,000 (the
 * server's rule).
 */
export function validateCashStep(
  text: string,
  message: string,
): { error: string | null; value: number | null } {
  if (text.trim() === '') return { error: null, value: null };
  const value = parse(text);
  if (value === null || value === 'invalid' || value <= 0 || value > 100_000 || !hasAtMostDecimals(value, 2))
    return { error: message, value: null };
  return { error: null, value };
}
