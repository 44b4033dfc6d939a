import { cachedSecret, readSecretString } from '@functions/commons/secret-store';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { tronAddressBytes, tronAddressOfAccount } from '@shared/tron-address';

/**
 * The TRON provider's adapter: the documented subset of the TronGrid HTTP API the service uses
 * (docs/architecture.md "TRON (TronGrid) adapter and stand-in"), against `TRON_API_URL` — real
 * TronGrid, the Nile testnet, or locally the stand-in (infra/local/tron-stand-in.ts). The only
 * place that knows the provider's format. Every call has a timeout; 429/403 answer TronBackOff, any
 * other failure TronUnavailable, so a caller can back off and never fails a user's request on it.
 * Amounts are integer strings of base units (USDT has 6 decimals), never floats.
 */

/** Tether's USDT TRC-20 contract on mainnet. */
export const MAINNET_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The `Transfer(address,address,uint256)` event's topic. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The most the transfers list answers in one page. */
export const MAX_PAGE_SIZE = 200;
/** A provider call must come well within a function's 10 s (`TRON_TIMEOUT_MS` may shorten it, as tests do). */
export const TRON_TIMEOUT_MS = 5000;

/** The provider failed, was slow, is not configured, or answered something unreadable. */
export class TronUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The provider is rate-limiting us (429, or 403 over the key's quota): back off, do not retry now. */
export class TronBackOff extends TronUnavailable {}

/** The API key secret's value when there is no key (infra/stacks/api-stack.ts puts it first). */
export const NO_TRON_API_KEY = 'none';

export interface TronConfig {
  url: string;
  /** `TRON_API_KEY` when set (locally, tests); in AWS the secret `TRON_API_KEY_ARN` names, read when called. */
  apiKey: string | undefined;
  usdtContract: string;
  timeoutMs: number;
}

/** The configuration, read when used; undefined when `TRON_API_URL` is not set (no provider). */
export function tronConfig(): TronConfig | undefined {
  const url = process.env.TRON_API_URL;
  if (!url) return undefined;
  return {
    url: url.replace(/\/+$/, ''),
    apiKey: process.env.TRON_API_KEY || undefined,
    usdtContract: process.env.TRON_USDT_CONTRACT || MAINNET_USDT_CONTRACT,
    timeoutMs: Math.min(Number(process.env.TRON_TIMEOUT_MS) || TRON_TIMEOUT_MS, TRON_TIMEOUT_MS),
  };
}

/** A T-address as the node's 41-prefixed hex (42 characters, lower case); throws if it is not one. */
export function tronAddressToHex(address: string): string {
  return bytesToHex(tronAddressBytes(address));
}

/**
 * A T-address from the hex forms the node writes: 41-prefixed (42 characters), the bare 20 bytes
 * (40, as in a log's `address`), or a 32-byte topic word (64, the address in its last 20 bytes).
 */
export function hexToTronAddress(hex: string): string {
  const clean = hex.replace(/^0x/, '').toLowerCase();
  let account: string;
  if (clean.length === 64 && /^0{24}/.test(clean)) account = clean.slice(24);
  else if (clean.length === 42 && clean.startsWith('41')) account = clean.slice(2);
  else if (clean.length === 40) account = clean;
  else throw new Error(`Not a TRON address in hex: ${hex}`);
  if (!/^[0-9a-f]{40}$/.test(account)) throw new Error(`Not a TRON address in hex: ${hex}`);
  return tronAddressOfAccount(hexToBytes(account));
}

/** A 32-byte word (64 hex characters) as an unsigned integer's decimal string. */
export function wordToDecimal(word: string): string {
  const clean = word.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{1,64}$/.test(clean)) throw new Error(`Not a 32-byte word: ${word}`);
  return BigInt(`0x${clean}`).toString();
}

/** An address as an ABI argument: its 20 bytes, left-padded with zeros to 64 hex characters. */
export function addressParameter(address: string): string {
  return tronAddressToHex(address).slice(2).padStart(64, '0');
}

/** One incoming TRC-20 transfer as the account's list has it. */
export interface UsdtTransfer {
  txId: string;
  from: string;
  to: string;
  /** Base units, an integer decimal string. */
  value: string;
  /** When its block was made (epoch ms). */
  blockTimestamp: number;
}

export interface TransferPage {
  transfers: UsdtTransfer[];
  /** The cursor of the next page; null on the last. */
  fingerprint: string | null;
}

interface ListedItem {
  transaction_id?: unknown;
  token_info?: { address?: unknown };
  block_timestamp?: unknown;
  from?: unknown;
  to?: unknown;
  type?: unknown;
  value?: unknown;
}

