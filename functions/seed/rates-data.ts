import { FIAT_KINDS, fiatAssetKey } from '@shared/assets';
import { BASE_FIAT_CURRENCIES, CRYPTO_ASSET } from '@shared/constants';
import { divideSignificant, multiply, significant, toNumber } from '@shared/money';
import {
  currencyValueItem,
  DEFAULT_MARKET_PRICE,
  DEFAULT_MAX_AGE_MINUTES,
  directionItem,
  ratesMetaItem,
} from '../data/rates';
import { reserveItem } from '../data/reserves';
import { GEO_SEED } from './geo-data';

/**
 * Plausible default USD values (what one unit is worth in USD) for every currency the geo seed
 * offers, so a fresh local stack quotes and accepts applications at once. Staff change them
 * with PUT /admin/rates; the seed never overwrites.
 */
export const SEED_USD_VALUES: Record<string, number> = {
  USDT: 1,
  USD: 1,
  EUR: 1.08,
  RUB: 0.011,
  AED: 0.2723,
  AMD: 0.00258,
  ARS: 0.0011,
  AZN: 0.588,
  BRL: 0.18,
  BYN: 0.305,
  CAD: 0.73,
  CHF: 1.12,
  CLP: 0.00106,
  CNY: 0.138,
  COP: 0.00025,
  CZK: 0.043,
  DOP: 0.0167,
  EGP: 0.0205,
  GBP: 1.27,
  GEL: 0.365,
  IDR: 0.0000625,
  ILS: 0.27,
  INR: 0.012,
  JPY: 0.0066,
  KES: 0.0077,
  KGS: 0.0115,
  KRW: 0.00073,
  KZT: 0.0021,
  MAD: 0.1,
  MDL: 0.056,
  MXN: 0.055,
  MYR: 0.22,
  NGN: 0.00065,
  OMR: 2.6,
  PEN: 0.265,
  PLN: 0.25,
  QAR: 0.2747,
  RSD: 0.0092,
  SAR: 0.2666,
  THB: 0.0285,
  TJS: 0.093,
  TRY: 0.03,
  TZS: 0.00038,
  UZS: 0.000079,
  VND: 0.0000395,
  ZAR: 0.054,
};

/**
 * Seeded reserves: what a small office might hold, about 100,000 USD worth of each fiat currency
 * (two significant digits) and 250,000 USDT, with the alert level at a tenth of it. Staff set the
 * real amounts with PUT /admin/reserves; the seed never overwrites.
 */
const SEED_RESERVE_USD = 100_000;
const SEED_USDT_RESERVE = 250_000;
const SEED_ALERT_SHARE = 0.1;

export function seedReserve(code: string): { amount: number; alertLevel: number } {
  const amount =
    code === 'USDT'
      ? SEED_USDT_RESERVE
      : toNumber(divideSignificant(SEED_RESERVE_USD, SEED_USD_VALUES[code]!, 2));
  return { amount, alertLevel: toNumber(significant(multiply(amount, SEED_ALERT_SHARE), 2)) };
}

/** Markup of the seeded directions, in percent: cash costs a little more to handle than card. */
const SEED_MARKUP = { cash: 2, card: 1.5 } as const;

/** Every fiat currency the apply form can offer: USD, EUR, RUB and each seeded country's currency. */
export function offeredSeedCurrencies(): string[] {
  const local = GEO_SEED.flatMap((continent) => continent.countries.map((country) => country.localCurrency));
  return [...new Set([...BASE_FIAT_CURRENCIES, ...local])].sort();
}

export function rateSeedItems(now: Date): Record<string, unknown>[] {
  const at = now.toISOString();
  const currencies = ['USDT', ...offeredSeedCurrencies()].filter(
    (code) => SEED_USD_VALUES[code] !== undefined,
  );
  const directions = offeredSeedCurrencies().flatMap((currency) =>
    FIAT_KINDS.flatMap((kind) => {
      const fiat = fiatAssetKey(kind, currency);
      const terms = {
        source: 'manual' as const,
        fixedRate: null,
        markupPercent: SEED_MARKUP[kind],
        marketPrice: DEFAULT_MARKET_PRICE,
        minRate: null,
        maxRate: null,
        maxAgeMinutes: DEFAULT_MAX_AGE_MINUTES,
        minAmount: null,
        maxAmount: null,
        isActive: true,
        // Nothing reaches the monitors until staff set the reserves and publish a direction.
        publishToMonitors: false,
        monitorCode: null,
      };
      return [
        { assetFrom: fiat, assetTo: CRYPTO_ASSET, ...terms },
        { assetFrom: CRYPTO_ASSET, assetTo: fiat, ...terms },
      ];
    }),
  );
  return [
    ratesMetaItem(at, null),
    ...currencies.map((code) =>
      // A till pays whole units of a fiat currency until staff set its step (10 EUR, 100 RUB).
      currencyValueItem({
        code,
        usdValue: SEED_USD_VALUES[code]!,
        cashStep: code === 'USDT' ? null : 1,
        updatedAt: at,
        updatedBy: null,
      }),
    ),
    ...directions.map((direction) => directionItem({ ...direction, updatedAt: at, updatedBy: null })),
    ...currencies.map((code) =>
      reserveItem({
        code,
        ...seedReserve(code),
        alertState: 'armed',
        alertedAt: null,
        version: 1,
        updatedAt: at,
        updatedBy: null,
      }),
    ),
  ];
}
