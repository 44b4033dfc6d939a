import type { RateSource } from '@shared/constants';
import { MAX_MARKUP_PERCENT } from '@shared/contract/rates';

export interface DirectionDraft {
  source: RateSource;
  markupPercent: string;
  minAmount: string;
  maxAmount: string;
  isActive: boolean;
}

export type DirectionErrors = Partial<Record<'markupPercent' | 'minAmount' | 'maxAmount', string>>;

export interface RateMessages {
  markup: string;
  positive: string;
  minAboveMax: string;
}

function parse(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 'invalid';
}

/** Client-side checks mirroring the server's (markup 0–50 %, positive limits, min not above max). */
export function validateDirection(draft: DirectionDraft, messages: RateMessages) {
  const errors: DirectionErrors = {};
  const markup = parse(draft.markupPercent);
  const min = parse(draft.minAmount);
  const max = parse(draft.maxAmount);
  if (markup === null || markup === 'invalid' || markup < 0 || markup > MAX_MARKUP_PERCENT) {
    errors.markupPercent = messages.markup;
  }
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
  const valid = Object.keys(errors).length === 0;
  return {
    errors,
    value: valid
      ? {
          source: draft.source,
          markupPercent: markup as number,
          minAmount: min as number | null,
          maxAmount: max as number | null,
          isActive: draft.isActive,
        }
      : null,
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
