import { randomBytes } from 'node:crypto';
import { STAND_IN_CHANGES, startMarketDataStandIn } from '@infra/local/market-data-stand-in';
import type { LocalStack } from '@infra/local/stack';
import { TICKER_COINS } from '@shared/constants';
import type { TickerData } from '@shared/contract/market';
import type { Envelope } from '@shared/envelope';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runId } from '../../support/api';
import { startLocalStackProcess } from '../../support/stack-process';

/**
 * The ticker needs a provider it can switch off and a table with no snapshot yet, so this file has
 * a local stack of its own, on the stand-in provider it controls, with a table of its own in the
 * shared DynamoDB Local.
 */
let stack: LocalStack;
let provider: Awaited<ReturnType<typeof startMarketDataStandIn>>;

beforeAll(async () => {
  provider = await startMarketDataStandIn();
  stack = await startLocalStackProcess({
    port: 0,
    mailPort: 0,
    dynamoPort: 0,
    dynamoEndpoint: inject('localStack').dynamoEndpoint,
    dataDir: null,
    tableName: `exchange-ticker-${runId()}`,
    jwtSecret: randomBytes(48).toString('base64url'),
    mailFrom: 'no-reply@exchange.test',
    web: 'none',
    runJobs: false,
    checkResponses: true,
    marketDataUrl: provider.url,
  });
});

afterAll(async () => {
  await stack?.stop();
  provider?.server.close();
});

async function getTicker() {
  const response = await fetch(`${stack.siteUrl}/api/market/ticker`);
  return { response, body: (await response.json()) as Envelope<TickerData> };
}

describe('GET /api/market/ticker', () => {
  // In this order: the table starts without a last good answer.
  it('answers 503 when the provider fails and there is no earlier answer (the ticker hides)', async () => {
    provider.setAvailable(false);

    const { response, body } = await getTicker();

    expect(response.status).toBe(503);
    expect(body.success).toBe(false);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("answers the provider's coins, fresh, in the spec's order, cacheable for 60 s", async () => {
    provider.setAvailable(true);

    const { response, body } = await getTicker();

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.data!.stale).toBe(false);
    expect(body.data!.coins.map((coin) => coin.id)).toEqual([...TICKER_COINS]);
    expect(body.data!.coins[0]).toEqual({
      id: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      price: 67_123.45,
      change24h: STAND_IN_CHANGES.bitcoin,
    });
    expect(Date.now() - Date.parse(body.data!.updatedAt)).toBeLessThan(60_000);
  });

  it('answers the last good coins marked stale while the provider fails', async () => {
    provider.setAvailable(true);
    const fresh = (await getTicker()).body.data!;
    provider.setAvailable(false);

    const { response, body } = await getTicker();

    expect(response.status).toBe(200);
    expect(body.data).toEqual({ coins: fresh.coins, updatedAt: fresh.updatedAt, stale: true });
  });
});
