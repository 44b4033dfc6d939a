import {
  isBlacklisted,
  listIncomingUsdtTransfers,
  TronBackOff,
  TronUnavailable,
  transactionInfo,
  usdtTransferIn,
} from '@functions/data/tron';
import { postToTronStandIn, startTronStandIn, type TronStandIn } from '@infra/local/tron-stand-in';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSecretsExtension } from '../../support/secrets-extension';

/**
 * The TRON adapter (functions/data/tron.ts) over HTTP against the TronGrid stand-in: this file's
 * own, so it may set the key and the timeout and count the requests without touching other tests.
 */
const WALLET = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const CLIENT = 'TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g';
let standIn: TronStandIn;

beforeAll(async () => {
  standIn = await startTronStandIn();
  process.env.TRON_API_URL = standIn.url;
  process.env.TRON_TIMEOUT_MS = '500';
});
afterAll(async () => {
  delete process.env.TRON_API_URL;
  delete process.env.TRON_TIMEOUT_MS;
  await standIn?.stop();
});
afterEach(() => {
  delete process.env.TRON_API_KEY;
});

const local = (path: string, body: unknown) => postToTronStandIn(standIn.url, path, body);
const send = async (to: string, amount: string, blockTimestamp?: number) =>
  (
    await local('/_local/transfers', {
      from: CLIENT,
      to,
      amount,
      ...(blockTimestamp ? { blockTimestamp } : {}),
    })
  ).txId as string;

describe('listIncomingUsdtTransfers', () => {
  it('reads every transfer into the wallet, page by page, amounts as exact base units', async () => {
    const base = Date.now();
    const sent = [
      await send(WALLET, '500.0037', base),
      await send(WALLET, '0.000001', base + 3000),
      await send(WALLET, '12345678.123456', base + 6000),
    ];
    await send(CLIENT, '1', base + 4000); // into another account: not listed

    const first = await listIncomingUsdtTransfers(WALLET, { minTimestamp: base, limit: 2 });
    expect(first.transfers).toEqual([
      { txId: sent[0], from: CLIENT, to: WALLET, value: '500003700', blockTimestamp: base },
      { txId: sent[1], from: CLIENT, to: WALLET, value: '1', blockTimestamp: base + 3000 },
    ]);
    expect(first.fingerprint).not.toBeNull();
    const second = await listIncomingUsdtTransfers(WALLET, {
      minTimestamp: base,
      limit: 2,
      fingerprint: first.fingerprint,
    });
    expect(second.transfers.map((transfer) => [transfer.txId, transfer.value])).toEqual([
      [sent[2], '12345678123456'],
    ]);
    expect(second.fingerprint).toBeNull();

    const later = await listIncomingUsdtTransfers(WALLET, { minTimestamp: base + 3001 });
    expect(later.transfers.map((transfer) => transfer.txId)).toEqual([sent[2]]);
  });
});

describe('transactionInfo and the Transfer event', () => {
  it('knows a transfer at once, and under /walletsolidity/ only once it is solidified', async () => {
    const txId = await send(WALLET, '250.5');
    const head = await transactionInfo(txId, { solidified: false });
    expect(head && usdtTransferIn(head)).toEqual({ from: CLIENT, to: WALLET, value: '250500000' });
    expect(await transactionInfo(txId, { solidified: true })).toBeNull();

    await local('/_local/solidify', {});
    const final = await transactionInfo(txId, { solidified: true });
    expect(final).toMatchObject({ id: txId, result: 'SUCCESS' });
    expect(usdtTransferIn(final!)).toEqual({ from: CLIENT, to: WALLET, value: '250500000' });
  });

  it('is null for a transaction the provider does not know', async () => {
    expect(await transactionInfo('e'.repeat(64), { solidified: false })).toBeNull();
  });
});

describe('isBlacklisted', () => {
  it("answers the USDT contract's blacklist", async () => {
    const listed = 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E';
    expect(await isBlacklisted(listed)).toBe(false);
    await local('/_local/blacklist', { address: listed });
    expect(await isBlacklisted(listed)).toBe(true);
    expect(await isBlacklisted(WALLET)).toBe(false);
  });
});

describe('provider failures', () => {
  it('429 and 403 are a back-off, other failures and a slow answer unavailable', async () => {
    await local('/_local/fail', { status: 429, times: 1 });
    const limited = await isBlacklisted(WALLET).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(TronBackOff);
    expect(limited).toMatchObject({ status: 429 });

    await local('/_local/fail', { status: 403, times: 1 });
    await expect(listIncomingUsdtTransfers(WALLET)).rejects.toBeInstanceOf(TronBackOff);

    await local('/_local/fail', { status: 500, times: 1 });
    const failed = await transactionInfo('e'.repeat(64), { solidified: true }).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(TronUnavailable);
    expect(failed).not.toBeInstanceOf(TronBackOff);

    await local('/_local/fail', { status: 200, times: 1, delayMs: 1500 });
    const started = Date.now();
    await expect(isBlacklisted(WALLET)).rejects.toBeInstanceOf(TronUnavailable);
    expect(Date.now() - started).toBeLessThan(1400);

    expect(await isBlacklisted(WALLET)).toBe(false);
  });

  it('is unavailable, not a crash, when no provider is configured', async () => {
    const url = process.env.TRON_API_URL;
    delete process.env.TRON_API_URL;
    try {
      await expect(isBlacklisted(WALLET)).rejects.toBeInstanceOf(TronUnavailable);
    } finally {
      process.env.TRON_API_URL = url;
    }
  });
});

describe('the API key', () => {
  const keys = async () =>
    ((await (await fetch(`${standIn.url}/_local/requests`)).json()) as { apiKeys: Array<string | null> })
      .apiKeys;

  it('is sent as TRON-PRO-API-KEY when TRON_API_KEY is set, and not otherwise', async () => {
    await isBlacklisted(WALLET);
    expect((await keys()).at(-1)).toBeNull();

    process.env.TRON_API_KEY = 'test-key-7f3a';
    await isBlacklisted(WALLET);
    await listIncomingUsdtTransfers(WALLET);
    expect((await keys()).slice(-2)).toEqual(['test-key-7f3a', 'test-key-7f3a']);
  });
});

describe('the API key in AWS (the secret TRON_API_KEY_ARN names)', () => {
  const keys = async () =>
    ((await (await fetch(`${standIn.url}/_local/requests`)).json()) as { apiKeys: Array<string | null> })
      .apiKeys;

  it('is read through the secrets extension; the placeholder "none" sends no key', async () => {
    const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:TronApiKey-abc';
    const extension = await startSecretsExtension(arn, 'none', Date.now());
    vi.stubEnv('TRON_API_KEY_ARN', arn);
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
    vi.stubEnv('AWS_SESSION_TOKEN', 'session');
    try {
      vi.resetModules(); // a function started now: a key cache of its own
      const first = await import('@functions/data/tron');
      await first.isBlacklisted(WALLET);
      expect((await keys()).at(-1)).toBeNull();

      extension.put('trongrid-key-from-secrets-manager', Date.now());
      vi.resetModules();
      const second = await import('@functions/data/tron');
      await second.isBlacklisted(WALLET);
      expect((await keys()).at(-1)).toBe('trongrid-key-from-secrets-manager');
    } finally {
      vi.unstubAllEnvs();
      await extension.stop();
    }
  });
});
