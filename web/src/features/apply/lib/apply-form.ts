import { isValidExchangePair, offeredFiatAssets, parseAssetKey } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import type { GeoCity, GeoContinent, GeoCountry, GeoTree } from '@shared/geo';

/**
 * The standard form's state and its transitions (docs/product.md §4 "Application form"): continent → country
 * → city cascade over active nodes, and a give/receive pair that is always one fiat asset and USDT.
 */
export interface StandardForm {
  continent: string;
  country: string;
  city: string;
  assetFrom: string;
  assetTo: string;
  amount: string;
}

export const INITIAL_STANDARD_FORM: StandardForm = {
  continent: '',
  country: '',
  city: '',
  assetFrom: 'cash-USD',
  assetTo: CRYPTO_ASSET,
  amount: '',
};

export function findContinent(tree: GeoTree, key: string): GeoContinent | undefined {
  return tree.find((continent) => continent.key === key && continent.isActive);
}

export function findCountry(tree: GeoTree, continentKey: string, key: string): GeoCountry | undefined {
  return findContinent(tree, continentKey)?.countries.find(
    (country) => country.key === key && country.isActive,
  );
}

export function findCity(
  tree: GeoTree,
  form: Pick<StandardForm, 'continent' | 'country'>,
  key: string,
): GeoCity | undefined {
  return findCountry(tree, form.continent, form.country)?.cities.find(
    (city) => city.key === key && city.isActive,
  );
}

/** The local currency of the selected country, if any. */
export function localCurrencyOf(tree: GeoTree, form: StandardForm): string | null {
  return findCountry(tree, form.continent, form.country)?.localCurrency ?? null;
}

/**
 * Which kinds of fiat are offered now (docs/product.md §4 "Working hours"): cash while the chosen
 * city is open, card while the card schedule is; neither in maintenance. Before a city is chosen,
 * cash counts as open.
 */
export interface OpenKinds {
  cash: boolean;
  card: boolean;
}
export const ALL_OPEN: OpenKinds = { cash: true, card: true };

/** The fiat assets offered for the country whose kind is open now. */
function openFiatAssets(localCurrency: string | null, open: OpenKinds): string[] {
  return offeredFiatAssets(localCurrency).filter((asset) => {
    const parsed = parseAssetKey(asset);
    return parsed?.kind === 'fiat' && open[parsed.fiatKind];
  });
}

/** Give options: cash and card in USD, EUR, RUB and the country's currency (those open now), then USDT. */
export function giveOptions(localCurrency: string | null, open: OpenKinds = ALL_OPEN): string[] {
  return [...openFiatAssets(localCurrency, open), CRYPTO_ASSET];
}

/** A crypto source allows only fiat destinations; a fiat source only the crypto asset. */
export function receiveOptions(
  assetFrom: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): string[] {
  return parseAssetKey(assetFrom)?.kind === 'crypto' ? openFiatAssets(localCurrency, open) : [CRYPTO_ASSET];
}

function preferredFiat(localCurrency: string | null, offered: string[]): string {
  const card = localCurrency ? `card-${localCurrency}` : null;
  return card && offered.includes(card) ? card : offered[0]!;
}

/** The asset if offered, else the same currency of the other kind (cash ⇄ card) if that is. */
function sameOrSibling(asset: string, offered: string[]): string | undefined {
  if (offered.includes(asset)) return asset;
  const parsed = parseAssetKey(asset);
  if (parsed?.kind !== 'fiat') return undefined;
  const sibling = `${parsed.fiatKind === 'cash' ? 'card' : 'cash'}-${parsed.currency}`;
  return offered.includes(sibling) ? sibling : undefined;
}

/**
 * Keeps the pair valid for the offered options: the source first, then the destination. An asset of
 * a kind that closed becomes its currency of the other kind. With no fiat offered at all (city and
 * card closed), the pair stays as it is: the form cannot be sent then.
 */
export function normalizePair(
  assetFrom: string,
  assetTo: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): Pick<StandardForm, 'assetFrom' | 'assetTo'> {
  const fiat = openFiatAssets(localCurrency, open);
  if (fiat.length === 0) return { assetFrom, assetTo };
  const give = giveOptions(localCurrency, open);
  const fallback = give.includes(INITIAL_STANDARD_FORM.assetFrom)
    ? INITIAL_STANDARD_FORM.assetFrom
    : give[0]!;
  const from = sameOrSibling(assetFrom, give) ?? fallback;
  const destinations = receiveOptions(from, localCurrency, open);
  const kept = sameOrSibling(assetTo, destinations);
  if (kept && isValidExchangePair(from, kept)) return { assetFrom: from, assetTo: kept };
  const to = destinations.length === 1 ? destinations[0]! : preferredFiat(localCurrency, fiat);
  return { assetFrom: from, assetTo: to };
}

export function selectContinent(
  form: StandardForm,
  continent: string,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  return {
    ...form,
    continent,
    country: '',
    city: '',
    ...normalizePair(form.assetFrom, form.assetTo, null, open),
  };
}

/**
 * Resets the city and switches the source to the card of the country's local currency when that
 * option exists; the destination follows so the pair stays valid.
 */
export function selectCountry(
  form: StandardForm,
  country: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  const card = localCurrency ? `card-${localCurrency}` : null;
  const assetFrom = card && giveOptions(localCurrency, open).includes(card) ? card : form.assetFrom;
  return { ...form, country, city: '', ...normalizePair(assetFrom, form.assetTo, localCurrency, open) };
}

/** A new city may have other hours: the pair moves off a kind that is closed there. */
export function selectCity(
  form: StandardForm,
  city: string,
  localCurrency: string | null = null,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  return { ...form, city, ...normalizePair(form.assetFrom, form.assetTo, localCurrency, open) };
}

export function selectAssetFrom(
  form: StandardForm,
  assetFrom: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  return { ...form, ...normalizePair(assetFrom, form.assetTo, localCurrency, open) };
}

export function selectAssetTo(
  form: StandardForm,
  assetTo: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  return { ...form, ...normalizePair(form.assetFrom, assetTo, localCurrency, open) };
}

/** Give becomes receive and the other way round; still a valid pair. */
export function swapAssets(
  form: StandardForm,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  return { ...form, ...normalizePair(form.assetTo, form.assetFrom, localCurrency, open) };
}

/** Accepts a comma as the decimal separator; NaN when the text is not a number. */
export function parseAmount(text: string): number {
  const normalized = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^\d*\.?\d+$|^\d+\.$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}

export type StandardField = 'continent' | 'country' | 'city' | 'amount' | 'contactTelegram';
