import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the rates job's two providers (functions/domain/rates/providers.ts): a crypto
 * ticker answering `GET /0/public/Ticker?pair=USDTZUSD` and a fiat reference answering
 * `GET /latest/USD`, each on its own port, from USD values that can be changed while running.
 */
export interface RateProviderStandIns {
  cryptoUrl: string;
  fiatUrl: string;
  /** Sets what one unit of `code` is worth in USD (USDT on the ticker, the rest on the fiat feed). */
  setUsdValue: (code: string, usdValue: number) => void;
  stop: () => Promise<void>;
}

export async function startRateProviderStandIns(
  usdValues: Record<string, number>,
): Promise<RateProviderStandIns> {
  const values = new Map(Object.entries(usdValues));
  const crypto = await listen((path) =>
    path === '/0/public/Ticker?pair=USDTZUSD' && values.has('USDT')
      ? { error: [], result: { USDTZUSD: { c: [String(values.get('USDT')), '1'] } } }
      : null,
  );
  const fiat = await listen((path) => {
    if (path !== '/latest/USD') return null;
    const rates: Record<string, number> = {};
    for (const [code, usdValue] of values) {
      if (code !== 'USDT') rates[code] = Number((1 / usdValue).toPrecision(10));
    }
    return {
      result: 'success',
      base_code: 'USD',
      time_last_update_unix: Math.floor(Date.now() / 1000),
      rates,
    };
  });
  return {
    cryptoUrl: urlOf(crypto),
    fiatUrl: urlOf(fiat),
    setUsdValue: (code, usdValue) => values.set(code, usdValue),
    stop: async () => {
      await Promise.all([close(crypto), close(fiat)]);
    },
  };
}

function listen(answer: (path: string) => unknown): Promise<Server> {
  const server = createServer((request, response) => {
    const body = answer(request.url ?? '/');
    if (body === null) response.writeHead(404).end();
    else response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
