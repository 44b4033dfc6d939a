import { logger } from '@functions/commons/logger';
import {
  type TransactionInfo,
  TronUnavailable,
  transactionInfo,
  tronConfig,
  usdtTransferIn,
} from '@functions/data/tron';
import type { ChainCheck } from '@shared/contract/deal';
import { compare, type DecimalLike, ofUnits } from '@shared/money';

/*
 * The server's check of one USDT transaction on chain (docs/product.md §4 "USDT on chain",
 * docs/architecture.md "Verifying a hash on chain"): the client's "I have paid" hash against the
 * instructions' wallet and payable amount, staff's payout hash against the client's address and
 * the receive amount. Read final (/walletsolidity/); the USDT Transfer event must name the USDT
 * contract, the wallet as `to` and exactly the amount. A provider failure is "unverified", never
 * an error: the caller's request goes on.
 */

/** USDT's decimals on TRON: the event's value is in these base units. */
const USDT_DECIMALS = 6;

export interface ExpectedTransfer {
  to: string;
  /** The amount in USDT, as a number or decimal string ("500.0037"). */
  amount: DecimalLike;
}

type Outcome = Omit<ChainCheck, 'at'>;

/**
 * What a final transaction's info says against what was expected. `info` null: the final view does
 * not have it; `atHead` then tells whether the head has it (not final yet) or nobody does.
 */
export function judgeTransaction(
  info: TransactionInfo | null,
  expected: ExpectedTransfer,
  atHead: boolean,
  usdtContract?: string,
): Outcome {
  if (!info)
    return atHead ? { state: 'unverified', reason: 'notFinal' } : { state: 'unverified', reason: 'notFound' };
  if (info.result !== null && info.result !== 'SUCCESS') return { state: 'mismatch', reason: 'failed' };
  const transfer = usdtTransferIn(info, usdtContract);
  if (!transfer) return { state: 'mismatch', reason: 'notUsdt' };
  if (transfer.to !== expected.to) return { state: 'mismatch', reason: 'wrongWallet' };
  if (compare(ofUnits(BigInt(transfer.value), USDT_DECIMALS), expected.amount) !== 0)
    return { state: 'mismatch', reason: 'wrongAmount' };
  return { state: 'matched' };
}

/**
 * Reads `txHash` final (and at the head when the final view lacks it) and judges it; never throws.
 * A transaction nobody knows is a mismatch when `unknownIsMismatch` (staff's payout hash), else
 * unverified (the client's hash may not have reached the provider yet).
 */
export async function checkUsdtTransaction(
  txHash: string,
  expected: ExpectedTransfer,
  options: { unknownIsMismatch: boolean },
  now = new Date(),
): Promise<ChainCheck> {
  const at = now.toISOString();
  try {
    const final = await transactionInfo(txHash, { solidified: true });
    const atHead = final ? true : (await transactionInfo(txHash, { solidified: false })) !== null;
    const outcome = judgeTransaction(final, expected, atHead, tronConfig()?.usdtContract);
    if (outcome.reason === 'notFound' && options.unknownIsMismatch)
      return { state: 'mismatch', reason: 'notFound', at };
    return { ...outcome, at };
  } catch (error) {
    if (!(error instanceof TronUnavailable)) logger.error('chain check failed', { error: String(error) });
    else logger.warn('chain check unverified: the TRON provider failed', { error: String(error) });
    return { state: 'unverified', reason: 'providerFailed', at };
  }
}
