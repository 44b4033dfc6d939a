import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderUrls } from '@functions/domain/rates/providers';
import { decimalText, divideSignificant, multiply, rounded } from '@shared/money';
import { type BestChangeStandIn, startBestChangeStandIn } from './bestchange-stand-in';
import { centralBankDaily, type OfficialRate, usdtMarketTicker } from './market-source-answers';

/**
 * Local stand-ins of the rates job's four providers (functions/domain/rates/providers.ts), each on
 * its own port, in the real answers' shapes: Kraken's `GET /0/public/Ticker?pair=USDTZUSD` (no
 * update time of its own; the HTTP Date header says when it answered), open.er-api.com's
 * `GET /latest/USD`, which updates once a day (`time_last_update_unix`: the start of the clock's
 * UTC day, unless pinned; the next a day later), EXMO's `GET /ticker` (USDT's last trade in each
 * currency, `updated`: the clock's now unless pinned) and the Bank of Russia's
 * `GET /scripts/XML_daily.asp?date_req=DD/MM/YYYY` (windows-1251, decimal commas, a `Nominal` of
 * 10, 100… where a unit is worth little; dated the day asked for unless pinned). The first two
 * answer USD values that can be changed while running; the market and the central bank start
 * from the same values and are then set on their own. Tests give a clock, make a provider refuse
 * or answer slowly, and count the calls each answered. BestChange's rates archive is its stand-in
 * (bestchange-stand-in.ts), listing nothing until a listing is set.
 */
export interface RateProviderStandIns {
  urls: ProviderUrls;
  /** Sets what one unit of `code` is worth in USD (USDT on the ticker, the rest on the fiat feed). */
  setUsdValue: (code: string, usdValue: number) => void;
  /** Pins the fiat feed's last update time (`null`: the start of the clock's UTC day again). */
  pinFiatUpdate: (at: Date | null) => void;
  /** Sets the USDT market's last trade of USDT in `code` (a decimal string such as `95.3`). */
  setMarketPrice: (code: string, price: string) => void;
  /** Pins the USDT market's `updated` time (`null`: the clock's now again). */
  pinMarketUpdate: (at: Date | null) => void;
  /** Sets the central bank's rate of `code`: `value` roubles (`92.5`) per `nominal` units. */
  setOfficialRate: (code: string, value: string, nominal?: number) => void;
  /** Pins the date of the central bank's document (`null`: the day asked for again). */
  pinOfficialDate: (day: Date | null) => void;
  /** Makes a provider answer `status` with `headers` and no body, until called with `null`. */
  refuse: (provider: StandInProvider, status: number | null, headers?: Record<string, string>) => void;
  /** Makes a provider wait `ms` before it answers, until called with `null`. */
  slowDown: (provider: StandInProvider, ms: number | null) => void;
  /** Requests each stand-in has answered, refusals included. */
  requests: Record<StandInProvider, number>;
  /** BestChange's archive: its listing is set through its /_local/ calls. */
  bestChange: BestChangeStandIn;
  stop: () => Promise<void>;
}

export type StandInProvider = 'crypto' | 'fiat' | 'usdt-market' | 'central-bank';

/** The currencies EXMO trades USDT against (its `USDT_{code}` pairs). */
const MARKET_CODES = ['RUB', 'USD', 'EUR', 'UAH', 'KZT', 'PLN'];

/** USDT's price in each market currency, from USD values. */
function marketPricesOf(values: ReadonlyMap<string, number>): Map<string, string> {
  const usdt = values.get('USDT');
  const prices = new Map<string, string>();
  for (const code of MARKET_CODES) {
    const usdValue = values.get(code);
    if (usdt !== undefined && usdValue !== undefined)
      prices.set(code, decimalText(divideSignificant(usdt, usdValue, 10)));
  }
  return prices;
}

/** The central bank's rates from USD values: roubles per unit, per 10, 100… units while under 10 roubles. */
function officialRatesOf(values: ReadonlyMap<string, number>): Map<string, OfficialRate> {
  const rouble = values.get('RUB');
  const rates = new Map<string, OfficialRate>();
  if (rouble === undefined) return rates;
  for (const [code, usdValue] of values) {
    if (code === 'RUB' || code === 'USDT') continue;
    let nominal = 1;
    while (usdValue * nominal < rouble * 10) nominal *= 10;
    const value = rounded(divideSignificant(multiply(usdValue, nominal), rouble, 10), 4, 'half-up');
    rates.set(code, { nominal, value: decimalText(value) });
  }
  return rates;
}

const DAY_MS = 86_400_000;
const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
/** open.er-api.com's `time_*_utc` form: `Fri, 03 Apr 2020 00:06:37 +0000`. */
const utcText = (at: Date) => at.toUTCString().replace('GMT', '+0000');

