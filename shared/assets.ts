import * as z from 'zod/mini';
import { BASE_FIAT_CURRENCIES, CRYPTO_ASSET } from './constants';
import { schema } from './schema';

/**
 * Asset keys are `{type}-{code}`: fiat as `cash-USD` / `card-EUR`, the one crypto asset as `usdt-trc20`.
 * Fiat codes are ISO 4217 (three upper-case letters).
 */
export const FIAT_KINDS = ['cash', 'card'] as const;
export type FiatKind = (typeof FIAT_KINDS)[number];
export const currencyCodeSchema = /* @__PURE__ */ schema(() =>
  z.string().check(z.regex(/^[A-Z]{3}$/, 'currencyCode')),
);

/** Codes that carry a USD value and a reserve: ISO 4217 fiat codes and USDT (the crypto asset). */
export const valuedCurrencySchema = /* @__PURE__ */ schema(() =>
  z.union([currencyCodeSchema, z.literal('USDT')]),
);

const FIAT_KEY_PATTERN = /^(cash|card)-([A-Z]{3})$/;

export type ParsedAsset =
  | { kind: 'fiat'; fiatKind: FiatKind; currency: string }
  | { kind: 'crypto'; code: 'USDT' };

export function parseAssetKey(key: string): ParsedAsset | null {
  if (key === CRYPTO_ASSET) return { kind: 'crypto', code: 'USDT' };
  const match = FIAT_KEY_PATTERN.exec(key);
  if (!match) return null;
  return { kind: 'fiat', fiatKind: match[1] as FiatKind, currency: match[2]! };
}

/** The currency an asset is counted in (its reserve's): the fiat code, or USDT for the crypto asset. */
export function currencyOfAsset(assetKey: string): string {
  const parsed = parseAssetKey(assetKey);
  if (!parsed) throw new Error(`Unknown asset ${assetKey}`);
  return parsed.kind === 'crypto' ? 'USDT' : parsed.currency;
}

/** USDT's decimals (TRC-20's base unit, a micro-USDT): chain values are integers of these. */
export const USDT_DECIMALS = 6;

/** Decimal places an amount in this asset may have: cents for fiat, micro-units for USDT. */
export function amountDecimals(assetKey: string): number {
  return assetKey === CRYPTO_ASSET ? USDT_DECIMALS : 2;
}

/**
 * Decimal places an amount shows in quotes and lists, fiat and USDT alike: a quote rounds its
 * receive amount down and its minimum up to them; the web writes every amount with them.
 */
export const SHOWN_DECIMALS = 2;

/** Decimal places of an amount of a currency (a reserve): as its assets', micro-units for USDT, cents for fiat. */
export function currencyDecimals(code: string): number {
  return code === 'USDT' ? 6 : 2;
}

function plainNumber(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, useGrouping: false });
}

/** An amount as the API's messages write it: its asset's decimals at most, a dot, no grouping. */
export function plainAmount(value: number, assetKey: string): string {
  return plainNumber(value, amountDecimals(assetKey));
}

/** An amount of a currency (a reserve) as the API's messages write it, with its code. */
export function plainCurrencyAmount(value: number, code: string): string {
  return `${plainNumber(value, currencyDecimals(code))} ${code}`;
}

export const assetKeySchema = /* @__PURE__ */ schema(() =>
  z.string().check(z.refine((key) => parseAssetKey(key) !== null, 'assetKey')),
);

export function fiatAssetKey(fiatKind: FiatKind, currency: string): string {
  return `${fiatKind}-${currency}`;
}

/** The label shown for an asset: `Cash USD`, `Card EUR`, `USDT (TRC-20)`; unknown keys upper-cased. */
export function assetLabel(
  key: string,
  fiatKindLabels: Record<FiatKind, string> = { cash: 'Cash', card: 'Card' },
) {
  const parsed = parseAssetKey(key);
  if (!parsed) return key.toUpperCase();
  if (parsed.kind === 'crypto') return 'USDT (TRC-20)';
  return `${fiatKindLabels[parsed.fiatKind]} ${parsed.currency}`;
}

/** Fiat currencies offered for a country: USD, EUR, RUB and the country's local currency. */
export function offeredCurrencies(localCurrency?: string | null): string[] {
  const currencies: string[] = [...BASE_FIAT_CURRENCIES];
  if (localCurrency && !currencies.includes(localCurrency)) currencies.push(localCurrency);
  return currencies;
}

/** Every fiat asset key offered for a country, cash first. */
export function offeredFiatAssets(localCurrency?: string | null): string[] {
  return offeredCurrencies(localCurrency).flatMap((currency) =>
    FIAT_KINDS.map((fiatKind) => fiatAssetKey(fiatKind, currency)),
  );
}

/** An exchange pairs exactly one fiat asset with the crypto asset. */
export function isValidExchangePair(assetFrom: string, assetTo: string): boolean {
  const from = parseAssetKey(assetFrom);
  const to = parseAssetKey(assetTo);
  if (!from || !to) return false;
  return (from.kind === 'crypto') !== (to.kind === 'crypto');
}

/** How a direction is named where it is one key (a MANAGER's scope, the offered pairs): `cash-USD→usdt-trc20`. */
export const DIRECTION_SEPARATOR = '→';

export function directionKey(assetFrom: string, assetTo: string): string {
  return `${assetFrom}${DIRECTION_SEPARATOR}${assetTo}`;
}
