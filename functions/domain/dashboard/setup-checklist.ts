import { readRatesTable } from '@functions/data/rates';
import { findHoursInputs, listCityHours } from '@functions/data/working-hours';
import { currencyOfAsset } from '@shared/assets';
import type { SetupChecklist } from '@shared/contract/admin';
import { settingValue } from '../settings/settings';

/**
 * GET /admin/dashboard/setup, the first-run checklist: what a fresh install still needs, read from what
 * staff have set — never from what the seed wrote, which is the point of each step:
 * - reserves: every currency an active direction uses has a reserve staff set (the seed's are
 *   placeholders, and the monitors' export refuses them);
 * - publish: at least one direction is published to the monitors (none is on a fresh install);
 * - hours: staff set the card hours or some city's hours (the seed's are a template);
 * - notifyEmail: the staff notification address is set;
 * - staffMfa: staff must use a second factor.
 */
export async function setupChecklist(): Promise<SetupChecklist> {
  const [rates, hours, cities, notifyEmail, staffMfa] = await Promise.all([
    readRatesTable(),
    findHoursInputs(),
    listCityHours(),
    settingValue('staffNotifyEmail'),
    settingValue('staffMfaRequired'),
  ]);
  const active = rates.directions.filter((direction) => direction.isActive);
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
