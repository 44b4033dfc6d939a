import { logger } from '@functions/commons/logger';
import { type ChainUse, findChainUse, isSameUse } from '@functions/data/chain-uses';
import {
  isBlacklisted,
  type TransactionInfo,
  TronUnavailable,
  transactionInfo,
  tronConfig,
  usdtTransferIn,
} from '@functions/data/tron';
import { USDT_DECIMALS } from '@shared/assets';
import type { ChainCheck } from '@shared/contract/deal';
import { compare, type DecimalLike, decimal, ofUnits, unitsText } from '@shared/money';

/*
 * The server's check of one USDT transaction on chain (docs/product.md §4 "USDT on chain",
 * docs/architecture.md "Verifying a hash on chain"): the client's "I have paid" hash against the
 * instructions' wallet, payable amount and payment window, from a sender not on the USDT
 * blacklist; staff's payout hash against the client's address and the receive amount, from one of
 * the office's wallets. Either is refused when the transaction was already used for anything else
 * (data/chain-uses.ts). Read final (/walletsolidity/); the USDT Transfer event must name the USDT
 * contract. A provider failure is "unverified", never an error: the caller's request goes on.
 */

export interface ExpectedTransfer {
  to: string;
  /** The amount in USDT, as a number or decimal string ("500.0037"). */
  amount: DecimalLike;
  /** The block's time must be within this window (ms): a payment after its instructions, before the deadline. */
  notBefore?: number;
  notAfter?: number;
  /** The sender must be one of these (a payout leaves one of the office's wallets). */
  senders?: readonly string[];
}

type Outcome = Omit<ChainCheck, 'at'>;

/** A decimal written exactly as it is ("500.0037"). */
const decimalText = (value: DecimalLike) => {
  const { units, scale } = decimal(value);
  return unitsText(units, scale);
};

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
  // Who sent it and when come before the amount: a transfer from another sender, or sent before the
  // instructions, is never this deal's money, and a wrong amount is (staff may still take it as such).
  if (expected.senders && !expected.senders.includes(transfer.from))
    return { state: 'mismatch', reason: 'notOfficeWallet' };
  const blockTime = info.blockTimeStamp;
  if ((expected.notBefore !== undefined || expected.notAfter !== undefined) && blockTime === null)
    return { state: 'unverified', reason: 'providerFailed' };
  if (expected.notBefore !== undefined && blockTime !== null && blockTime < expected.notBefore)
    return { state: 'mismatch', reason: 'beforeInstructions' };
  const sent = ofUnits(BigInt(transfer.value), USDT_DECIMALS);
  // Both amounts named, so staff see what to top up or send back without opening the chain.
  if (compare(sent, expected.amount) !== 0)
    return {
      state: 'mismatch',
      reason: 'wrongAmount',
      sent: unitsText(sent.units, USDT_DECIMALS),
      due: decimalText(expected.amount),
    };
  if (expected.notAfter !== undefined && blockTime !== null && blockTime > expected.notAfter)
    return { state: 'mismatch', reason: 'afterDeadline' };
  return { state: 'matched' };
}

export interface CheckOptions {
  /** A transaction nobody knows is a mismatch (staff's payout hash: they say they sent it), else unverified. */
  unknownIsMismatch: boolean;
  /** The use the transaction is checked for: one used for anything else is refused before the chain is asked. */
  use: Pick<ChainUse, 'purpose' | 'applicationId'>;
  /** Ask the USDT blacklist about the sender (a client's payment: blacklisted money pays no deal). */
  screenSender?: boolean;
}

/**
 * Reads `txHash` final (and at the head when the final view lacks it) and judges it; never throws.
 * A transaction already used for another purpose or deal is `alreadyUsed` (the register's claim in
 * the caller's write is what guarantees it; this says why beforehand).
 */
export async function checkUsdtTransaction(
  txHash: string,
  expected: ExpectedTransfer,
  options: CheckOptions,
  now = new Date(),
): Promise<ChainCheck> {
  const at = now.toISOString();
  try {
    const used = await findChainUse(txHash);
    if (used && !isSameUse(used, options.use)) return { state: 'mismatch', reason: 'alreadyUsed', at };
    const final = await transactionInfo(txHash, { solidified: true });
    const atHead = final ? true : (await transactionInfo(txHash, { solidified: false })) !== null;
    const outcome = judgeTransaction(final, expected, atHead, tronConfig()?.usdtContract);
    if (outcome.reason === 'notFound' && options.unknownIsMismatch)
      return { state: 'mismatch', reason: 'notFound', at };
    if (outcome.state === 'matched' && options.screenSender && final) {
      const sender = usdtTransferIn(final, tronConfig()?.usdtContract)!.from;
      if (await isBlacklisted(sender)) return { state: 'mismatch', reason: 'blacklistedSender', at };
    }
    return { ...outcome, at };
  } catch (error) {
    if (!(error instanceof TronUnavailable)) logger.error('chain check failed', { error: String(error) });
    else logger.warn('chain check unverified: the TRON provider failed', { error: String(error) });
    return { state: 'unverified', reason: 'providerFailed', at };
  }
}
