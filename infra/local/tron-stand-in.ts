import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  addressParameter,
  MAINNET_USDT_CONTRACT,
  TRANSFER_TOPIC,
  tronAddressToHex,
} from '@functions/data/tron';
import { type ListeningStandIn, listenStandIn, postToStandIn, readBodyText } from './stand-in-server';

/**
 * A local stand-in for TronGrid: exactly the subset functions/data/tron.ts calls, in the documented
 * shapes (docs/architecture.md "TRON (TronGrid) adapter and stand-in"):
 * - `GET /v1/accounts/{address}/transactions/trc20` (only_to/only_from, only_confirmed/only_unconfirmed,
 *   contract_address, min/max_timestamp, order_by, limit ≤ 200, fingerprint paging);
 * - `POST /wallet/gettransactioninfobyid` and `/walletsolidity/…` (`{}` for an unknown transaction,
 *   and under /walletsolidity/ for one not solidified yet);
 * - `POST /wallet/triggerconstantcontract` with `isBlackListed(address)` and `balanceOf(address)`
 *   (what the stand-in's transfers leave the address holding);
 * - `GET|POST /walletsolidity/getnowblock`.
 * Test-only calls under /_local/: make a transfer, solidify, blacklist, fail the next requests,
 * answer every request late (slow), repeat items across pages, read which API keys the requests
 * carried, and drain: answered once whatever reads the stand-in (the local stack's chain watcher)
 * has handled every transfer made so far, so a test asserts what the watcher did, or did not do,
 * without waiting for its timer.
 */

/** The sender of a transfer made without `from`. */
export const STAND_IN_SENDER = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const USDT_DECIMALS = 6;

interface StoredTransfer {
  txId: string;
  from: string;
  to: string;
  /** Base units, an integer decimal string. */
  value: string;
  blockNumber: number;
  blockTimestamp: number;
  solidified: boolean;
}

interface Failure {
  status: number;
  times: number;
  /** Answer after this many ms (a slow provider) instead of at once. */
  delayMs: number;
  /** Only requests whose path or body contain this text fail (one test's address); all when absent. */
  match: string | undefined;
}

export type TronStandIn = ListeningStandIn;

/** The stand-in's test-only routes (`/_local/…`), called as tests and scripts call them. */
export { postToStandIn as postToTronStandIn };

/** A decimal USDT amount ("500.0037") as base units ("500003700"); undefined when it is not one. */
export function usdtToBaseUnits(amount: string): string | undefined {
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  return (
    BigInt(whole!) * 10n ** BigInt(USDT_DECIMALS) +
    BigInt(fraction.padEnd(USDT_DECIMALS, '0'))
  ).toString();
}

