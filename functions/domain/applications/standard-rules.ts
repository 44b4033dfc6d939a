import { findGeoNodes } from '@functions/data/geo';
import { isValidExchangePair, offeredFiatAssets, parseAssetKey } from '@shared/assets';
import type { StandardApplicationBody } from '@shared/contract/applications';
import { amountLimitProblem, type Quote } from '@shared/contract/rates';
import type { FieldError } from '@shared/envelope';
import { fieldError, problemAt } from '@shared/field-rules';
import { geoAncestry, geoLevel } from '@shared/geo';
import { besideHoursCheck, closureProblem, directionClosure } from '../geo/working-hours';
import { quote } from '../rates/rates';
import { ApplicationRulesBroken } from './errors';

function fail(errors: FieldError[]): never {
  throw new ApplicationRulesBroken(errors);
}

/** Continent, country and city exist, nest correctly and are active together with their ancestors. */
async function checkGeo(body: StandardApplicationBody): Promise<{ localCurrency: string | undefined }> {
  const errors: FieldError[] = [];
  if (geoLevel(body.continent) !== 'continent') errors.push(fieldError('continent', 'notAContinent'));
  if (geoLevel(body.country) !== 'country' || !body.country.startsWith(`${body.continent}.`)) {
    errors.push(fieldError('country', 'countryNotInContinent'));
  }
  if (geoLevel(body.city) !== 'city' || !body.city.startsWith(`${body.country}.`)) {
    errors.push(fieldError('city', 'cityNotInCountry'));
  }
  if (errors.length > 0) fail(errors);
  const nodes = await findGeoNodes(geoAncestry(body.city));
  for (const field of ['continent', 'country', 'city'] as const) {
    const node = nodes.get(body[field]);
    if (!node) errors.push(fieldError(field, 'unknownLocation'));
    else if (!node.isActive) errors.push(fieldError(field, 'locationUnavailable'));
  }
  if (errors.length > 0) fail(errors);
  return { localCurrency: nodes.get(body.country)?.localCurrency };
}

/** One side fiat (offered for the country), the other usdt-trc20. */
function checkAssets(body: StandardApplicationBody, localCurrency: string | undefined) {
  if (!isValidExchangePair(body.assetFrom, body.assetTo)) {
    fail([fieldError('assetTo', 'applicationPair')]);
  }
  const offered = offeredFiatAssets(localCurrency);
  for (const field of ['assetFrom', 'assetTo'] as const) {
    const asset = parseAssetKey(body[field]);
    if (asset?.kind === 'fiat' && !offered.includes(body[field])) {
      fail([fieldError(field, 'assetNotOffered', { offered: offered.join(', ') })]);
    }
  }
}

/**
 * Working hours (docs/product.md §4): a closed cash direction is refused on the city, a closed card
 * direction on its card asset, with when it opens; maintenance refuses outright.
 */
async function checkHours(body: StandardApplicationBody, now: Date) {
  const closure = await directionClosure(body, now);
  if (!closure) return;
  const field =
    closure.schedule === 'city' ? 'city' : body.assetFrom.startsWith('card-') ? 'assetFrom' : 'assetTo';
  fail([problemAt(field, closureProblem(closure))]);
}

/**
 * The server-side rules of a standard application past its body schema (which checks the
 * amount's precision in its source asset, as the quote's does): geo, assets, working hours, a
 * published rate, and a value of at least the minimum (stated in the currency the user pays in).
 */
export async function checkStandardApplication(
  body: StandardApplicationBody,
  now = new Date(),
): Promise<Quote> {
  const { localCurrency } = await checkGeo(body);
  checkAssets(body, localCurrency);
  const result = await besideHoursCheck(
    checkHours(body, now),
    quote(body.assetFrom, body.assetTo, body.amount, now),
  );
  const limit = amountLimitProblem(result);
  if (limit) fail([problemAt('amount', limit)]);
  return result;
}
