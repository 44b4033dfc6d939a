import type { CalculateBody, Quote } from '@shared/contract/rates';
import { assertDirectionOpen, besideHoursCheck } from '../geo/working-hours';
import { quote } from './rates';

/**
 * POST /rates/calculate: the quote, refused while its direction is outside its working hours (the
 * city's for cash when `city` is given, the card schedule for card) or the exchange is in
 * maintenance; both checks in one round trip.
 */
export async function calculateQuote(body: CalculateBody, now = new Date()): Promise<Quote> {
  return besideHoursCheck(
    assertDirectionOpen(body, now),
    quote(body.assetFrom, body.assetTo, body.amount, now),
  );
}
