import { isValidExchangePair } from '@shared/assets';
import type { Quote } from '@shared/contract/rates';
import { ApiError } from './api-client';
import { calculateQuote } from './exchange-api';
import { parseAmount } from './exchange-form';
import { type RefusalWords, type RuleWords, ruleText, sayRefusal } from './refusal-text';
import { useResource } from './use-resource';

const QUOTE_DELAY_MS = 400;

function refusalOf(error: unknown): QuoteState | null {
  if (!(error instanceof ApiError)) return null;
  // 422: this direction is not quoted now; 409: nothing is (maintenance, with staff's message to show).
  if ((error.status === 422 || error.status === 409) && error.message) {
    return { status: 'refused', refusal: { code: error.code, params: error.params, message: error.message } };
  }
  const amount = error.status === 400 ? error.errors.find((field) => field.path === 'amount') : undefined;
  return amount ? { status: 'refused', rule: amount } : null;
}

/**
 * `refused`: the server will not quote this direction now (no rate, paused or closed: 422, its
 * `refusal`; the exchange in maintenance: 409, ExchangeInMaintenance) or this amount (a 400 on `amount`, e.g. more decimals than its asset has: the apply
 * route's own `rule`); `quoteRefusalText` words either; `unavailable`: the call failed otherwise.
 */
export type QuoteState =
  | { status: 'idle' | 'loading' | 'unavailable' }
  | { status: 'refused'; refusal: RefusalWords; rule?: undefined }
  | { status: 'refused'; rule: RuleWords; refusal?: undefined }
  | { status: 'ready'; quote: Quote };

/** Why a quote was refused, in the UI language (the `errors` namespace must be loaded). */
export function quoteRefusalText(state: Extract<QuoteState, { status: 'refused' }>): string {
  return state.rule ? ruleText(state.rule) : sayRefusal(state.refusal);
}

/**
 * A live quote from /rates/calculate for the typed amount, asked 400 ms after the last
 * change, so typing sends one call: the apply form checks the amount against its minimum and
 * maximum, the apply form and the landing page's calculator show it. With the chosen city, so a cash direction outside the city's hours is not quoted.
 */
export function useQuote(assetFrom: string, assetTo: string, amount: string, city: string): QuoteState {
  const value = parseAmount(amount);
  const ready = Number.isFinite(value) && value > 0 && isValidExchangePair(assetFrom, assetTo);
  const quote = useResource(
    ready
      ? async (signal) => {
          await pause(QUOTE_DELAY_MS, signal);
          return calculateQuote({ assetFrom, assetTo, amount: value, ...(city ? { city } : {}) }, signal);
        }
      : null,
    [ready, assetFrom, assetTo, value, city],
  );
  if (!ready) return { status: 'idle' };
  // The previous amount's quote stays in `data` while this one's is asked.
  if (quote.loading) return { status: 'loading' };
  if (quote.error) return refusalOf(quote.error) ?? { status: 'unavailable' };
  return quote.data ? { status: 'ready', quote: quote.data } : { status: 'unavailable' };
}

/** Waits `ms`, or rejects at once when the wait is aborted (a newer amount was typed). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
