import { isValidExchangePair, offeredFiatAssets, parseAssetKey } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import { type GeoCity, type GeoContinent, type GeoCountry, type GeoTree, geoAncestry } from '@shared/geo';

/**
 * A standard application's choices and their transitions (docs/product.md §4 "Application form"):
 * continent → country → city cascade over active nodes, and a give/receive pair that is always one
 * fiat asset and USDT. The apply form and the landing page's quote calculator share them, so a
 * quote carried from one to the other follows the same rules.
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

/** The local currency of the selected country, if any. */
export function localCurrencyOf(tree: GeoTree, form: StandardForm): string | null {
  return findCountry(tree, form.continent, form.country)?.localCurrency ?? null;
}

/** Give options: cash and card in USD, EUR, RUB and the country's currency, then USDT. */
export function giveOptions(localCurrency: string | null): string[] {
  return [...offeredFiatAssets(localCurrency), CRYPTO_ASSET];
}

/** A crypto source allows only fiat destinations; a fiat source only the crypto asset. */
export function receiveOptions(assetFrom: string, localCurrency: string | null): string[] {
  return parseAssetKey(assetFrom)?.kind === 'crypto' ? offeredFiatAssets(localCurrency) : [CRYPTO_ASSET];
}

function preferredFiat(localCurrency: string | null): string {
  const offered = offeredFiatAssets(localCurrency);
  const card = localCurrency ? `card-${localCurrency}` : null;
  return card && offered.includes(card) ? card : offered[0]!;
}

/** Keeps the pair valid for the offered options: the source first, then the destination. */
export function normalizePair(
  assetFrom: string,
  assetTo: string,
  localCurrency: string | null,
): Pick<StandardForm, 'assetFrom' | 'assetTo'> {
  const from = giveOptions(localCurrency).includes(assetFrom) ? assetFrom : INITIAL_STANDARD_FORM.assetFrom;
  const destinations = receiveOptions(from, localCurrency);
  if (destinations.includes(assetTo) && isValidExchangePair(from, assetTo))
    return { assetFrom: from, assetTo };
  const to = destinations.length === 1 ? destinations[0]! : preferredFiat(localCurrency);
  return { assetFrom: from, assetTo: to };
}

export function selectContinent(form: StandardForm, continent: string): StandardForm {
  return { ...form, continent, country: '', city: '', ...normalizePair(form.assetFrom, form.assetTo, null) };
}

/**
 * Resets the city and switches the source to the card of the country's local currency when that
 * option exists; the destination follows so the pair stays valid.
 */
export function selectCountry(
  form: StandardForm,
  country: string,
  localCurrency: string | null,
): StandardForm {
  const card = localCurrency ? `card-${localCurrency}` : null;
  const assetFrom = card && giveOptions(localCurrency).includes(card) ? card : form.assetFrom;
  return { ...form, country, city: '', ...normalizePair(assetFrom, form.assetTo, localCurrency) };
}

export function selectCity(form: StandardForm, city: string): StandardForm {
  return { ...form, city };
}

/** The active city of a dotted key with its continent key and its (active) country, or null. */
export function findCity(
  tree: GeoTree,
  cityKey: string,
): { continent: string; country: GeoCountry; city: GeoCity } | null {
  const [continent, countryKey, key] = geoAncestry(cityKey);
  if (!continent || !countryKey || key !== cityKey) return null;
  const country = findCountry(tree, continent, countryKey);
  const city = country?.cities.find((node) => node.key === cityKey && node.isActive);
  return country && city ? { continent, country, city } : null;
}

/**
 * The place chosen in one select of cities (the calculator): the city sets its continent and
 * country too, with the country's rule for the give asset when the country changes; a key that
 * is no active city clears the place.
 */
export function selectPlace(tree: GeoTree, form: StandardForm, cityKey: string): StandardForm {
  const place = findCity(tree, cityKey);
  if (!place) return selectContinent(form, '');
  const inCountry =
    form.country === place.country.key
      ? form
      : selectCountry(
          { ...form, continent: place.continent },
          place.country.key,
          place.country.localCurrency,
        );
  return selectCity(inCountry, cityKey);
}

/** What the calculator carries to the apply form: the place as its city, the pair and the amount as typed. */
export type ExchangeChoice = Pick<StandardForm, 'city' | 'assetFrom' | 'assetTo' | 'amount'>;

/**
 * The form a carried choice opens with: its city while still offered (else no place), its pair
 * kept valid for that city's country, its amount as typed.
 */
export function formFromChoice(tree: GeoTree, choice: ExchangeChoice): StandardForm {
  const placed = selectPlace(tree, INITIAL_STANDARD_FORM, choice.city);
  const pair = normalizePair(choice.assetFrom, choice.assetTo, localCurrencyOf(tree, placed));
  return { ...placed, ...pair, amount: choice.amount };
}

export function selectAssetFrom(
  form: StandardForm,
  assetFrom: string,
  localCurrency: string | null,
): StandardForm {
  return { ...form, ...normalizePair(assetFrom, form.assetTo, localCurrency) };
}

export function selectAssetTo(
  form: StandardForm,
  assetTo: string,
  localCurrency: string | null,
): StandardForm {
  return { ...form, ...normalizePair(form.assetFrom, assetTo, localCurrency) };
}

/** Give becomes receive and the other way round; still a valid pair. */
export function swapAssets(form: StandardForm, localCurrency: string | null): StandardForm {
  return { ...form, ...normalizePair(form.assetTo, form.assetFrom, localCurrency) };
}

/** Accepts a comma as the decimal separator; NaN when the text is not a number. */
export function parseAmount(text: string): number {
  const normalized = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^\d*\.?\d+$|^\d+\.$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}
