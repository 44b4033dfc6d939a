import { type ApplicationRecord, findApplication } from '@functions/data/applications';
import { findAttachments } from '@functions/data/attachments';
import { type ChainUsePurpose, chainUseClaim, findChainUse } from '@functions/data/chain-uses';
import { type TransactItem, TransactionCancelledError } from '@functions/data/transactions';
import { parseAssetKey } from '@shared/assets';
import type { ChainCheck } from '@shared/contract/deal';
import { checkUsdtTransaction } from './chain-check';
import {
  ApplicationChangedMeanwhile,
  ChainTransactionUsed,
  ReceiptNotFound,
  StatusMovedMeanwhile,
} from './errors';

/*
 * What the client's, the staff's and the system's deal moves (client-deal.ts, staff-deal.ts,
 * chain/confirmation.ts) check and claim alike: who pays or receives USDT, the claim of a
 * transaction in the register of uses, the hash check, and what a write cancelled by another part means.
 */

/** The client pays, or receives, USDT: its transactions are read on chain and claimed in the register. */
export const paysUsdt = (application: ApplicationRecord) =>
  parseAssetKey(application.assetFrom ?? '')?.kind === 'crypto';

export const receivesUsdt = (application: ApplicationRecord) =>
  parseAssetKey(application.assetTo ?? '')?.kind === 'crypto';

/** The claim of a USDT transaction for a use of this deal (data/chain-uses.ts), as a part of its write. */
export function claimPart(
  purpose: ChainUsePurpose,
  applicationId: string,
  txId: string,
  by: string,
  now: Date,
): [string, TransactItem] {
  return ['chainUse', chainUseClaim({ txId, purpose, applicationId, by, at: now.toISOString() })];
}

/** The refusal of a transaction the register has for another use, naming that use. */
export async function usedRefusal(txId: string): Promise<ChainTransactionUsed> {
  const use = await findChainUse(txId);
  return new ChainTransactionUsed(use?.purpose ?? 'payment');
}

/**
 * What a write cancelled by another of its parts means (the move's own race is perform.ts's): the
 * application moved on meanwhile (409 with its status now), or it changed; another error as it is.
 */
export async function readRace(error: unknown, application: ApplicationRecord): Promise<unknown> {
  if (!(error instanceof TransactionCancelledError)) return error;
  const current = await findApplication(application.id);
  if (current && current.status !== application.status)
    return new StatusMovedMeanwhile(application.status, current.status);
  return new ApplicationChangedMeanwhile();
}

/** A receipt is a file the client sent in this application's thread (a message carries it). */
export async function requireReceipt(application: ApplicationRecord, receiptId: string): Promise<void> {
  const receipt = (await findAttachments([receiptId])).get(receiptId);
  const sent =
    receipt?.applicationId === application.id && receipt.side === 'client' && receipt.state === 'attached';
  if (!sent) throw new ReceiptNotFound();
}

/**
 * The client's USDT hash read on chain against the instructions' wallet and payable amount, made
 * between the time the client was first told that amount and the deadline, from a sender not on
 * the USDT blacklist, and used for nothing else; null when there is nothing to check (no hash, or
 * the client does not pay USDT to a wallet).
 */
export async function clientHashCheck(
  application: ApplicationRecord,
  txHash: string | null,
  now: Date,
): Promise<ChainCheck | null> {
  const instructions = application.instructions;
  const crypto = instructions?.crypto;
  if (!txHash || !crypto || !paysUsdt(application)) return null;
  return checkUsdtTransaction(
    txHash,
    {
      to: crypto.address,
      amount: crypto.amount,
      notBefore: Date.parse(crypto.since ?? instructions.issuedAt),
      notAfter: Date.parse(instructions.deadline),
    },
    {
      unknownIsMismatch: false,
      use: { purpose: 'payment', applicationId: application.id },
      screenSender: true,
    },
    now,
  );
}
