import { readRatesTable } from '@functions/data/rates';
import { findHoursInputs, listCityHours } from '@functions/data/working-hours';
import { currencyOfAsset, offeredCurrencies } from '@shared/assets';
import { CRYPTO_ASSET } from '@shared/constants';
import type { SetupChecklist } from '@shared/contract/admin';
import type { GeoTree } from '@shared/geo';
import { readGeoTree } from '../geo/read-tree';
import { settingValue } from '../settings/settings';

/**
 * GET /admin/dashboard/setup, the first-run checklist: what a fresh install still needs, read from what
 * staff have set — never from what the seed wrote, which is the point of each step. It counts what
 * the shop offers: the active directions whose fiat currency some country with a city on offers
 * (a shop restricted to Moscow is not asked for reserves in 40 currencies):
 * - reserves: every currency an offered direction uses has a reserve staff set (the seed's are
 *   placeholders, and the monitors' export refuses them);
 * - publish: at least one offered direction is published to the monitors (none is on a fresh install);
 * - hours: staff set the card hours or some city's hours (the seed's are a template);
 * - notifyEmail: the staff notification address is set;
 * - staffMfa: staff must use a second factor.
 */
export async function setupChecklist(): Promise<SetupChecklist> {
  const [rates, geo, hours, cities, notifyEmail, staffMfa] = await Promise.all([
    readRatesTable(),
    readGeoTree({ activeOnly: true }),
    findHoursInputs(),
    listCityHours(),
    settingValue('staffNotifyEmail'),
    settingValue('staffMfaRequired'),
  ]);
  const fiat = offeredFiat(geo);
  const active = rates.directions.filter(
    (direction) =>
      direction.isActive &&
      [direction.assetFrom, direction.assetTo].every(
        (asset) => asset === CRYPTO_ASSET || fiat.has(currencyOfAsset(asset)),
      ),
  );
  const used = new Set(
    active.flatMap((direction) => [direction.assetFrom, direction.assetTo].map(currencyOfAsset)),
  );
  const setByStaff = rates.reserves.filter(
    (reserve) => used.has(reserve.code) && reserve.updatedBy !== null,
  ).length;
  const published = active.filter((direction) => direction.publishToMonitors).length;
  const hoursSet = hours.card?.updatedBy != null || cities.some((city) => city.updatedBy != null);
  return {
    steps: [
      {
        step: 'reserves',
        done: used.size > 0 && setByStaff === used.size,
        count: { done: setByStaff, of: used.size },
      },
      { step: 'publish', done: published > 0, count: { done: published, of: active.length } },
      { step: 'hours', done: hoursSet, count: null },
      { step: 'notifyEmail', done: notifyEmail !== '', count: null },
      { step: 'staffMfa', done: staffMfa === 1, count: null },
    ],
  };
}

/** The fiat currencies some country with a city on offers (USD, EUR, RUB and its own). */
function offeredFiat(geo: GeoTree): Set<string> {
  return new Set(
    geo.flatMap((continent) =>
      continent.countries
        .filter((country) => country.cities.length > 0)
        .flatMap((country) => offeredCurrencies(country.localCurrency)),
    ),
  );
}
