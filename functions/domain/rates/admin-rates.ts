import type { RatesData } from '@shared/contract/rates';
import { namesOf } from '../staff-users/names';
import { allRates } from './rates';

/**
 * GET /admin/rates: the whole table (allRates) with the name of the staff member who last changed
 * each currency value, direction and reserve beside their id (`updatedByName`: username, else email;
 * null for the seed), so the page shows a name staff recognise, never a UUID.
 */
export async function allRatesForStaff(now = new Date()): Promise<RatesData> {
  const data = await allRates(now);
  const nameOf = await namesOf([
    ...data.currencies.map((row) => row.updatedBy),
    ...data.directions.map((row) => row.updatedBy),
    ...data.reserves.map((row) => row.updatedBy),
  ]);
  return {
    ...data,
    currencies: data.currencies.map((row) => ({ ...row, updatedByName: nameOf(row.updatedBy) })),
    directions: data.directions.map((row) => ({ ...row, updatedByName: nameOf(row.updatedBy) })),
    reserves: data.reserves.map((row) => ({ ...row, updatedByName: nameOf(row.updatedBy) })),
  };
}
