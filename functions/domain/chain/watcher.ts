import { logger, withLogKeys } from '@functions/commons/logger';
import { NO_BUDGET, type RunBudget } from '@functions/commons/run-budget';
import { type ApplicationRecord, findApplication } from '@functions/data/applications';
import {
  type ChainProviderBackoff,
  type ChainTransferRecord,
  chainTransferConfirmation,
  findChainCursor,
  findChainProviderBackoff,
  findChainTransfer,
  markChainTransferConfirmed,
  markChainTransferUsed,
  type ReviewReason,
  recordChainReadFailure,
  recordChainTransfer,
  returnChainTransferToReview,
  saveChainCursor,
  saveChainProviderBackoff,
  transfersAwaitingFinality,
} from '@functions/data/chain-transfers';
import { type ChainUsePurpose, chainUseClaim, findChainUse } from '@functions/data/chain-uses';
import { findPayableAmountHold, payableAmountHolds } from '@functions/data/payable-amounts';
import { TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import {
  isBlacklisted,
  listIncomingUsdtTransfers,
  TronUnavailable,
  transactionInfo,
  type UsdtTransfer,
} from '@functions/data/tron';
import { USDT_DECIMALS } from '@shared/assets';
import { SYSTEM_ID } from '@shared/contract/deal';
import { endedByExpiry, moveOf } from '@shared/lifecycle';
import { unitsText } from '@shared/money';
import { MoveRefused } from '../applications/errors';
import { recordedTransferItems } from './chain-events';
import { type ChainPayment, markPaidOnChain, screenedPaymentOnChain } from './confirmation';
import { type OfficeWallet, officeWallets } from './wallets';

/**
 * The chain watcher (docs/architecture.md "The chain watcher"): reads each receiving wallet's
 * incoming USDT transfers from its cursor, records each once by transaction id, and matches the
 * exact payable amount (payable-amount.ts) to the application holding it on that wallet. A match
 * in its window moves WAITING_PAYMENT → PAID and, once the transfer is final, → CONFIRMED (actor
 * the system, the movement in recorded as confirmPayment records it), claiming the transaction as
 * that deal's payment (data/chain-uses.ts); a transaction already used otherwise is recorded
 * against its use; anything else waits for staff with a reason. A provider failure is logged and
 * counted on the wallet's cursor, which stays where it was: the next run reads the same transfers
 * again. The lines about a transfer, and the outbox items its moves queue, carry its txId as their
 * correlation id: a payment on chain is followed by its txId to the mails it caused.
 */

/** Base units in one 0.0001 step of a payable amount. */
const UNITS_PER_STEP = 100n;
/** Pages of one wallet read per run (200 transfers each): the rest on the next run, from the cursor. */
const MAX_PAGES_PER_WALLET = 10;
/** Matched transfers looked at for finality per run. */
const MAX_UNFINAL_PER_RUN = 100;
/** Holds read to name the deal nearest an amount nobody holds (a hint for staff, not a match). */
const NEARBY_HOLDS_READ = 200;

export interface WatchRun {
  wallets: number;
  /** Transfers the provider listed (repeats included). */
  read: number;
  /** Transfers recorded for the first time. */
  recorded: number;
  matched: number;
  confirmed: number;
  review: number;
  /** Transfers recorded against a use the register already had (a client's hash, a payout, a refund). */
  used: number;
  /** Wallets whose read failed (their cursors stay) and matched transfers not settled. */
  failures: number;
  /** The provider failed in the runs before: this run left it alone (the back-off). */
  backedOff: boolean;
  /** The run's time ran out before its work did: the next run goes on from the cursors. */
  unfinished: boolean;
}

interface Verdict {
  state: 'matched' | 'review' | 'used';
  reason: ReviewReason | null;
  applicationId: string | null;
  usePurpose?: ChainUsePurpose;
}

const paysNow = (application: ApplicationRecord) => moveOf('chainWatcher', application.status) !== undefined;
const inWindow = (application: ApplicationRecord, blockTimestamp: number) =>
  application.paymentDeadline !== null && blockTimestamp <= Date.parse(application.paymentDeadline);

/**
 * The application told to pay exactly this transfer's amount on this wallet, if it was told before
 * the transfer was made: money sent before a deal's instructions is not its payment (a hold passes
 * to a newer deal only after the older one ended and its retention ran out).
 */
async function holderOf(wallet: string, transfer: UsdtTransfer): Promise<ApplicationRecord | null> {
  const value = BigInt(transfer.value);
  if (value % UNITS_PER_STEP !== 0n) return null;
  const hold = await findPayableAmountHold(wallet, value / UNITS_PER_STEP);
  if (!hold || transfer.blockTimestamp < Date.parse(hold.since)) return null;
  return (await findApplication(hold.applicationId)) ?? null;
}

/**
 * What a transfer to `wallet` is: already used (the register has it); the exact payable amount of
 * an application waiting for it, in its window (matched); or for staff: from a blacklisted sender,
 * late (its application EXPIRED or its window over), under- or overpaid (the nearest amount held
 * on the wallet at the time, within 10 %), or unknown.
 */
async function classify(wallet: string, transfer: UsdtTransfer): Promise<Verdict> {
  const used = await findChainUse(transfer.txId);
  if (used) {
    // A client's hash claimed it as their deal's payment, and the deal still waits for it to be
    // confirmed (its screening had not answered): the watcher screens and confirms it as a match.
    const claimant =
      used.purpose === 'payment' && used.applicationId
        ? await findApplication(used.applicationId)
        : undefined;
    if (claimant && paysNow(claimant) && !claimant.paymentConfirmation)
      return { state: 'matched', reason: null, applicationId: claimant.id };
    return { state: 'used', reason: null, applicationId: used.applicationId, usePurpose: used.purpose };
  }
  const blacklisted = await isBlacklisted(transfer.from);
  const application = await holderOf(wallet, transfer);
  const review = (reason: ReviewReason, applicationId = application?.id ?? null): Verdict => ({
    state: 'review',
    reason,
    applicationId,
  });
  if (blacklisted) return review('blacklisted');
  if (application) {
    if (paysNow(application) && inWindow(application, transfer.blockTimestamp))
      return { state: 'matched', reason: null, applicationId: application.id };
    if (endedByExpiry(application.status) || !inWindow(application, transfer.blockTimestamp))
      return review('late');
    return review('unknown');
  }
  const value = BigInt(transfer.value);
  const steps = value / UNITS_PER_STEP;
  const at = new Date(transfer.blockTimestamp).toISOString();
  const nearby = (
    await payableAmountHolds(wallet, (steps * 9n) / 10n, (steps * 11n) / 10n + 1n, NEARBY_HOLDS_READ)
  )
    .filter((hold) => hold.heldUntil >= at && hold.since <= at)
    .map((hold) => ({ hold, distance: abs(hold.units * UNITS_PER_STEP - value) }))
    .sort((a, b) => (a.distance < b.distance ? -1 : a.distance > b.distance ? 1 : 0));
  for (const { hold } of nearby) {
    const candidate = await findApplication(hold.applicationId);
    if (!candidate || !paysNow(candidate)) continue;
    return review(value < hold.units * UNITS_PER_STEP ? 'underpaid' : 'overpaid', candidate.id);
  }
  return review('unknown', null);
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
    applicationId: verdict.applicationId,
    confirmedAt: null,
    ...(verdict.usePurpose ? { usePurpose: verdict.usePurpose } : {}),
  };
  // What it tells staff (live, the staff group) is written with it, once.
  if (!(await recordChainTransfer(record, await recordedTransferItems(record, now)))) return null;
  logger.info('chain transfer recorded', {
    state: record.state,
    reason: record.reason,
    applicationId: record.applicationId,
  });
  return record;
}

