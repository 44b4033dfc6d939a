import type { CurrencyValueRecord, DirectionRecord } from '@functions/data/rates';
import { amountDecimals, parseAssetKey } from '@shared/assets';
import type { Quote } from '@shared/contract/rates';

/** The currency an asset is counted in: the fiat code, or USDT for the crypto asset. */
export function currencyOfAsset(assetKey: string): string {
  const parsed = parseAssetKey(assetKey);
  if (!parsed) throw new Error(`Unknown asset ${assetKey}`);
  return parsed.kind === 'crypto' ? 'USDT' : parsed.currency;
}

const floorTo = (value: number, decimals: number) =>
  Math.floor(value * 10 ** decimals + 1e-9) / 10 ** decimals;
const ceilTo = (value: number, decimals: number) => Math.ceil(value * 10 ** decimals - 1e-9) / 10 ** decimals;

/** Units of `to` per unit of `from`: the USD values' ratio, lowered by the direction's markup. */
export function directionRate(
  from: CurrencyValueRecord,
  to: CurrencyValueRecord,
  direction: DirectionRecord,
): number {
  return Number(((from.usdValue / to.usdValue) * (1 - direction.markupPercent / 100)).toPrecision(10));
}

export interface QuoteInputs {
  assetFrom: string;
  assetTo: string;
  amount: number;
  direction: DirectionRecord;
  from: CurrencyValueRecord;
  to: CurrencyValueRecord;
  minApplicationAmountUSD: number;
}

/**
 * What `amount` of `assetFrom` buys. The receive amount is rounded down (the service never pays out
 * more than the rate), the minimum rounded up (paying the shown minimum always suffices).
 */
export function computeQuote(inputs: QuoteInputs): Quote {
  const { assetFrom, assetTo, amount, direction, from, to, minApplicationAmountUSD } = inputs;
  const rate = directionRate(from, to, direction);
  const decimalsFrom = amountDecimals(assetFrom);
  const amountUSD = amount * from.usdValue;
  const minFromSetting = minApplicationAmountUSD / from.usdValue;
  const minAmount = ceilTo(Math.max(minFromSetting, direction.minAmount ?? 0), decimalsFrom);
  const belowMinimum =
    amountUSD < minApplicationAmountUSD - 1e-9 ||
    (direction.minAmount !== null && amount < direction.minAmount);
  return {
    assetFrom,
    assetTo,
    currencyFrom: from.code,
    currencyTo: to.code,
    amount,
    amountTo: floorTo(amount * rate, amountDecimals(assetTo)),
    rate,
    markupPercent: direction.markupPercent,
    usdValueFrom: from.usdValue,
    usdValueTo: to.usdValue,
    amountUSD: Math.round(amountUSD * 100) / 100,
    minAmount,
    minAmountUSD: minApplicationAmountUSD,
    maxAmount: direction.maxAmount,
    belowMinimum,
    aboveMaximum: direction.maxAmount !== null && amount > direction.maxAmount,
    updatedAt: [direction.updatedAt, from.updatedAt, to.updatedAt].sort().at(-1)!,
  };
}

/** Amounts in messages: grouped thousands, up to the asset's decimals. */
