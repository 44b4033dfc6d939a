import {
  addressParameter,
  hexToTronAddress,
  MAINNET_USDT_CONTRACT,
  TRANSFER_TOPIC,
  type TransactionInfo,
  tronAddressToHex,
} from '@functions/data/tron';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The hash check imports the register of used transactions, whose data client reads its table at load.
vi.stubEnv('TABLE_NAME', 'unit-test');
let judgeTransaction: typeof import('@functions/domain/applications/chain-check').judgeTransaction;

beforeAll(async () => {
  ({ judgeTransaction } = await import('@functions/domain/applications/chain-check'));
});

/**
 * Judging a final USDT transaction against what was asked (docs/product.md §4 "USDT on chain"):
 * the USDT contract's Transfer event, to the wallet, exactly the amount, whatever form the amount
 * has (a decimal string such as "500.0037", or a number on instructions issued before it was).
 */
const WALLET = hexToTronAddress(`41${'11'.repeat(20)}`);
const SENDER = hexToTronAddress(`41${'22'.repeat(20)}`);
const OTHER = hexToTronAddress(`41${'33'.repeat(20)}`);
const USDT = tronAddressToHex(MAINNET_USDT_CONTRACT).slice(2);

function info(
  to: string,
  value: bigint,
  options: { contract?: string; result?: string } = {},
): TransactionInfo {
  return {
    id: 'a'.repeat(64),
    blockNumber: 1,
    blockTimeStamp: 1_700_000_000_000,
    result: options.result ?? 'SUCCESS',
    log: [
      {
        address: options.contract ?? USDT,
        topics: [TRANSFER_TOPIC, addressParameter(SENDER), addressParameter(to)],
        data: value.toString(16).padStart(64, '0'),
      },
    ],
  };
}

const judge = (found: TransactionInfo | null, amount: number | string, atHead = true) =>
  judgeTransaction(found, { to: WALLET, amount }, atHead, MAINNET_USDT_CONTRACT);

describe('judging a USDT transaction', () => {
  it('matches the wallet and the exact amount, as a decimal string or a number', () => {
    expect(judge(info(WALLET, 500_003_700n), '500.0037')).toEqual({ state: 'matched' });
    expect(judge(info(WALLET, 500_003_700n), 500.0037)).toEqual({ state: 'matched' });
    // 847.1 is no float sum: 20,000 × 0.042355 drifts to 847.0999999999999 in floats.
    expect(judge(info(WALLET, 847_100_000n), 847.1)).toEqual({ state: 'matched' });
  });

  it('is a mismatch one base unit off either way, naming what was sent and what was due', () => {
    expect(judge(info(WALLET, 500_003_699n), '500.0037')).toEqual({
      state: 'mismatch',
      reason: 'wrongAmount',
      sent: '500.003699',
      due: '500.0037',
    });
    expect(judge(info(WALLET, 500_003_701n), '500.0037')).toEqual({
      state: 'mismatch',
      reason: 'wrongAmount',
      sent: '500.003701',
      due: '500.0037',
    });
  });

  it('is a mismatch to another wallet, on another token, or when the call failed', () => {
    expect(judge(info(OTHER, 500_003_700n), '500.0037')).toEqual({
      state: 'mismatch',
      reason: 'wrongWallet',
    });
    expect(judge(info(WALLET, 500_003_700n, { contract: '44'.repeat(20) }), '500.0037')).toEqual({
      state: 'mismatch',
      reason: 'notUsdt',
    });
    expect(judge(info(WALLET, 500_003_700n, { result: 'REVERT' }), '500.0037')).toEqual({
      state: 'mismatch',
      reason: 'failed',
    });
  });

  it('is unverified when the final view lacks it: not final yet when the head has it, else not found', () => {
    expect(judge(null, '500.0037', true)).toEqual({ state: 'unverified', reason: 'notFinal' });
    expect(judge(null, '500.0037', false)).toEqual({ state: 'unverified', reason: 'notFound' });
  });
});