export async function startRateProviderStandIns(
  usdValues: Record<string, number>,
  options: { clock?: () => Date } = {},
): Promise<RateProviderStandIns> {
  const clock = options.clock ?? (() => new Date());
  const values = new Map(Object.entries(usdValues));
  const marketPrices = marketPricesOf(values);
  const officialRates = officialRatesOf(values);
  const requests: Record<StandInProvider, number> = {
    crypto: 0,
    fiat: 0,
    'usdt-market': 0,
    'central-bank': 0,
  };
  const refusals = new Map<StandInProvider, { status: number; headers: Record<string, string> }>();
  const delays = new Map<StandInProvider, number>();
  let pinnedFiatUpdate: Date | null = null;
  let pinnedMarketUpdate: Date | null = null;
  let pinnedOfficialDate: Date | null = null;

  const crypto = await listen('crypto', (path) => {
    const usdt = values.get('USDT');
    if (path !== '/0/public/Ticker?pair=USDTZUSD' || usdt === undefined) return null;
    const price = usdt.toFixed(8);
    return json({
      error: [],
      result: {
        USDTZUSD: {
          a: [price, '1000', '1000.000'],
          b: [price, '1000', '1000.000'],
          c: [price, '100.00000000'],
          v: ['100000.00000000', '100000.00000000'],
          p: [price, price],
          t: [100, 100],
          l: [price, price],
          h: [price, price],
          o: price,
        },
      },
    });
  });
  const fiat = await listen('fiat', (path) => {
    if (path !== '/latest/USD') return null;
    const rates: Record<string, number> = {};
    for (const [code, usdValue] of values) {
      if (code !== 'USDT') rates[code] = Number((1 / usdValue).toPrecision(10));
    }
    const now = clock().getTime();
    const lastUpdate = pinnedFiatUpdate ?? new Date(now - (now % DAY_MS));
    const nextUpdate = new Date(lastUpdate.getTime() + DAY_MS);
    return json({
      result: 'success',
      provider: 'https://www.exchangerate-api.com',
      documentation: 'https://www.exchangerate-api.com/docs/free',
      terms_of_use: 'https://www.exchangerate-api.com/terms',
      time_last_update_unix: unixSeconds(lastUpdate),
      time_last_update_utc: utcText(lastUpdate),
      time_next_update_unix: unixSeconds(nextUpdate),
      time_next_update_utc: utcText(nextUpdate),
      time_eol_unix: 0,
      base_code: 'USD',
      rates,
    });
  });
  const usdtMarket = await listen('usdt-market', (path) =>
    path === '/ticker' ? json(usdtMarketTicker(marketPrices, pinnedMarketUpdate ?? clock())) : null,
  );
  const centralBank = await listen('central-bank', (path) => {
    const url = new URL(path, 'http://stand-in');
    if (url.pathname !== '/scripts/XML_daily.asp') return null;
    // date_req is DD/MM/YYYY; without it, the clock's (UTC) day.
    const [day, month, year] = (url.searchParams.get('date_req') ?? '').split('/');
    const asked = day && month && year ? new Date(`${year}-${month}-${day}T00:00:00Z`) : clock();
    return {
      contentType: 'application/xml; charset=windows-1251',
      body: centralBankDaily(officialRates, pinnedOfficialDate ?? asked),
    };
  });
  const servers = [crypto, fiat, usdtMarket, centralBank];

  function listen(
    provider: StandInProvider,
    answer: (path: string) => { contentType: string; body: string | Uint8Array } | null,
  ): Promise<Server> {
    const server = createServer((request, response) => {
      requests[provider] += 1;
      const reply = () => {
        // A caller that gave up waiting (a timeout test) has closed the connection.
        if (request.socket.destroyed) return;
        response.setHeader('Date', clock().toUTCString());
        const refusal = refusals.get(provider);
        if (refusal) {
          response.writeHead(refusal.status, refusal.headers).end();
          return;
        }
        const found = answer(request.url ?? '/');
        if (found === null) response.writeHead(404).end();
        else response.writeHead(200, { 'Content-Type': found.contentType }).end(found.body);
      };
      const delay = delays.get(provider);
      if (delay === undefined) reply();
      else setTimeout(reply, delay);
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  }

  const bestChange = await startBestChangeStandIn();
  return {
    urls: {
      cryptoUrl: urlOf(crypto),
      fiatUrl: urlOf(fiat),
      usdtMarketUrl: urlOf(usdtMarket),
      centralBankUrl: urlOf(centralBank),
      bestChangeArchiveUrl: bestChange.archiveUrl,
    },
    setUsdValue: (code, usdValue) => values.set(code, usdValue),
    pinFiatUpdate: (at) => {
      pinnedFiatUpdate = at;
    },
    setMarketPrice: (code, price) => marketPrices.set(code, price),
    pinMarketUpdate: (at) => {
      pinnedMarketUpdate = at;
    },
    setOfficialRate: (code, value, nominal = 1) => officialRates.set(code, { nominal, value }),
    pinOfficialDate: (day) => {
      pinnedOfficialDate = day;
    },
    refuse: (provider, status, headers = {}) => {
      if (status === null) refusals.delete(provider);
      else refusals.set(provider, { status, headers });
    },
    slowDown: (provider, ms) => {
      if (ms === null) delays.delete(provider);
      else delays.set(provider, ms);
    },
    requests,
    bestChange,
    stop: async () => {
      await Promise.all([...servers.map(close), bestChange.stop()]);
    },
  };
}

const json = (body: unknown) => ({ contentType: 'application/json', body: JSON.stringify(body) });

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
