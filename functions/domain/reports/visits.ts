import { currentRequestOrigin } from '@functions/commons/request-origin';
import { partnerDayItem } from '@functions/data/partners';
import { ALL, rollupParts } from '@functions/data/report-rollups';
import { hitWindow } from '@functions/data/throttle';
import { Transaction } from '@functions/data/transactions';
import { businessDayOf } from '@shared/business-time';
import { sourceValue } from '@shared/reports';
import type { VisitSource } from '@shared/visit-source';
import { partnerOfSource } from '../partners/attribution';
import { businessTimeZone } from '../settings/business-time';
import { figure } from './figures';

/**
 * Clicks one address may add an hour: a visitor follows a few links; a script repeating one would
 * make a monitor's figure whatever it liked. Beyond it the visit is answered and not counted.
 */
export const VISITS_PER_ADDRESS_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Counts a visitor's arrival from `source` as one click of its `source` breakdown value (the one
 * its deals count under, shared/reports.ts `sourceValue`) and of the whole business, on the
 * business day and month (keys.ts pattern 48): the reports read clicks beside the deals of each
 * source without a Scan. The partner the source credits (partners/attribution.ts) counts it on
 * their day as well. False when the address has used up its hour.
 */
export async function recordVisit(source: VisitSource, now = new Date()): Promise<boolean> {
  const address = currentRequestOrigin()?.ip ?? 'unknown';
  const hit = await hitWindow('visit', address, VISITS_PER_ADDRESS_HOUR, HOUR_MS, now);
  if (!hit.allowed) return false;
  const [timeZone, partnerId] = await Promise.all([businessTimeZone(), partnerOfSource(source, null)]);
  const day = businessDayOf(now.toISOString(), timeZone);
  const transaction = new Transaction();
  // The partner the visit credits sees the click on their page too, under their sub-id if the link had one.
  if (partnerId) transaction.add('partnerDay', partnerDayItem(partnerId, day, { clicks: 1n }));
  if (partnerId && source.partner && source.partnerSub)
    transaction.add('partnerSubDay', partnerDayItem(partnerId, day, { clicks: 1n }, source.partnerSub));
  await transaction
    .addParts(
      rollupParts([
        {
          day,
          under: [
            [ALL.breakdown, ALL.value],
            ['source', sourceValue(source, false)],
          ],
          figures: { [figure.clicks]: 1n },
        },
      ]),
    )
    .run();
  return true;
}
