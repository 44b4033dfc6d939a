import { readQuoteInputs } from '@functions/data/rates';
import { currencyOfAsset } from '@shared/assets';
import type { RateSnapshot } from '@shared/contract/applications';
import type { Quote } from '@shared/contract/rates';
import { exactRateOf } from '@shared/exact-rate';
import { settingValue } from '../settings/settings';
import { cashStepOf, computeQuote } from './quote';
import { NoRatePublished } from './rates';

/**
 * What `amount` buys at a deal's own rate (its snapshot; a typed rate exactly as typed), for a deal
 * recalculated to what arrived (docs/product.md §4 "Wrong payments"): rounded as a quote rounds
 * (down, in cash to the till's step), worth the deal's USD value, judged against today's minimum of
 * the direction. No reserve limit here: the payout is checked against it when the deal completes.
 */
export async function quoteAtDealRate(
  deal: { assetFrom: string; assetTo: string; rate: RateSnapshot },
  amount: number,
): Promise<Quote> {
  const { assetFrom, assetTo, rate: snapshot } = deal;
  const currencyFrom = currencyOfAsset(assetFrom);
  const currencyTo = currencyOfAsset(assetTo);
  const [inputs, minApplicationAmountUSD] = await Promise.all([
    readQuoteInputs(assetFrom, assetTo, currencyFrom, currencyTo),
    settingValue('minApplicationAmountUSD'),
  ]);
  const exactRate = exactRateOf({ assetFrom, rate: snapshot.rate, fixedRate: snapshot.fixedRate ?? null });
  if (!inputs.direction || !exactRate) throw new NoRatePublished(assetFrom, assetTo);
  return computeQuote({
    assetFrom,
    assetTo,
    amount,
    direction: inputs.direction,
    from: { code: currencyFrom, usdValue: snapshot.usdValueFrom, at: snapshot.quotedAt },
    to: { code: currencyTo, usdValue: snapshot.usdValueTo, at: snapshot.quotedAt },
    rate: snapshot.rate,
    exactRate,
    minApplicationAmountUSD,
    reserve: null,
    cashStep: cashStepOf(assetTo, inputs.to),
  });
}
