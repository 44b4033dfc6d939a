import type { RateSource } from '@shared/constants';
import { MAX_AGE_MINUTES_RANGE, MAX_MARKUP_PERCENT, MONITOR_CODE_PATTERN } from '@shared/contract/rates';
import { compare } from '@shared/money';
import { hasAtMostDecimals } from '@shared/numbers';
import { type DirectionSides, guardFromFigures, markupForFigure, parseFigure } from './rate-figures';

/** A direction row being edited: every field as typed, and the figures it started from. */
export interface DirectionDraft {
  source: RateSource;
  markupPercent: string;
  /** The rate as it reads (`97,20` of "1 USDT = 97,20 RUB"); a changed one sets the markup (manual only). */
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
}

export type DirectionField =
  | 'markupPercent'
  | 'figure'
  | 'minAmount'
  | 'maxAmount'
  | 'guardLow'
  | 'guardHigh'
  | 'maxAgeMinutes'
  | 'monitorCode';
export type DirectionErrors = Partial<Record<DirectionField, string>>;

export interface RateMessages {
  markup: string;
  positive: string;
  minAboveMax: string;
  figure: string;
  /** The typed figure is better for the client than the raw price: no markup reaches it. */
  figureBeyondRaw: string;
  maxAge: string;
  monitorCode: string;
}

/** What the row's figures are judged against: the direction's sides and, for a manual one, its raw price. */
export interface DirectionContext {
  sides: DirectionSides;
  /** The raw price a typed figure's markup is taken against; null: the figure cannot be typed. */
  rawPrice: number | null;
  /** The draft's starting figure and guard figures: unchanged ones are not sent. */
  initial: Pick<DirectionDraft, 'figure' | 'guardLow' | 'guardHigh'>;
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
 * Client-side checks mirroring the server's (markup 0–50 %, positive limits, min not above max, the
 * guard's bounds in order, maximum age 10 min–7 days, a monitors' code), and the change to send:
 * a changed figure of a manual direction as its markup, changed guard figures as minRate/maxRate.
 */
export function validateDirection(draft: DirectionDraft, context: DirectionContext, messages: RateMessages) {
  const errors: DirectionErrors = {};
  let markup = parse(draft.markupPercent);
  const figureChanged = draft.figure.trim() !== context.initial.figure.trim();
  if (figureChanged && draft.source === 'manual' && context.rawPrice !== null) {
    const figure = parseFigure(draft.figure);
    if (!figure) {
      errors.figure = messages.figure;
    } else {
      markup = markupForFigure(figure, context.rawPrice, context.sides);
      if (markup < 0) errors.figure = messages.figureBeyondRaw;
      else if (markup > MAX_MARKUP_PERCENT) errors.figure = messages.markup;
    }
  } else if (markup === null || markup === 'invalid' || markup < 0 || markup > MAX_MARKUP_PERCENT) {
    errors.markupPercent = messages.markup;
  }
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

  if (Object.keys(errors).length > 0) return { errors, value: null };
  const guard =
    guardChanged && low !== 'invalid' && high !== 'invalid' ? guardFromFigures(low, high, context.sides) : {};
  return {
    errors,
    value: {
      source: draft.source,
      markupPercent: markup as number,
      minAmount: min as number | null,
      maxAmount: max as number | null,
      isActive: draft.isActive,
      ...guard,
      maxAgeMinutes: maxAge as number,
      publishToMonitors: draft.publishToMonitors,
      monitorCode: code === '' ? null : code,
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