/** The page's USDT transfers; items of another token, another type or malformed are skipped. */
export function toTransferPage(body: unknown, usdtContract: string): TransferPage {
  const { data, meta } = (body ?? {}) as { data?: unknown; meta?: { fingerprint?: unknown } };
  if (!Array.isArray(data)) throw new TronUnavailable('TRON provider answered no transfer list');
  const transfers = (data as ListedItem[]).flatMap((item): UsdtTransfer[] => {
    if (
      typeof item?.transaction_id !== 'string' ||
      item.token_info?.address !== usdtContract ||
      item.type !== 'Transfer' ||
      typeof item.from !== 'string' ||
      typeof item.to !== 'string' ||
      typeof item.value !== 'string' ||
      !/^\d+$/.test(item.value) ||
      typeof item.block_timestamp !== 'number'
    )
      return [];
    return [
      {
        txId: item.transaction_id,
        from: item.from,
        to: item.to,
        value: BigInt(item.value).toString(),
        blockTimestamp: item.block_timestamp,
      },
    ];
  });
  const fingerprint = typeof meta?.fingerprint === 'string' && meta.fingerprint ? meta.fingerprint : null;
  return { transfers, fingerprint };
}

/** The configuration, or TronUnavailable when there is no provider. */
function requireConfig(): TronConfig {
  const config = tronConfig();
  if (!config) throw new TronUnavailable('TRON_API_URL is not set');
  return config;
}

/** The key from Secrets Manager, kept as secrets are (secret-store.ts); "none" is no key. */
const secretApiKey = cachedSecret(async () => {
  const value = (await readSecretString('TRON_API_KEY', 'TRON_API_KEY_ARN')).trim();
  return value === NO_TRON_API_KEY || value === '' ? undefined : value;
});

/** The key to send: the variable, else the secret; a secret that cannot be read means calling without one. */
async function apiKeyOf(config: TronConfig): Promise<string | undefined> {
  if (config.apiKey) return config.apiKey;
  if (!process.env.TRON_API_KEY_ARN) return undefined;
  return secretApiKey().catch(() => undefined);
}

