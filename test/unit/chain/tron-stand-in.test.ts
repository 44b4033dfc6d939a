import { startTronStandIn, type TronStandIn, usdtToBaseUnits } from '@infra/local/tron-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The TronGrid stand-in's paging and shapes (infra/local/tron-stand-in.ts), over HTTP. */
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WALLET = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const OTHER = 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E';
let standIn: TronStandIn;

beforeAll(async () => {
  standIn = await startTronStandIn();
});
afterAll(() => standIn?.stop());

async function post(path: string, body: unknown) {
  const response = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface ListAnswer {
  success: boolean;
  data: Array<{
    transaction_id: string;
    value: string;
    block_timestamp: number;
    to: string;
    token_info: { address: string };
  }>;
  meta: { at: number; page_size: number; fingerprint?: string; links?: { next: string } };
}

async function list(address: string, query: Record<string, string>): Promise<ListAnswer> {
  const params = new URLSearchParams({
    only_to: 'true',
    contract_address: USDT,
    order_by: 'block_timestamp,asc',
    ...query,
  });
  const response = await fetch(`${standIn.url}/v1/accounts/${address}/transactions/trc20?${params}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListAnswer;
}

async function allPages(address: string, query: Record<string, string>) {
  const seen: string[] = [];
  let fingerprint: string | undefined;
  let pages = 0;
  do {
    const page = await list(address, { ...query, ...(fingerprint ? { fingerprint } : {}) });
    expect(page.meta.page_size).toBe(page.data.length);
    seen.push(...page.data.map((item) => item.transaction_id));
    fingerprint = page.meta.fingerprint;
    pages += 1;
  } while (fingerprint && pages < 20);
  return { seen, pages };
}

describe('the TronGrid stand-in', () => {
  it('stores amounts in base units, exactly', () => {
    expect(usdtToBaseUnits('500.0037')).toBe('500003700');
    expect(usdtToBaseUnits('0.000001')).toBe('1');
    expect(usdtToBaseUnits('123456789012345')).toBe('123456789012345000000');
    expect(usdtToBaseUnits('1.0000001')).toBeUndefined();
    expect(usdtToBaseUnits('-1')).toBeUndefined();
    expect(usdtToBaseUnits('1e3')).toBeUndefined();
  });

  it('lists the transfers into an account oldest first, in pages joined by the fingerprint', async () => {
    const base = 1_800_000_000_000;
    const sent: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const made = await post('/_local/transfers', {
        to: WALLET,
        amount: `1.00000${index}`,
        blockTimestamp: base + index * 3000,
      });
      expect(made.status).toBe(200);
      sent.push(made.body.txId as string);
    }
    await post('/_local/transfers', { to: OTHER, amount: '9', blockTimestamp: base + 1 });

    const first = await list(WALLET, { limit: '2' });
    expect(first.data.map((item) => item.transaction_id)).toEqual(sent.slice(0, 2));
    expect(first.data[0]).toMatchObject({
      to: WALLET,
      value: '1000000',
      token_info: { address: USDT },
      type: 'Transfer',
    });
    expect(first.meta.fingerprint).toEqual(expect.any(String));
    expect(first.meta.links?.next).toContain(`fingerprint=${first.meta.fingerprint}`);

    expect(await allPages(WALLET, { limit: '2' })).toEqual({ seen: sent, pages: 3 });
    // From a timestamp on, as the watcher's cursor reads.
    expect((await allPages(WALLET, { limit: '2', min_timestamp: String(base + 6000) })).seen).toEqual(
      sent.slice(2),
    );
    const newest = await list(WALLET, { limit: '1', order_by: 'block_timestamp,desc' });
    expect(newest.data.map((item) => item.transaction_id)).toEqual([sent[4]]);
  });

  it('may repeat an item across pages, as a provider may, and never skips one', async () => {
    const address = 'TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy';
    const sent: string[] = [];
    for (let index = 0; index < 5; index += 1)
      sent.push((await post('/_local/transfers', { to: address, amount: '2' })).body.txId as string);
    await post('/_local/duplicates', { on: true });
    try {
      const { seen } = await allPages(address, { limit: '2' });
      expect(seen.length).toBeGreaterThan(sent.length);
      expect([...new Set(seen)]).toEqual(sent);
    } finally {
      await post('/_local/duplicates', { on: false });
    }
  });

  it('refuses a page over 200 and a fingerprint it did not give', async () => {
    const params = new URLSearchParams({ only_to: 'true', limit: '201' });
    expect((await fetch(`${standIn.url}/v1/accounts/${WALLET}/transactions/trc20?${params}`)).status).toBe(
      400,
    );
    params.set('limit', '2');
    params.set('fingerprint', 'nonsense');
    expect((await fetch(`${standIn.url}/v1/accounts/${WALLET}/transactions/trc20?${params}`)).status).toBe(
      400,
    );
  });

  it('answers {} under /walletsolidity/ until the transfer is solidified, and only confirmed ones on request', async () => {
    const address = 'TGCAjMXComunWZEXCT1LPBdcYbDVuyexBv';
    const txId = (await post('/_local/transfers', { to: address, amount: '3.5' })).body.txId as string;
    expect((await post('/wallet/gettransactioninfobyid', { value: txId })).body).toMatchObject({
      id: txId,
      receipt: { result: 'SUCCESS' },
    });
    expect((await post('/walletsolidity/gettransactioninfobyid', { value: txId })).body).toEqual({});
    expect((await list(address, { only_confirmed: 'true' })).data).toEqual([]);

    expect((await post('/_local/solidify', {})).status).toBe(200);
    expect((await post('/walletsolidity/gettransactioninfobyid', { value: txId })).body).toMatchObject({
      id: txId,
    });
    expect((await list(address, { only_confirmed: 'true' })).data.map((item) => item.transaction_id)).toEqual(
      [txId],
    );
    expect((await post('/wallet/gettransactioninfobyid', { value: 'f'.repeat(64) })).body).toEqual({});
  });

  it('fails the next requests on demand, then answers again', async () => {
    await post('/_local/fail', { status: 429, times: 1 });
    expect((await fetch(`${standIn.url}/v1/accounts/${WALLET}/transactions/trc20?only_to=true`)).status).toBe(
      429,
    );
    expect((await fetch(`${standIn.url}/v1/accounts/${WALLET}/transactions/trc20?only_to=true`)).status).toBe(
      200,
    );
  });

  it('answers every request late but rightly while slowed, then at once again', async () => {
    await post('/_local/slow', { delayMs: 300 });
    const started = performance.now();
    const slow = await list(WALLET, {});
    // A lower bound only: a loaded machine makes it later still, never sooner.
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(slow.success).toBe(true);
    expect((await post('/_local/slow', { delayMs: 0 })).body).toEqual({ delayMs: 0 });
  });
});

describe('the drain', () => {
  it('answers /_local/drain once the drain it was given has finished, and at once without one', async () => {
    const order: string[] = [];
    const drained = await startTronStandIn({
      drain: async () => {
        order.push('drain');
      },
    });
    try {
      const answer = await fetch(`${drained.url}/_local/drain`, { method: 'POST' });
      order.push('answered');
      expect(await answer.json()).toEqual({ drained: true });
      expect(order).toEqual(['drain', 'answered']);
      expect((await post('/_local/drain', {})).body).toEqual({ drained: true });
    } finally {
      await drained.stop();
    }
  });
});