/** Opaque to callers, as TronGrid's: the index of the page's first item in the filtered list. */
function fingerprintOf(index: number): string {
  return Buffer.from(`o${index}`).toString('base64url');
}
function indexOf(fingerprint: string): number | undefined {
  const match = /^o(\d+)$/.exec(Buffer.from(fingerprint, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

export async function startTronStandIn(
  options: {
    port?: number;
    usdtContract?: string;
    /** What `/_local/drain` waits for (the stack's: a watcher run, then the outbox); at once without. */
    drain?: () => Promise<void>;
  } = {},
): Promise<TronStandIn> {
  const usdtContract = options.usdtContract ?? MAINNET_USDT_CONTRACT;
  const contractHex = tronAddressToHex(usdtContract);
  const transfers: StoredTransfer[] = [];
  const blacklist = new Set<string>();
  const apiKeys: Array<string | null> = [];
  let failure: Failure | undefined;
  /** Every provider request answers this much later, rightly (a slow provider), until set back to 0. */
  let slowMs = 0;
  let repeatAcrossPages = false;
  let blockNumber = 60_000_000;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  const listTransfers = (address: string, query: URLSearchParams, response: ServerResponse) => {
    const limit = Number(query.get('limit') ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      json(response, 400, { success: false, error: 'limit must be between 1 and 200', statusCode: 400 });
      return;
    }
    if (query.get('only_confirmed') === 'true' && query.get('only_unconfirmed') === 'true') {
      json(response, 400, { success: false, error: 'only_confirmed and only_unconfirmed', statusCode: 400 });
      return;
    }
    const minTimestamp = Number(query.get('min_timestamp') ?? 0);
    const maxTimestamp = query.has('max_timestamp') ? Number(query.get('max_timestamp')) : Infinity;
    const contract = query.get('contract_address');
    const descending = query.get('order_by') === 'block_timestamp,desc';
    // Only USDT moves here: asking for another contract's transfers lists none.
    const matching = (contract && contract !== usdtContract ? [] : transfers)
      .filter((transfer) => {
        if (query.get('only_to') === 'true') return transfer.to === address;
        if (query.get('only_from') === 'true') return transfer.from === address;
        return transfer.to === address || transfer.from === address;
      })
      .filter(
        (transfer) => transfer.blockTimestamp >= minTimestamp && transfer.blockTimestamp <= maxTimestamp,
      )
      .filter((transfer) => query.get('only_confirmed') !== 'true' || transfer.solidified)
      .filter((transfer) => query.get('only_unconfirmed') !== 'true' || !transfer.solidified)
      .sort((a, b) => (descending ? -1 : 1) * (a.blockTimestamp - b.blockTimestamp));
    const fingerprint = query.get('fingerprint');
    let start = 0;
    if (fingerprint) {
      const index = indexOf(fingerprint);
      if (index === undefined) {
        json(response, 400, { success: false, error: 'invalid fingerprint', statusCode: 400 });
        return;
      }
      // A provider may repeat an item across pages: the previous page's last one, when asked to.
      start = repeatAcrossPages ? Math.max(0, index - 1) : index;
    }
    const page = matching.slice(start, start + limit);
    const next = start + page.length < matching.length ? start + page.length : null;
    const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
    if (next !== null) {
      const nextQuery = new URLSearchParams(query);
      nextQuery.set('fingerprint', fingerprintOf(next));
      meta.fingerprint = fingerprintOf(next);
      meta.links = { next: `/v1/accounts/${address}/transactions/trc20?${nextQuery}` };
    }
    json(response, 200, {
      success: true,
      data: page.map((transfer) => ({
        transaction_id: transfer.txId,
        token_info: { symbol: 'USDT', address: usdtContract, decimals: USDT_DECIMALS, name: 'Tether USD' },
        block_timestamp: transfer.blockTimestamp,
        from: transfer.from,
        to: transfer.to,
        type: 'Transfer',
        value: transfer.value,
      })),
      meta,
    });
  };

  const transactionInfo = (txId: unknown, solidity: boolean, response: ServerResponse) => {
    const transfer = transfers.find((one) => one.txId === txId);
    if (!transfer || (solidity && !transfer.solidified)) {
      json(response, 200, {});
      return;
    }
    json(response, 200, {
      id: transfer.txId,
      fee: 13_844_850,
      blockNumber: transfer.blockNumber,
      blockTimeStamp: transfer.blockTimestamp,
      contractResult: ['0000000000000000000000000000000000000000000000000000000000000001'],
      contract_address: contractHex,
      receipt: { energy_usage_total: 64_285, net_usage: 345, result: 'SUCCESS' },
      log: [
        {
          address: contractHex.slice(2),
          topics: [TRANSFER_TOPIC, addressParameter(transfer.from), addressParameter(transfer.to)],
          data: BigInt(transfer.value).toString(16).padStart(64, '0'),
        },
      ],
    });
  };

  const constantCall = (body: Record<string, unknown>, response: ServerResponse) => {
    const parameter = typeof body.parameter === 'string' ? body.parameter.toLowerCase() : '';
    const isParameter = (address: string) => addressParameter(address) === parameter;
    const answers: Record<string, () => bigint> = {
      'isBlackListed(address)': () => ([...blacklist].some(isParameter) ? 1n : 0n),
      // What the transfers made so far leave the address holding, base units.
      'balanceOf(address)': () =>
        transfers.reduce(
          (sum, transfer) =>
            sum +
            (isParameter(transfer.to) ? BigInt(transfer.value) : 0n) -
            (isParameter(transfer.from) ? BigInt(transfer.value) : 0n),
          0n,
        ),
    };
    const answer = answers[String(body.function_selector)];
    if (body.contract_address !== usdtContract || !answer) {
      json(response, 200, { result: { code: 'CONTRACT_VALIDATE_ERROR', message: 'not in this stand-in' } });
      return;
    }
    json(response, 200, {
      result: { result: true },
      energy_used: 2_000,
      constant_result: [answer().toString(16).padStart(64, '0')],
    });
  };

  const local = (path: string, body: Record<string, unknown>, response: ServerResponse) => {
    if (path === '/_local/transfers') {
      const value = typeof body.amount === 'string' ? usdtToBaseUnits(body.amount) : undefined;
      const from = typeof body.from === 'string' ? body.from : STAND_IN_SENDER;
      if (value === undefined || typeof body.to !== 'string' || !isAddress(body.to) || !isAddress(from)) {
        json(response, 400, {
          error: 'give to (a T-address), amount (a decimal USDT string) and optionally from',
        });
        return;
      }
      const last = transfers.at(-1)?.blockTimestamp ?? 0;
      const blockTimestamp =
        typeof body.blockTimestamp === 'number' ? body.blockTimestamp : Math.max(Date.now(), last + 1);
      blockNumber += 1;
      const txId = createHash('sha256').update(randomBytes(32)).digest('hex');
      transfers.push({ txId, from, to: body.to, value, blockNumber, blockTimestamp, solidified: false });
      json(response, 200, { txId, value, blockTimestamp });
      return;
    }
    if (path === '/_local/solidify') {
      const pending = transfers.filter((transfer) => !transfer.solidified);
      for (const transfer of pending) transfer.solidified = true;
      json(response, 200, { solidified: pending.length });
      return;
    }
    if (path === '/_local/blacklist') {
      if (typeof body.address !== 'string' || !isAddress(body.address)) {
        json(response, 400, { error: 'give address (a T-address)' });
        return;
      }
      if (body.listed === false) blacklist.delete(body.address);
      else blacklist.add(body.address);
      json(response, 200, { address: body.address, listed: blacklist.has(body.address) });
      return;
    }
    if (path === '/_local/fail') {
      const status = Number(body.status ?? 500);
      failure = {
        status,
        times: Number(body.times ?? 1),
        delayMs: Number(body.delayMs ?? 0),
        match: typeof body.match === 'string' ? body.match : undefined,
      };
      json(response, 200, failure);
      return;
    }
    if (path === '/_local/slow') {
      slowMs = Math.max(0, Number(body.delayMs ?? 0));
      json(response, 200, { delayMs: slowMs });
      return;
    }
    if (path === '/_local/duplicates') {
      repeatAcrossPages = body.on === true;
      json(response, 200, { on: repeatAcrossPages });
      return;
    }
    json(response, 404, { error: 'not found' });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const text = await readBodyText(request);
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json(response, 400, { Error: 'invalid JSON' });
        return;
      }
    }
    if (request.method === 'GET' && url.pathname === '/_local/requests') {
      json(response, 200, { apiKeys });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/_local/drain') {
      await options.drain?.();
      json(response, 200, { drained: true });
      return;
    }
    if (request.method === 'POST' && url.pathname.startsWith('/_local/')) {
      local(url.pathname, body, response);
      return;
    }
    if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
    const key = request.headers['tron-pro-api-key'];
    apiKeys.push(typeof key === 'string' ? key : null);
    if (
      failure &&
      failure.times > 0 &&
      (!failure.match || `${url.pathname}${url.search} ${text}`.includes(failure.match))
    ) {
      failure.times -= 1;
      const { status, delayMs } = failure;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (!response.destroyed) json(response, status, { Error: `stand-in failure ${status}` });
      return;
    }
    const trc20 = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (request.method === 'GET' && trc20) {
      listTransfers(decodeURIComponent(trc20[1]!), url.searchParams, response);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/wallet/gettransactioninfobyid') {
      transactionInfo(body.value, false, response);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/walletsolidity/gettransactioninfobyid') {
      transactionInfo(body.value, true, response);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/wallet/triggerconstantcontract') {
      constantCall(body, response);
      return;
    }
    if (url.pathname === '/walletsolidity/getnowblock') {
      const solid = transfers.filter((transfer) => transfer.solidified).at(-1);
      json(response, 200, {
        blockID: (solid?.blockNumber ?? blockNumber).toString(16).padStart(64, '0'),
        block_header: {
          raw_data: {
            number: solid?.blockNumber ?? blockNumber,
            timestamp: solid?.blockTimestamp ?? Date.now(),
          },
        },
      });
      return;
    }
    json(response, 404, { Error: 'not in this stand-in' });
  };

  return listenStandIn(handle, options.port);
}

function isAddress(text: string): boolean {
  try {
    tronAddressToHex(text);
    return true;
  } catch {
    return false;
  }
}
