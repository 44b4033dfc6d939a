import type { Language } from '@shared/enums';
import type { RefusalParams } from '@shared/envelope';
import { writeMoney } from '@shared/rate-display';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * The API's refusals in the UI language, by their codes (docs/architecture.md §3): a refusal's text
 * is `errors:codes.<code>`, a broken field rule's `errors:fields.<code>`, each interpolating the
 * refusal's `params`. The English message the server sent is shown only for a code the web has no
 * text for; nothing is translated by its wording. (It needs no rule table, so the landing page's
 * calculator can word a refusal without loading shared/field-rules.ts.)
 */

/** What a refusal said: its code and params, and the server's English message. */
export interface RefusalWords {
  code?: string | null;
  params?: RefusalParams;
  message?: string | null;
}

/** What a broken rule said (a field error, or a shared rule the web checked itself). */
export interface RuleWords {
  code: string;
  params?: RefusalParams;
  msg?: string;
}

/**
 * The params that are amounts of money, by text key: written as every amount on screen is (shared
 * writeMoney: the shown decimals, grouped), not as the API sends them (`10000`, `1234.5`). An exact
 * amount to pay (PayableAmountsTaken's) keeps every decimal, so it is not listed.
 */
const MONEY_PARAMS: Record<string, readonly string[]> = {
  'fields.amountBelowMinimum': ['amount', 'amountUSD'],
  'fields.amountAboveMaximum': ['amount'],
  'fields.amountAboveReserve': ['amount'],
  'codes.ReserveTooLow': ['held', 'paid'],
};

function readable(key: string, params: RefusalParams | undefined): RefusalParams | undefined {
  const names = MONEY_PARAMS[key];
  if (!params || !names) return params;
  const language: Language = i18n.language === 'en' ? 'en' : 'ru';
  const shown = { ...params };
  for (const name of names) {
    const value = params[name];
    if (value !== undefined && value !== '' && Number.isFinite(Number(value)))
      shown[name] = writeMoney(value, language);
  }
  return shown;
}

function textOf(key: string, params: RefusalParams | undefined): string | null {
  return i18n.exists(key, { ns: 'errors' }) ? i18n.t(key, { ns: 'errors', ...readable(key, params) }) : null;
}

/** A refusal's text: its code's, else the server's message as sent, else the fallback. */
export function sayRefusal(refusal: RefusalWords | null | undefined, fallback = ''): string {
  if (!refusal) return fallback;
  return (refusal.code && textOf(`codes.${refusal.code}`, refusal.params)) || refusal.message || fallback;
}

/** The refusal an API call failed with (code, params, message), or null for any other failure. */
export function refusalWords(error: unknown): RefusalWords | null {
  if (!(error instanceof ApiError)) return null;
  return { code: error.code, params: error.params, message: error.message };
}

/** A failed call's text in the UI language: its refusal's, or the fallback (a network failure, no text). */
export function refusalText(error: unknown, fallback: string): string {
  return sayRefusal(refusalWords(error), fallback);
}

/** A broken rule's text: its code's, else the server's English text. */
export function ruleText(rule: RuleWords): string {
  return textOf(`fields.${rule.code}`, rule.params) ?? rule.msg ?? '';
}

/**
 * A refusal's field errors in the UI language, one per field (the first), keyed by `fieldOf` of the
 * error's path: how a form names the field the server blamed.
 */
export function fieldErrorTexts(
  error: unknown,
  fieldOf: (path: string) => string = (path) => path,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const item of error.errors) errors[fieldOf(item.path)] ??= ruleText(item);
  return errors;
}
