import { zipSync } from 'fflate';
import { windows1251 } from './market-source-answers';
import { listenStandIn, readBodyText } from './stand-in-server';

/**
 * A stand-in of BestChange's public rates archive (functions/domain/rates/bestchange/archive.ts):
 * `GET /info.zip`, a zip of `bm_cycodes.dat`, `bm_exch.dat` and `bm_rates.dat` in windows-1251,
 * built at each request from the listing set last. Test-only calls under /_local/: `listing` sets
 * the currencies, exchangers and rate lines (`{ currencies: [{id, code}], exchangers: [{id, name}],
 * rates: [{fromId, toId, exchangerId, give, receive, reserve}] }`); `raw` answers the body given
 * (base64) instead of an archive, as a provider's broken file would come, until `raw` is null.
 */
export interface BestChangeListing {
  currencies: Array<{ id: number; code: string }>;
  exchangers: Array<{ id: number; name: string }>;
  rates: Array<{
    fromId: number;
    toId: number;
    exchangerId: number;
    give: string;
    receive: string;
    reserve: string;
  }>;
}

export interface BestChangeStandIn {
  /** Of the archive itself (BESTCHANGE_ARCHIVE_URL). */
  archiveUrl: string;
  /** The stand-in's base, for its /_local/ calls. */
  url: string;
  /** Archives answered. */
  readonly requests: number;
  stop: () => Promise<void>;
}

const EMPTY: BestChangeListing = { currencies: [], exchangers: [], rates: [] };

/** The archive's bytes for a listing, its files written as BestChange writes them. */
export function ratesArchiveOf(listing: BestChangeListing): Uint8Array {
  const file = (lines: string[]) => windows1251(lines.map((line) => `${line}\r\n`).join(''));
  return zipSync({
    'bm_cycodes.dat': file(listing.currencies.map((currency) => `${currency.id};${currency.code}`)),
    'bm_exch.dat': file(listing.exchangers.map((exchanger) => `${exchanger.id};${exchanger.name};0;0`)),
    // Later fields (reviews, min and max) as some versions write them: readers must not need them.
    'bm_rates.dat': file(
      listing.rates.map(
        (rate) =>
          `${rate.fromId};${rate.toId};${rate.exchangerId};${rate.give};${rate.receive};${rate.reserve};0.0;0;0`,
      ),
    ),
  });
}

export async function startBestChangeStandIn(port = 0): Promise<BestChangeStandIn> {
  let listing = EMPTY;
  let raw: Uint8Array | null = null;
  let requests = 0;
  const standIn = await listenStandIn(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (request.method === 'POST' && path.startsWith('/_local/')) {
      const body = JSON.parse((await readBodyText(request)) || '{}') as Record<string, unknown>;
      if (path === '/_local/listing') listing = { ...EMPTY, ...(body as Partial<BestChangeListing>) };
      else if (path === '/_local/raw')
        raw = typeof body.base64 === 'string' ? Uint8Array.from(Buffer.from(body.base64, 'base64')) : null;
      else {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (request.method !== 'GET' || path !== '/info.zip') {
      response.writeHead(404).end();
      return;
    }
    requests += 1;
    response
      .writeHead(200, { 'Content-Type': 'application/zip', Date: new Date().toUTCString() })
      .end(raw ?? ratesArchiveOf(listing));
  }, port);
  return {
    archiveUrl: `${standIn.url}/info.zip`,
    url: standIn.url,
    get requests() {
      return requests;
    },
    stop: standIn.stop,
  };
}
