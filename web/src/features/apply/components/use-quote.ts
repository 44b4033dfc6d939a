import { isValidExchangePair } from '@shared/assets';
import type { Quote } from '@shared/contract/rates';
import { useEffect, useState } from 'react';
import { calculateQuote } from '../api/apply-api';
import { parseAmount } from '../lib/apply-form';

const QUOTE_DELAY_MS = 400;

export type QuoteState = { status: 'idle' | 'loading' | 'unavailable' } | { status: 'ready'; quote: Quote };

/**
 * A live quote from /rates/calculate for the typed amount (spec issue 5), asked 400 ms after the last
 * change: the quote panel shows it, and the form checks the amount against its minimum and maximum.
 * With the chosen city, so a cash direction outside the city's hours is not quoted.
 */
export function useQuote(assetFrom: string, assetTo: string, amount: string, city: string): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const value = parseAmount(amount);
  const ready = Number.isFinite(value) && value > 0 && isValidExchangePair(assetFrom, assetTo);

  useEffect(() => {
    if (!ready) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    const timer = setTimeout(() => {
      calculateQuote(
        { assetFrom, assetTo, amount: value, ...(city ? { city } : {}) },
        controller.signal,
      ).then(
        (quote) => setState(quote ? { status: 'ready', quote } : { status: 'unavailable' }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'unavailable' });
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ready, assetFrom, assetTo, value, city]);

  return state;
}
