import {
  addressParameter,
  hexToTronAddress,
  MAINNET_USDT_CONTRACT,
  TRANSFER_TOPIC,
  type TransactionInfo,
  toTransactionInfo,
  toTransferPage,
  tronAddressToHex,
  usdtTransferIn,
  wordToDecimal,
} from '@functions/data/tron';
import { describe, expect, it } from 'vitest';

/*
 * The TRON adapter's decoding (functions/data/tron.ts). The vectors are public: USDT's mainnet
 * contract is 41a614f8…d13c, and TZ4UXDV5… is the owner whose parameter TronGrid's documented
 * balanceOf example passes.
 */
const USDT_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const OWNER = 'TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2g';
const OWNER_HEX = '41fd49eda0f23ff7ec1d03b52c3a45991c24cd440e';
const WALLET = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV'; // 41 then 0x11 × 20

describe('TRON addresses', () => {
  it('decodes a T-address to its 41-prefixed hex and back', () => {
    expect(tronAddressToHex(MAINNET_USDT_CONTRACT)).toBe(USDT_HEX);
    expect(tronAddressToHex(OWNER)).toBe(OWNER_HEX);
    expect(hexToTronAddress(USDT_HEX)).toBe(MAINNET_USDT_CONTRACT);
    expect(hexToTronAddress(`41${'11'.repeat(20)}`)).toBe(WALLET);
  });

  it('reads the bare 20 bytes and a left-padded 32-byte topic word as the same address', () => {
    expect(hexToTronAddress(OWNER_HEX.slice(2))).toBe(OWNER);
    expect(hexToTronAddress(OWNER_HEX.slice(2).padStart(64, '0'))).toBe(OWNER);
    expect(hexToTronAddress(`0x${OWNER_HEX.slice(2).toUpperCase()}`)).toBe(OWNER);
  });

  it('refuses what is not an address', () => {
    expect(() => tronAddressToHex('TZ4UXDV5ZhNW7fb2AMSbgfAEZ7hWsnYS2h')).toThrow(); // checksum
    expect(() => tronAddressToHex('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toThrow(); // not 0x41
    expect(() => hexToTronAddress('42'.repeat(21))).toThrow();
    expect(() => hexToTronAddress(`ff${'11'.repeat(31)}`)).toThrow(); // a word that is not an address
  });

  it('writes an address as an ABI argument: its 20 bytes left-padded to 64 hex characters', () => {
    expect(addressParameter(OWNER)).toBe(`000000000000000000000000${OWNER_HEX.slice(2)}`);
    expect(addressParameter(OWNER)).toHaveLength(64);
  });
});

describe('values', () => {
  it('reads a 32-byte word as an exact decimal string, beyond what a float holds', () => {
    expect(wordToDecimal('1dcd6500'.padStart(64, '0'))).toBe('500000000');
    expect(() => wordToDecimal('1'.repeat(65))).toThrow();
    expect(wordToDecimal(`${'0'.repeat(48)}${'f'.repeat(16)}`)).toBe('18446744073709551615');
    expect(wordToDecimal('f'.repeat(64))).toBe((2n ** 256n - 1n).toString());
    expect(() => wordToDecimal('xyz')).toThrow();
  });
});

const transferLog = (from: string, to: string, value: bigint, contractHex = USDT_HEX.slice(2)) => ({
  address: contractHex,
  topics: [TRANSFER_TOPIC, addressParameter(from), addressParameter(to)],
  data: value.toString(16).padStart(64, '0'),
});

describe('the USDT Transfer event', () => {
  const info = (log: TransactionInfo['log'], result: string | null = 'SUCCESS'): TransactionInfo => ({
    id: 'a'.repeat(64),
    blockNumber: 1,
    blockTimeStamp: 1_700_000_000_000,
    result,
    log,
  });

  it('gives from, to and the exact value in base units', () => {
    const event = usdtTransferIn(info([transferLog(OWNER, WALLET, 500_003_700n)]), MAINNET_USDT_CONTRACT);
    expect(event).toEqual({ from: OWNER, to: WALLET, value: '500003700' });
  });

  it("skips another contract's Transfer and other events, and finds the USDT one after them", () => {
    const other = transferLog(OWNER, WALLET, 1n, '22'.repeat(20));
    const approval = { ...transferLog(OWNER, WALLET, 2n), topics: ['8c5be1e5'.padEnd(64, '0')] };
    const usdt = transferLog(WALLET, OWNER, 7n);
    expect(usdtTransferIn(info([other, approval, usdt]), MAINNET_USDT_CONTRACT)).toEqual({
      from: WALLET,
      to: OWNER,
      value: '7',
    });
    expect(usdtTransferIn(info([other, approval]), MAINNET_USDT_CONTRACT)).toBeNull();
  });

  it('is none for a call that failed', () => {
    expect(
      usdtTransferIn(info([transferLog(OWNER, WALLET, 5n)], 'REVERT'), MAINNET_USDT_CONTRACT),
    ).toBeNull();
  });

  it('reads the node answer: {} is unknown (or not final), a known one keeps its log', () => {
    expect(toTransactionInfo({})).toBeNull();
    const parsed = toTransactionInfo({
      id: 'b'.repeat(64),
      blockNumber: 70_000_000,
      blockTimeStamp: 1_700_000_003_000,
      contract_address: USDT_HEX,
      receipt: { result: 'SUCCESS' },
      log: [transferLog(OWNER, WALLET, 10n), { address: 5 }],
    });
    expect(parsed).toEqual({
      id: 'b'.repeat(64),
      blockNumber: 70_000_000,
      blockTimeStamp: 1_700_000_003_000,
      result: 'SUCCESS',
      log: [transferLog(OWNER, WALLET, 10n)],
    });
  });
});

describe('the transfers list', () => {
  const item = (txId: string, value: unknown, token = MAINNET_USDT_CONTRACT) => ({
    transaction_id: txId,
    token_info: { symbol: 'USDT', address: token, decimals: 6, name: 'Tether USD' },
    block_timestamp: 1_700_000_000_000,
    from: OWNER,
    to: WALLET,
    type: 'Transfer',
    value,
  });

  it('keeps USDT transfers with integer values as strings, skips other tokens and malformed items', () => {
    const page = toTransferPage(
      {
        success: true,
        data: [
          item('t1', '123456789012345678901234567890'),
          item('t2', '5', 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj'),
          item('t3', 1.5),
          item('t4', '1.5'),
          item('t5', '0007'),
        ],
        meta: { at: 1, page_size: 5, fingerprint: 'next-page' },
      },
      MAINNET_USDT_CONTRACT,
    );
    expect(page.fingerprint).toBe('next-page');
    expect(page.transfers).toEqual([
      {
        txId: 't1',
        from: OWNER,
        to: WALLET,
        value: '123456789012345678901234567890',
        blockTimestamp: 1_700_000_000_000,
      },
      { txId: 't5', from: OWNER, to: WALLET, value: '7', blockTimestamp: 1_700_000_000_000 },
    ]);
  });

  it('has no next page without a fingerprint, and refuses an answer without a list', () => {
    expect(
      toTransferPage({ success: true, data: [], meta: { at: 1, page_size: 0 } }, MAINNET_USDT_CONTRACT),
    ).toEqual({
      transfers: [],
      fingerprint: null,
    });
    expect(() => toTransferPage({ success: false, error: 'x' }, MAINNET_USDT_CONTRACT)).toThrow();
  });
});
