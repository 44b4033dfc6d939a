import { StateConflict } from '@functions/commons/errors';
import type { ReserveRecord } from '@functions/data/reserves';
import { currencyOfAsset } from '@shared/assets';

/**
 * A direction is switched on for the monitors while a side's reserve is still the seed's (or not
 * kept at all): the file would advertise an amount the office never confirmed.
 */
export class ReserveNotSetByStaff extends StateConflict {
  constructor(assetFrom: string, assetTo: string, currencies: string[]) {
    super(
      `Set the reserve of ${currencies.join(' and ')} before publishing ${assetFrom} → ${assetTo} to the rate monitors.`,
      { params: { assetFrom, assetTo, currencies: currencies.join(', ') } },
    );
  }
}

/**
 * Refuses switching a direction's `publishToMonitors` on while either side's reserve was never set
 * by staff: a reserve is staff's once PUT /admin/reserves wrote it (its `updatedBy` is a staff id;
 * the seed writes none and a completion's move keeps it).
 */
export function checkPublishable(
  direction: { assetFrom: string; assetTo: string },
  reserves: ReadonlyMap<string, Pick<ReserveRecord, 'updatedBy'>>,
): void {
  const unset = [...new Set([direction.assetFrom, direction.assetTo].map(currencyOfAsset))].filter(
    (code) => (reserves.get(code)?.updatedBy ?? null) === null,
  );
  if (unset.length > 0) throw new ReserveNotSetByStaff(direction.assetFrom, direction.assetTo, unset);
}
