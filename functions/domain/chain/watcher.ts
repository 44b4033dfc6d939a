import { logger } from '@functions/commons/logger';
import { type ApplicationRecord, findApplication } from '@functions/data/applications';
import {
  type ChainTransferRecord,
  findChainCursor,
  findChainTransfer,
  markChainTransferConfirmed,
  type ReviewReason,
  recordChainReadFailure,
  recordChainTransfer,
  saveChainCursor,
  transfersAwaitingFinality,
} from '@functions/data/chain-transfers';
import { findPayableAmountHold, payableAmountHolds } from '@functions/data/payable-amounts';
import { listPaymentTemplates } from '@functions/data/payment-templates';
import {
  isBlacklisted,
  listIncomingUsdtTransfers,
  transactionInfo,
  type UsdtTransfer,
} from '@functions/data/tron';
import { moveOf } from '@shared/lifecycle';
import { unitsText } from '@shared/money';
import { movement } from '../applications/movements';
import { applyStatusChange, StatusChangedError } from '../applications/status-change';

/**
 * The chain watcher (docs/architecture.md "The chain watcher"): reads each receiving wallet's
 * incoming USDT transfers from its cursor, records each once by transaction id, and matches the
 * exact payable amount (payable-amount.ts) to the application holding it on that wallet. A match
 * in its window moves WAITING_PAYMENT → PAID and, once the transfer is final, → CONFIRMED (actor
 * the system, the movement in recorded as confirmPayment records it); anything else waits for
 * staff with a reason. A provider failure is logged and counted on the wallet's cursor, which stays
 * where it was: the next run reads the same transfers again.
 */

const USDT_DECIMALS = 6;
/** Base units in one 0.0001 step of a payable amount. */
const UNITS_PER_STEP = 100n;
/** Pages of one wallet read per run (200 transfers each): the rest on the next run, from the cursor. */
const MAX_PAGES_PER_WALLET = 10;
/** Matched transfers looked at for finality per run. */
const MAX_UNFINAL_PER_RUN = 100;
const SYSTEM = { id: null, role: 'SYSTEM' } as const;
const SYSTEM_ID = 'system';
const PAYABLE: readonly string[] = ['WAITING_PAYMENT', 'PAID'];

export interface WatchRun {
  wallets: number;
  /** Transfers the provider listed (repeats included). */
  read: number;
  /** Transfers recorded for the first time. */
  recorded: number;
  matched: number;
  confirmed: number;
  review: number;
  /** Wallets whose read failed (their cursors stay). */
  failures: number;
}

export interface ReceivingWallet {
  address: string;
  /** When its first USDT template was saved (ms): its first read starts there, not at its history's start. */
  watchedSince: number;
}

/** The receiving wallets: the USDT templates' distinct addresses. */
export async function receivingWallets(): Promise<ReceivingWallet[]> {
  const since = new Map<string, number>();
  for (const template of await listPaymentTemplates()) {
    if (template.kind !== 'usdt') continue;
    const saved = Date.parse(template.createdAt);
    since.set(template.address, Math.min(saved, since.get(template.address) ?? saved));
  }
  return [...since].map(([address, watchedSince]) => ({ address, watchedSince }));
}

interface Verdict {
  state: 'matched' | 'review';
  reason: ReviewReason | null;
  application: ApplicationRecord | null;
}

const inWindow = (application: ApplicationRecord, blockTimestamp: number) =>
  application.paymentDeadline !== null && blockTimestamp <= Date.parse(application.paymentDeadline);

/**
 * What a transfer to `wallet` is: the exact payable amount of an application waiting for it, in
 * its window (matched); or for staff: from a blacklisted sender, late (its application EXPIRED or
 * its window over), under- or overpaid (the nearest amount held on the wallet at the time, within
 * 10 %), or unknown.
 */
async function classify(wallet: string, transfer: UsdtTransfer): Promise<Verdict> {
  const value = BigInt(transfer.value);
  const blacklisted = await isBlacklisted(transfer.from);
  let application: ApplicationRecord | null = null;
  if (value % UNITS_PER_STEP === 0n) {
    const hold = await findPayableAmountHold(wallet, value / UNITS_PER_STEP);
    application = hold ? ((await findApplication(hold.applicationId)) ?? null) : null;
  }
  if (blacklisted) return { state: 'review', reason: 'blacklisted', application };
  if (application) {
    if (PAYABLE.includes(application.status) && inWindow(application, transfer.blockTimestamp))
      return { state: 'matched', reason: null, application };
    if (application.status === 'EXPIRED' || !inWindow(application, transfer.blockTimestamp))
      return { state: 'review', reason: 'late', application };
    return { state: 'review', reason: 'unknown', application };
  }
  const steps = value / UNITS_PER_STEP;
  const at = new Date(transfer.blockTimestamp).toISOString();
  const nearby = (await payableAmountHolds(wallet, (steps * 9n) / 10n, (steps * 11n) / 10n + 1n))
    .filter((hold) => hold.heldUntil >= at)
    .map((hold) => ({ hold, distance: abs(hold.units * UNITS_PER_STEP - value) }))
    .sort((a, b) => (a.distance < b.distance ? -1 : a.distance > b.distance ? 1 : 0));
  for (const { hold } of nearby) {
    const candidate = await findApplication(hold.applicationId);
    if (!candidate || !PAYABLE.includes(candidate.status)) continue;
    const reason = value < hold.units * UNITS_PER_STEP ? 'underpaid' : 'overpaid';
    return { state: 'review', reason, application: candidate };
  }
  return { state: 'review', reason: 'unknown', application: null };
}

