import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the rates job's two providers (functions/domain/rates/providers.ts), each on
 * its own port, from USD values that can be changed while running, in the real answers' shapes:
 * Kraken's `GET /0/public/Ticker?pair=USDTZUSD` (no update time of its own; the HTTP Date header
 * says when it answered) and open.er-api.com's `GET /latest/USD`, which updates once a day
 * (`time_last_update_unix`: the start of the clock's UTC day, unless pinned; the next a day later).
 * Tests give a clock and make a provider refuse, and count the calls each answered.
 */
export interface RateProviderStandIns {
  cryptoUrl: string;
  fiatUrl: string;
  /** Sets what one unit of `code` is worth in USD (USDT on the ticker, the rest on the fiat feed). */
  setUsdValue: (code: string, usdValue: number) => void;
  /** Pins the fiat feed's last update time (`null`: the start of the clock's UTC day again). */
  pinFiatUpdate: (at: Date | null) => void;
  /** Makes a provider answer `status` with `headers` and no body, until called with `null`. */
  refuse: (provider: StandInProvider, status: number | null, headers?: Record<string, string>) => void;
  /** Requests each stand-in has answered, refusals included. */
  requests: Record<StandInProvider, number>;
  stop: () => Promise<void>;
}

export type StandInProvider = 'crypto' | 'fiat';

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
  const requests: Record<StandInProvider, number> = { crypto: 0, fiat: 0 };
  const refusals = new Map<StandInProvider, { status: number; headers: Record<string, string> }>();
  let pinnedFiatUpdate: Date | null = null;

  const crypto = await listen('crypto', (path) => {
    const usdt = values.get('USDT');
    if (path !== '/0/public/Ticker?pair=USDTZUSD' || usdt === undefined) return null;
    const price = usdt.toFixed(8);
    return {
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
    };
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
    return {
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
    };
  });

  function listen(provider: StandInProvider, answer: (path: string) => unknown): Promise<Server> {
    const server = createServer((request, response) => {
      requests[provider] += 1;
      response.setHeader('Date', clock().toUTCString());
      const refusal = refusals.get(provider);
      if (refusal) {
        response.writeHead(refusal.status, refusal.headers).end();
        return;
      }
      const body = answer(request.url ?? '/');
      if (body === null) response.writeHead(404).end();
      else response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  }

  return {
    cryptoUrl: urlOf(crypto),
    fiatUrl: urlOf(fiat),
    setUsdValue: (code, usdValue) => values.set(code, usdValue),
    pinFiatUpdate: (at) => {
      pinnedFiatUpdate = at;
    },
    refuse: (provider, status, headers = {}) => {
      if (status === null) refusals.delete(provider);
      else refusals.set(provider, { status, headers });
    },
    requests,
    stop: async () => {
      await Promise.all([close(crypto), close(fiat)]);
    },
  };
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