async function call(config: TronConfig, path: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const apiKey = await apiKeyOf(config);
  if (apiKey) headers['TRON-PRO-API-KEY'] = apiKey;
  let response: Response;
  try {
    response = await fetch(`${config.url}${path}`, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new TronUnavailable(`TRON provider unreachable or slow: ${(error as Error).message}`);
  }
  if (response.status === 429 || response.status === 403) {
    await response.body?.cancel();
    throw new TronBackOff(`TRON provider answered ${response.status}: back off`, response.status);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new TronUnavailable(`TRON provider answered ${response.status}`, response.status);
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new TronUnavailable('TRON provider answered no JSON');
  }
}

/**
 * One page of the USDT transfers into `address`, oldest first, from `minTimestamp` (ms). Page on
 * with the answer's `fingerprint`, keeping the other filters; an item may repeat across pages, so
 * a caller keys transfers by `txId`.
 */
export async function listIncomingUsdtTransfers(
  address: string,
  options: { minTimestamp?: number; fingerprint?: string | null; limit?: number } = {},
): Promise<TransferPage> {
  const config = requireConfig();
  const query = new URLSearchParams({
    only_to: 'true',
    contract_address: config.usdtContract,
    order_by: 'block_timestamp,asc',
    limit: String(Math.min(Math.max(1, options.limit ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE)),
  });
  if (options.minTimestamp !== undefined) query.set('min_timestamp', String(options.minTimestamp));
  if (options.fingerprint) query.set('fingerprint', options.fingerprint);
  const body = await call(config, `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`, {
    method: 'GET',
  });
  return toTransferPage(body, config.usdtContract);
}

interface LogEntry {
  address: string;
  topics: string[];
  data: string;
}

/** A transaction's result as gettransactioninfobyid answers it (the fields the service reads). */
export interface TransactionInfo {
  id: string;
  blockNumber: number | null;
  blockTimeStamp: number | null;
  /** `receipt.result`: "SUCCESS" for a contract call that went through. */
  result: string | null;
  log: LogEntry[];
}

/** The answer as TransactionInfo; null for `{}` (unknown, or not final under /walletsolidity/). */
export function toTransactionInfo(body: unknown): TransactionInfo | null {
  if (typeof body !== 'object' || body === null)
    throw new TronUnavailable('TRON provider answered no object');
  const raw = body as {
    id?: unknown;
    blockNumber?: unknown;
    blockTimeStamp?: unknown;
    receipt?: { result?: unknown };
    log?: unknown;
  };
  if (typeof raw.id !== 'string') return null;
  const log = Array.isArray(raw.log)
    ? (raw.log as Array<Partial<LogEntry>>).flatMap((entry): LogEntry[] =>
        typeof entry?.address === 'string' &&
        Array.isArray(entry.topics) &&
        entry.topics.every((topic) => typeof topic === 'string') &&
        typeof entry.data === 'string'
          ? [{ address: entry.address, topics: entry.topics, data: entry.data }]
          : [],
      )
    : [];
  return {
    id: raw.id,
    blockNumber: typeof raw.blockNumber === 'number' ? raw.blockNumber : null,
    blockTimeStamp: typeof raw.blockTimeStamp === 'number' ? raw.blockTimeStamp : null,
    result: typeof raw.receipt?.result === 'string' ? raw.receipt.result : null,
    log,
  };
}

/**
 * One transaction's result: `solidified` asks /walletsolidity/ (answers only once final), else
 * /wallet/. Null when the provider does not know it (or, solidified, it is not final yet).
 */
export async function transactionInfo(
  txId: string,
  options: { solidified: boolean },
): Promise<TransactionInfo | null> {
  const config = requireConfig();
  const path = options.solidified
    ? '/walletsolidity/gettransactioninfobyid'
    : '/wallet/gettransactioninfobyid';
  return toTransactionInfo(await call(config, path, { method: 'POST', body: { value: txId } }));
}

/** A USDT transfer as a transaction's `Transfer` event states it. */
export interface EventTransfer {
  from: string;
  to: string;
  /** Base units, an integer decimal string. */
  value: string;
}

/**
 * The USDT `Transfer` event of a transaction that succeeded: the first log entry of the USDT
 * contract with the Transfer topic. Null when there is none (another token, a failed call).
 */
export function usdtTransferIn(
  info: TransactionInfo,
  usdtContract = tronConfig()?.usdtContract ?? MAINNET_USDT_CONTRACT,
): EventTransfer | null {
  if (info.result !== null && info.result !== 'SUCCESS') return null;
  const contract = tronAddressToHex(usdtContract).slice(2);
  for (const entry of info.log) {
    const [topic, from, to] = entry.topics.map((word) => word.replace(/^0x/, '').toLowerCase());
    if (hexToAccount(entry.address) !== contract || topic !== TRANSFER_TOPIC || !from || !to) continue;
    try {
      return { from: hexToTronAddress(from), to: hexToTronAddress(to), value: wordToDecimal(entry.data) };
    } catch {
      return null;
    }
  }
  return null;
}

/** A log's contract address as its bare 20 bytes in lower-case hex (the node writes it without 41). */
function hexToAccount(hex: string): string {
  const clean = hex.replace(/^0x/, '').toLowerCase();
  return clean.length === 42 && clean.startsWith('41') ? clean.slice(2) : clean;
}

/**
 * A constant call of the USDT contract on one address (`isBlackListed(address)`,
 * `balanceOf(address)`): POST /wallet/triggerconstantcontract with the address as its 32-byte
 * parameter; the answer's `constant_result[0]` is the uint256 it returns, 64 hex digits. Throws
 * TronUnavailable/TronBackOff when the provider cannot tell.
 */
async function usdtConstantCall(functionSelector: string, address: string): Promise<bigint> {
  const config = requireConfig();
  const body = (await call(config, '/wallet/triggerconstantcontract', {
    method: 'POST',
    body: {
      owner_address: address,
      contract_address: config.usdtContract,
      function_selector: functionSelector,
      parameter: addressParameter(address),
      visible: true,
    },
  })) as { result?: { result?: unknown }; constant_result?: unknown };
  const [word] = Array.isArray(body?.constant_result) ? (body.constant_result as unknown[]) : [];
  if (body?.result?.result !== true || typeof word !== 'string' || !/^[0-9a-fA-F]{64}$/.test(word))
    throw new TronUnavailable(`TRON provider answered no result for ${functionSelector}`);
  return BigInt(`0x${word}`);
}

/** Whether the USDT contract's blacklist holds `address`. */
export async function isBlacklisted(address: string): Promise<boolean> {
  return (await usdtConstantCall('isBlackListed(address)', address)) === 1n;
}

/** The USDT an address holds on chain now, in base units (micro-USDT): the contract's `balanceOf`. */
export function usdtBalanceOf(address: string): Promise<bigint> {
  return usdtConstantCall('balanceOf(address)', address);
}