/** The log keys of the work on one transfer: its txId, which is also what it is done for. */
const transferKeys = (txId: string) => ({ txId, correlationId: txId });

/**
 * Reads one wallet from its cursor, page by page, recording each page's transfers before the
 * cursor moves past them. The last page's latest block time becomes the next read's
 * `min_timestamp` (inclusive: the transfers of that block come again and are known by id).
 */
async function readWallet(
  { address: wallet, watchedSince }: OfficeWallet,
  run: WatchRun,
  taken: ChainTransferRecord[],
  now: Date,
  budget: RunBudget,
) {
  const cursor = await findChainCursor(wallet, watchedSince);
  let { minTimestamp, fingerprint } = cursor;
  let latest = minTimestamp;
  for (let pages = 0; pages < MAX_PAGES_PER_WALLET; pages += 1) {
    if (budget.over()) return stopEarly(run);
    const page = await listIncomingUsdtTransfers(wallet, { minTimestamp, fingerprint });
    for (const transfer of page.transfers) {
      if (budget.over()) {
        // Out of time mid-page: the next read starts at the last block read (min_timestamp is
        // inclusive, and the transfers it meets again are known by id), so every run gets further.
        if (latest > minTimestamp)
          await saveChainCursor(wallet, { minTimestamp: latest, fingerprint: null }, now.toISOString());
        return stopEarly(run);
      }
      run.read += 1;
      if (transfer.to !== wallet) continue;
      latest = Math.max(latest, transfer.blockTimestamp);
      const record = await withLogKeys(transferKeys(transfer.txId), () =>
        takeTransfer(wallet, transfer, now),
      );
      if (!record) continue;
      run.recorded += 1;
      run[record.state === 'matched' ? 'matched' : record.state === 'used' ? 'used' : 'review'] += 1;
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

/** Who confirms a matched transfer: the staff member who attached it, else the system. */
const confirmerOf = (record: ChainTransferRecord) =>
  record.resolvedBy && record.resolvedByRole ? { id: record.resolvedBy, role: record.resolvedByRole } : null;

/**
 * A matched transfer: its application PAID while not final, CONFIRMED once final, each move
 * claiming the transaction as its payment. A claim refused (the transaction was used otherwise
 * meanwhile) records the transfer against that use. True when the transfer is done (confirmed).
 */
export async function settle(record: ChainTransferRecord, now: Date): Promise<boolean> {
  if (!record.applicationId) return false;
  const application = await findApplication(record.applicationId);
  if (!application) return false;
  const final = await transactionInfo(record.txId, { solidified: true });
  const payment: ChainPayment = {
    txId: record.txId,
    amount: record.amount,
    confirmer: confirmerOf(record),
    late: !inWindow(application, record.blockTimestamp),
  };
  try {
    if (!final) {
      await markPaidOnChain(application, payment, now);
      return false;
    }
    const recorded = await screenedPaymentOnChain(application, { ...payment, sender: record.from }, now);
    // The AML check has not answered yet: the deal shows the money seen (and cannot expire unpaid
    // meanwhile), the transfer stays matched, and the next run asks again.
    if (recorded === 'screening') {
      await markPaidOnChain(application, payment, now);
      return false;
    }
    if (recorded) return markChainTransferConfirmed(record.txId, now.toISOString());
    return await settledBefore(record, application, now);
  } catch (error) {
    // Someone moved it meanwhile (staff confirmed, the client cancelled): the next run looks again.
    if (error instanceof MoveRefused) return false;
    if (error instanceof TransactionCancelledError && error.failedOn('chainUse')) {
      const use = await findChainUse(record.txId);
      if (use) await markChainTransferUsed(record.txId, use);
      return false;
    }
    throw error;
  }
}

/**
 * A final transfer whose application is already past its payment (staff confirmed it by hand, or
 * it moved on): it is that payment when the confirmation named this transaction or none (then it
 * is claimed for it now); when it named another, this is money the deal did not ask for, and it
 * waits for staff.
 */
async function settledBefore(record: ChainTransferRecord, application: ApplicationRecord, now: Date) {
  const confirmedWith = application.paymentConfirmation?.txHash ?? null;
  if (!application.paymentConfirmation || (confirmedWith && confirmedWith !== record.txId)) {
    await returnChainTransferToReview(record.txId, endedByExpiry(application.status) ? 'late' : 'unknown');
    return false;
  }
  const at = now.toISOString();
  await transactWrite([
    chainUseClaim({
      txId: record.txId,
      purpose: 'payment',
      applicationId: application.id,
      by: application.paymentConfirmation.by ?? SYSTEM_ID,
      at,
    }),
    chainTransferConfirmation(record.txId, at),
  ]).catch(async (error: unknown) => {
    if (!(error instanceof TransactionCancelledError)) throw error;
    const use = await findChainUse(record.txId);
    if (use) await markChainTransferUsed(record.txId, use);
  });
  return (await findChainTransfer(record.txId))?.state === 'confirmed';
}

/** The run ran out of its budget: what is left waits for the next run, from the cursors. */
function stopEarly(run: WatchRun): void {
  run.unfinished = true;
}

/** How long the watcher leaves the provider alone after failures in a row: 1, 2, 4, 8, then 15 minutes. */
const BACKOFF_MINUTES = [1, 2, 4, 8, 15];

/**
 * One run of the watcher over every receiving wallet, then the matched transfers not final yet,
 * within `budget` (the scheduled run's time): what it has no time for waits for the next run. While
 * the TRON provider keeps failing (slow, refusing, down), runs leave it alone for longer and longer
 * (`CHAINPROVIDER/BACKOFF`), so a slow provider is not called harder; a run that reads without a
 * provider failure ends the back-off.
 */
export async function watchChain(now = new Date(), budget: RunBudget = NO_BUDGET): Promise<WatchRun> {
  const wallets = await officeWallets();
  const run: WatchRun = {
    wallets: wallets.length,
    read: 0,
    recorded: 0,
    matched: 0,
    confirmed: 0,
    review: 0,
    used: 0,
    failures: 0,
    backedOff: false,
    unfinished: false,
  };
  const backoff = await findChainProviderBackoff();
  if (backoff.notBefore !== null && backoff.notBefore > now.toISOString()) {
    run.backedOff = true;
    return run;
  }
  let providerFailed = false;
  const taken: ChainTransferRecord[] = [];
  for (const wallet of wallets) {
    if (budget.over()) {
      stopEarly(run);
      break;
    }
    try {
      await readWallet(wallet, run, taken, now, budget);
    } catch (error) {
      run.failures += 1;
      providerFailed ||= error instanceof TronUnavailable;
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
    if (budget.over()) {
      stopEarly(run);
      break;
    }
    await withLogKeys(transferKeys(record.txId), async () => {
      try {
        if (await settle(record, now)) run.confirmed += 1;
      } catch (error) {
        run.failures += 1;
        providerFailed ||= error instanceof TronUnavailable;
        logger.warn('chain watcher: transfer not settled, the next run tries again', {
          applicationId: record.applicationId,
          error: error as Error,
        });
      }
    });
  }
  await keepBackoff(backoff, providerFailed, now);
  return run;
}

/** After a run: one more failure in a row and a later next call, or (a run without one) none. */
async function keepBackoff(backoff: ChainProviderBackoff, providerFailed: boolean, now: Date) {
  if (!providerFailed) {
    if (backoff.failures > 0) await saveChainProviderBackoff({ failures: 0, notBefore: null });
    return;
  }
  const failures = backoff.failures + 1;
  const minutes = BACKOFF_MINUTES[Math.min(failures, BACKOFF_MINUTES.length) - 1]!;
  await saveChainProviderBackoff({
    failures,
    notBefore: new Date(now.getTime() + minutes * 60_000).toISOString(),
  });
}