const abs = (value: bigint) => (value < 0n ? -value : value);

/** A transfer seen for the first time: classified and recorded; false when it was recorded before. */
async function takeTransfer(
  wallet: string,
  transfer: UsdtTransfer,
  now: Date,
): Promise<ChainTransferRecord | null> {
  if (await findChainTransfer(transfer.txId)) return null;
  const verdict = await classify(wallet, transfer);
  const record: ChainTransferRecord = {
    txId: transfer.txId,
    from: transfer.from,
    to: transfer.to,
    amount: unitsText(BigInt(transfer.value), USDT_DECIMALS),
    value: transfer.value,
    blockTimestamp: transfer.blockTimestamp,
    seenAt: now.toISOString(),
    state: verdict.state,
    reason: verdict.reason,
    applicationId: verdict.application?.id ?? null,
    confirmedAt: null,
  };
  return (await recordChainTransfer(record)) ? record : null;
}

/**
 * Reads one wallet from its cursor, page by page, recording each page's transfers before the
 * cursor moves past them. The last page's latest block time becomes the next read's
 * `min_timestamp` (inclusive: the transfers of that block come again and are known by id).
 */
async function readWallet(
  { address: wallet, watchedSince }: ReceivingWallet,
  run: WatchRun,
  taken: ChainTransferRecord[],
  now: Date,
) {
  const cursor = await findChainCursor(wallet, watchedSince);
  let { minTimestamp, fingerprint } = cursor;
  let latest = minTimestamp;
  for (let pages = 0; pages < MAX_PAGES_PER_WALLET; pages += 1) {
    const page = await listIncomingUsdtTransfers(wallet, { minTimestamp, fingerprint });
    for (const transfer of page.transfers) {
      run.read += 1;
      if (transfer.to !== wallet) continue;
      latest = Math.max(latest, transfer.blockTimestamp);
      const record = await takeTransfer(wallet, transfer, now);
      if (!record) continue;
      run.recorded += 1;
      if (record.state === 'matched') run.matched += 1;
      else run.review += 1;
      taken.push(record);
    }
    if (page.fingerprint) {
      fingerprint = page.fingerprint;
      await saveChainCursor(wallet, { minTimestamp, fingerprint }, now.toISOString());
      continue;
    }
    await saveChainCursor(wallet, { minTimestamp: latest, fingerprint: null }, now.toISOString());
    return;
  }
}

/** A matched transfer: its application PAID while not final, CONFIRMED once final. */
export async function settle(record: ChainTransferRecord, now: Date): Promise<boolean> {
  if (!record.applicationId) return false;
  const application = await findApplication(record.applicationId);
  if (!application) return false;
  const final = await transactionInfo(record.txId, { solidified: true });
  const at = now.toISOString();
  try {
    if (!final) {
      if (moveOf('chainWatcher', application.status, 'PAID'))
        await applyStatusChange(
          {
            application,
            from: application.status,
            to: 'PAID',
            actor: SYSTEM,
            details: { txId: record.txId, amount: record.amount },
          },
          now,
        );
      return false;
    }
    if (moveOf('chainWatcher', application.status, 'CONFIRMED'))
      await applyStatusChange(
        {
          application,
          from: application.status,
          to: 'CONFIRMED',
          actor: SYSTEM,
          fields: { paymentConfirmation: { at, by: SYSTEM_ID, txHash: record.txId, note: null } },
          details: { txId: record.txId, amount: record.amount, confirmedAt: at },
          parts: movement(application, 'in', { staffId: SYSTEM_ID, at, reference: record.txId, note: null }),
        },
        now,
      );
  } catch (error) {
    // Someone moved it meanwhile (staff confirmed, the client cancelled): the next run looks again.
    if (!(error instanceof StatusChangedError)) throw error;
    return false;
  }
  // Final, and its application confirmed (by this move or before it): the transfer is done.
  return markChainTransferConfirmed(record.txId, at);
}

/** One run of the watcher over every receiving wallet, then the matched transfers not final yet. */
export async function watchChain(now = new Date()): Promise<WatchRun> {
  const wallets = await receivingWallets();
  const run: WatchRun = {
    wallets: wallets.length,
    read: 0,
    recorded: 0,
    matched: 0,
    confirmed: 0,
    review: 0,
    failures: 0,
  };
  const taken: ChainTransferRecord[] = [];
  for (const wallet of wallets) {
    try {
      await readWallet(wallet, run, taken, now);
    } catch (error) {
      run.failures += 1;
      logger.warn('chain watcher: wallet not read, its cursor stays', {
        wallet: wallet.address,
        error: error as Error,
      });
      await recordChainReadFailure(wallet.address, (error as Error).message, now.toISOString()).catch(
        () => {},
      );
    }
  }
  const matched = new Map(
    [
      ...taken.filter((record) => record.state === 'matched'),
      ...(await transfersAwaitingFinality(MAX_UNFINAL_PER_RUN)),
    ].map((record) => [record.txId, record]),
  );
  for (const record of matched.values()) {
    try {
      if (await settle(record, now)) run.confirmed += 1;
    } catch (error) {
      run.failures += 1;
      logger.warn('chain watcher: transfer not settled, the next run tries again', {
        txId: record.txId,
        error: error as Error,
      });
    }
  }
  return run;
}
