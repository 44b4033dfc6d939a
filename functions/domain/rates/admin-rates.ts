import type { RatesData } from '@shared/contract/rates';
import { namesOf } from '../staff-users/names';
import { allRates, putRates } from './rates';

/**
 * The rates table as staff read it: beside each staff id, the name of who last changed each
 * currency value, direction and reserve, and who typed a fixed rate (`updatedByName`,
 * `typedByName`: username, else email; null for the seed), so the page shows a name staff
 * recognise, never a UUID.
 */
async function withStaffNames(data: RatesData): Promise<RatesData> {
  const nameOf = await namesOf([
    ...data.currencies.map((row) => row.updatedBy),
    ...data.directions.flatMap((row) => [row.updatedBy, row.fixedRate?.typedBy]),
    ...data.reserves.map((row) => row.updatedBy),
  ]);
  return {
    ...data,
    currencies: data.currencies.map((row) => ({ ...row, updatedByName: nameOf(row.updatedBy) })),
    directions: data.directions.map((row) => ({
      ...row,
      updatedByName: nameOf(row.updatedBy),
      fixedRate: row.fixedRate && { ...row.fixedRate, typedByName: nameOf(row.fixedRate.typedBy) },
    })),
    reserves: data.reserves.map((row) => ({ ...row, updatedByName: nameOf(row.updatedBy) })),
  };
}

/** GET /admin/rates: the whole table (allRates) with staff's names. */
export async function allRatesForStaff(now = new Date()): Promise<RatesData> {
  return withStaffNames(await allRates(now));
}

/** PUT /admin/rates: the change (putRates), answering the table with staff's names, as GET does. */
export async function putRatesForStaff(...change: Parameters<typeof putRates>) {
  const { changed, rates } = await putRates(...change);
  return { changed, rates: await withStaffNames(rates) };
}
