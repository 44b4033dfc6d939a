import type { GeoTree } from '@shared/geo';
import { directionOfMonitorLink } from '@shared/monitor-codes';
import {
  localCurrencyOf,
  normalizePair,
  type OpenKinds,
  type StandardForm,
  selectPlace,
} from './exchange-form';
import type { PublicDirection } from './published-directions';

/** What a rate monitor's deep link names: its currency codes and, for cash, its city code. */
export interface MonitorLink {
  readonly curFrom: string;
  readonly curTo: string;
  readonly city: string | null;
}

/** The deep link in a page's query (`?cur_from=SBERRUB&cur_to=USDTTRC20&city=MSK`), or null. */
export function monitorLinkOf(search: string): MonitorLink | null {
  const params = new URLSearchParams(search);
  const curFrom = params.get('cur_from')?.trim();
  const curTo = params.get('cur_to')?.trim();
  if (!curFrom || !curTo) return null;
  return { curFrom, curTo, city: params.get('city')?.trim() || null };
}

/**
 * The calculator's form as a monitor's deep link chooses it (docs/product.md §10 "Deep links"):
 * the published direction listed under its codes, in the active city of its city code when it
 * names one. Null when no published direction is listed under them: the form stays as it was.
 * The pair still follows the form's rules for that city (a kind closed there is not chosen).
 */
export function formFromMonitorLink(
  link: MonitorLink,
  form: StandardForm,
  tree: GeoTree,
  directions: readonly PublicDirection[],
  openIn: (cityKey: string) => OpenKinds,
): StandardForm | null {
  const direction = directionOfMonitorLink(directions, link.curFrom, link.curTo);
  if (!direction) return null;
  const cityKey = link.city ? cityKeyOfCode(tree, link.city) : null;
  const placed = cityKey ? selectPlace(tree, form, cityKey, openIn(cityKey)) : form;
  return {
    ...placed,
    ...normalizePair(
      direction.assetFrom,
      direction.assetTo,
      localCurrencyOf(tree, placed),
      openIn(placed.city),
    ),
  };
}

/** The active city whose monitors' code is `code` (any case), in an active country and continent. */
function cityKeyOfCode(tree: GeoTree, code: string): string | null {
  const wanted = code.toUpperCase();
  for (const continent of tree) {
    if (!continent.isActive) continue;
    for (const country of continent.countries) {
      if (!country.isActive) continue;
      const city = country.cities.find((node) => node.isActive && node.code === wanted);
      if (city) return city.key;
    }
  }
  return null;
}
