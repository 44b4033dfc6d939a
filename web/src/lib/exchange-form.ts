import { directionKey, isValidExchangePair, offeredFiatAssets, parseAssetKey } from '@shared/assets';
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

/**
 * Which kinds of fiat are offered now (docs/product.md §4 "Working hours"): cash while the chosen
 * city is open, card while the card schedule is; neither in maintenance. Before a city is chosen,
 * cash counts as open.
 */
export interface OpenKinds {
  cash: boolean;
  card: boolean;
  /**
   * The directions published now (`directionKey`, GET /rates: switched on and priced): an asset without
   * one is not offered (issue 40, defect 14). Absent or null while not known: every asset is.
   */
  published?: ReadonlySet<string> | null;
}
export const ALL_OPEN: OpenKinds = { cash: true, card: true };

/** Whether a direction may be offered: published, or nothing known of what is. */
const isPublished = (open: OpenKinds, assetFrom: string, assetTo: string) =>
  !open.published || open.published.has(directionKey(assetFrom, assetTo));

/**
 * The fiat assets offered for the country whose kind is open now, and given (`give`) or received
 * (`receive`) for USDT by a published direction.
 */
function openFiatAssets(localCurrency: string | null, open: OpenKinds, side: 'give' | 'receive'): string[] {
  return offeredFiatAssets(localCurrency).filter((asset) => {
    const parsed = parseAssetKey(asset);
    const [from, to] = side === 'give' ? [asset, CRYPTO_ASSET] : [CRYPTO_ASSET, asset];
    return parsed?.kind === 'fiat' && open[parsed.fiatKind] && isPublished(open, from, to);
  });
}

/**
 * Give options: cash and card in USD, EUR, RUB and the country's currency (those open now and
 * published), then USDT unless no direction buys fiat with it.
 */
export function giveOptions(localCurrency: string | null, open: OpenKinds = ALL_OPEN): string[] {
  const { published } = open;
  const buysFiat =
    !published ||
    offeredFiatAssets(localCurrency).some((asset) => published.has(directionKey(CRYPTO_ASSET, asset)));
  return [...openFiatAssets(localCurrency, open, 'give'), ...(buysFiat ? [CRYPTO_ASSET] : [])];
}

/** A crypto source allows only fiat destinations; a fiat source only the crypto asset. */
export function receiveOptions(
  assetFrom: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): string[] {
  return parseAssetKey(assetFrom)?.kind === 'crypto'
    ? openFiatAssets(localCurrency, open, 'receive')
    : [CRYPTO_ASSET];
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
 * a kind that closed becomes its currency of the other kind. With nothing offered at all (city and
 * card closed, or no direction published), the pair stays as it is: the form cannot be sent then.
 */
export function normalizePair(
  assetFrom: string,
  assetTo: string,
  localCurrency: string | null,
  open: OpenKinds = ALL_OPEN,
): Pick<StandardForm, 'assetFrom' | 'assetTo'> {
  const give = giveOptions(localCurrency, open);
  const usdtBuys = openFiatAssets(localCurrency, open, 'receive');
  if (give.every((asset) => asset === CRYPTO_ASSET) && usdtBuys.length === 0) return { assetFrom, assetTo };
  const fallback = give.includes(INITIAL_STANDARD_FORM.assetFrom)
    ? INITIAL_STANDARD_FORM.assetFrom
    : give[0]!;
  const from = sameOrSibling(assetFrom, give) ?? fallback;
  const destinations = receiveOptions(from, localCurrency, open);
  const kept = sameOrSibling(assetTo, destinations);
  if (kept && isValidExchangePair(from, kept)) return { assetFrom: from, assetTo: kept };
  const to = destinations.length === 1 ? destinations[0]! : preferredFiat(localCurrency, destinations);
  return { assetFrom: from, assetTo: to };
}

/**
 * The form with its pair moved to one offered under `open` (the published directions arrived, a
 * kind closed): the same object when it already is, so a check of the untouched form still holds.
 */
export function withOfferedPair<T extends StandardForm>(
  form: T,
  localCurrency: string | null,
  open: OpenKinds,
): T {
  const pair = normalizePair(form.assetFrom, form.assetTo, localCurrency, open);
  return pair.assetFrom === form.assetFrom && pair.assetTo === form.assetTo ? form : { ...form, ...pair };
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
export function selectPlace(
  tree: GeoTree,
  form: StandardForm,
  cityKey: string,
  open: OpenKinds = ALL_OPEN,
): StandardForm {
  const place = findCity(tree, cityKey);
  if (!place) return selectContinent(form, '');
  const { localCurrency } = place.country;
  const inCountry =
    form.country === place.country.key
      ? form
      : selectCountry({ ...form, continent: place.continent }, place.country.key, localCurrency, open);
  return selectCity(inCountry, cityKey, localCurrency, open);
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
