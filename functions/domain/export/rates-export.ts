import { createHash, timingSafeEqual } from 'node:crypto';
import { NotPermitted } from '@functions/commons/errors';
import { currencyDecimals, currencyOfAsset, offeredFiatAssets, SHOWN_DECIMALS } from '@shared/assets';
import type { PublicRatesData } from '@shared/contract/rates';
import { convert, convertBack, exactRateOf } from '@shared/exact-rate';
import type { GeoTree } from '@shared/geo';
import { compare, decimal, minimum, roundedNumber, toNumber } from '@shared/money';
import { fiatSideOf, monitorCodePairs } from '@shared/monitor-codes';
import { readGeoTree } from '../geo/read-tree';
import { readExchangeStatus } from '../geo/working-hours';
import { publishedRates } from '../rates/rates';
import { settingValue } from '../settings/settings';
import { exportMarks } from './marks';
import { type ExportItem, renderRatesXml } from './rates-xml';

/** The operator gave the monitors a token (setting `ratesExportToken`) and this request lacks it. */
export class ExportTokenRefused extends NotPermitted {
  constructor() {
    super('This file needs the token the exchange gave its rate monitors: add ?token=… to the address.');
  }
}

type Direction = PublicRatesData['directions'][number];

interface Offer {
  direction: Direction;
  /** The city code of a cash direction's city; none for card directions. */
  city?: string;
}

/**
 * Where each direction staff published to the monitors is offered now (docs/product.md §10): a
 * card direction once while card exchange is open and an active country offers its currency; a
 * cash one in every open city with a monitors' code whose country offers its currency; nothing in
 * maintenance. A country (or continent) switched off thus takes its card directions out too.
 */
function offersNow(
  directions: Direction[],
  tree: GeoTree,
  status: { maintenance: boolean; cardOpen: boolean },
): Offer[] {
  if (status.maintenance) return [];
  const countries = tree.flatMap((continent) => continent.countries);
  const cardOffered = new Set(
    countries
      .flatMap((country) => offeredFiatAssets(country.localCurrency))
      .filter((asset) => asset.startsWith('card-')),
  );
  const openCities = countries.flatMap((country) =>
    country.cities
      .filter((city) => city.code !== null && city.hours.openNow)
      .map((city) => ({ code: city.code!, offered: offeredFiatAssets(country.localCurrency) })),
  );
  return directions
    .filter((direction) => direction.publishToMonitors)
    .flatMap((direction): Offer[] => {
      const fiat = fiatSideOf(direction);
      if (!fiat.startsWith('cash-')) return status.cardOpen && cardOffered.has(fiat) ? [{ direction }] : [];
      return openCities
        .filter((city) => city.offered.includes(fiat))
        .map((city) => ({ direction, city: city.code }));
    });
}

/**
 * The lines of a direction in the file: one per code its fiat side is listed under (a payout by SBP
 * too is a line of its own, as the same offer), or none when the direction cannot be offered to a
 * monitor: no reserve of what it pays out (a currency staff track no reserve of has no amount to
 * state), or limits that leave no amount (the reserve buys less than the minimum). The limits are
 * computed exactly: the most one application may give is the direction's maximum or what the
 * reserve pays for at the rate, the smaller, rounded down to a quote's decimals (never a float's
 * 29999.999977).
 */
function toItems({ direction, city }: Offer): ExportItem[] {
  const { reserve, quoteLimits: limits } = direction;
  const rate = exactRateOf(direction);
  if (reserve === null || reserve <= 0 || limits === null || rate === null) return [];
  const byReserve = toNumber(convertBack(reserve, rate, SHOWN_DECIMALS, 'down'));
  const fromMax = limits.maxAmount === null ? byReserve : minimum(limits.maxAmount, byReserve);
  const fromMin = roundedNumber(limits.minAmount, SHOWN_DECIMALS, 'up');
  if (compare(fromMax, fromMin) < 0) return [];
  const offer = {
    rate,
    amount: reserve,
    amountDecimals: currencyDecimals(currencyOfAsset(direction.assetTo)),
    fromMin,
    fromMax,
    toMin: toNumber(convert(fromMin, rate, SHOWN_DECIMALS, 'up')),
    toMax: toNumber(minimum(convert(fromMax, rate, SHOWN_DECIMALS, 'down'), decimal(reserve))),
    limitDecimals: SHOWN_DECIMALS,
    ...(city ? { city } : {}),
    // `verifying` where every client must pay from a verified card; above an amount, most need not.
    marks: exportMarks(direction.assetFrom, direction.cardVerification === 'always'),
  };
  return monitorCodePairs(direction).map((codes) => ({ ...codes, ...offer }));
}

function tokenMatches(presented: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected));
}

export interface MonitorsRatesFile {
  document: string;
  /** A strong validator: the digest of the document. */
  etag: string;
  /** The newest price or change behind the file. */
  lastModified: Date;
  /** The monitor's If-None-Match names this very file. */
  unchanged: boolean;
}

/**
 * `GET /api/export/rates.xml` (docs/product.md §10): every direction staff published to the
 * monitors and offered now, with its rate, the reserve of what it pays out, the limits of one
 * application in both currencies, for cash the city, and its marks (`manual` where the client
 * gives cash or card). Directions not published, paused,
 * closed, of a country switched off, in maintenance or without reserve are left out.
 */
export async function monitorsRatesFile(request: {
  token?: string;
  ifNoneMatch?: string;
  now?: Date;
}): Promise<MonitorsRatesFile> {
  const now = request.now ?? new Date();
  const expected = await settingValue('ratesExportToken');
  if (expected !== '' && !tokenMatches(request.token, expected)) throw new ExportTokenRefused();
  const [rates, tree, status] = await Promise.all([
    publishedRates(now),
    readGeoTree({ activeOnly: true }, now),
    readExchangeStatus(now),
  ]);
  const offers = offersNow(rates.directions, tree, {
    maintenance: status.maintenance.active,
    cardOpen: status.cardHours.openNow,
  });
  const items = offers
    .flatMap(toItems)
    .sort((a, b) => `${a.from}>${a.to}>${a.city ?? ''}`.localeCompare(`${b.from}>${b.to}>${b.city ?? ''}`));
  const document = renderRatesXml(items);
  const etag = `"${createHash('sha256').update(document).digest('base64url').slice(0, 27)}"`;
  const times = [
    rates.updatedAt,
    ...offers.map(({ direction }) => direction.priceAsOf ?? direction.updatedAt),
  ]
    .filter((time): time is string => time !== null)
    .map(Date.parse);
  return {
    document,
    etag,
    lastModified: new Date(times.length > 0 ? Math.max(...times) : now.getTime()),
    unchanged: request.ifNoneMatch?.split(',').some((tag) => tag.trim() === etag) ?? false,
  };
}
