import { logger } from '@functions/commons/logger';
import type { ApplicationRecord } from '@functions/data/applications';
import {
  LEDGER_DAY_PART,
  LEDGER_ENTRY_PART,
  type LedgerEntryRecord,
  ledgerParts,
} from '@functions/data/ledger';
import {
  findApplications,
  readAllMovements,
  recordedLedgerEntryIds,
} from '@functions/data/ledger-carry-over';
import type { MovementDirection, MovementRecord } from '@functions/data/movements';
import { readRatesTable } from '@functions/data/rates';
import { type ReserveRecord, readReserves, reserveBookedMark } from '@functions/data/reserves';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { CRYPTO_ASSET } from '@shared/constants';
import { SYSTEM_ID } from '@shared/contract/deal';
import { assetAccountId } from '@shared/ledger';
import { settledIn } from '@shared/lifecycle';
import { sumUnits } from '@shared/money';
import { exchangeEntry } from '../applications/movements';
import { correctionLines, ledgerEntry, movedUnits, withClients } from './entries';

/** What one run of the carry-over did: a second run on the same table opens and carries nothing. */
export interface CarryOverResult {
  /** The currencies whose accounts it opened from their reserve (the books hold them from now on). */
  opened: string[];
  /** Entries it wrote: movements, and the exchanges of deals completed before the books. */
  carried: number;
  /** Entries it did not write because their business day was closed (docs/operations.md says what to do). */
  inClosedDays: string[];
}

/** The sign of a movement on the office's account: money in from the client, or out to them. */
const SIGNS: Readonly<Record<MovementDirection, 1n | -1n>> = { in: 1n, out: -1n, refund: -1n, reversal: 1n };
const KINDS = { in: 'payment', out: 'payout', refund: 'refund', reversal: 'reversal' } as const;

/** The entries a transaction of the carry-over takes at most (each entry is a few items of its 100). */
const ENTRIES_PER_WRITE = 8;

/**
 * Carries an install's history into the books, once (docs/architecture.md "The ledger", the
 * carry-over; run by every deploy after the seed, and by `npm start`):
 *
 * 1. Each currency whose reserve the books do not hold yet opens its accounts from it: the whole
 *    figure on one asset's own account (the card's, where a direction pays cards out, else the
 *    cash desk's: the single figure never said how it splits; staff move the rest with a
 *    transfer), each entry an `opening` against equity, with the reserve item marked `bookedAt` in
 *    the same transaction (a reserve staff never set, the seed's placeholder, opens at nothing:
 *    it was never counted). The openings leave out what the completed deals already moved in the
 *    reserve, since their movements are in the books as well (carried now, or booked live): after
 *    the run each asset's accounts hold its share of the reserve and what arrived or left for
 *    deals still under way.
 * 2. Each recorded movement becomes its entry under the movement's id, and each deal completed
 *    before the books its `{id}#exchange`: an id the books hold already (carried by an earlier
 *    run, or booked live) is left alone, so "once" is per id whenever it was written.
 */
export async function carryOverIntoBooks(now = new Date()): Promise<CarryOverResult> {
  const at = now.toISOString();
  const [reserves, movements, table] = await Promise.all([
    readReserves(),
    readAllMovements(),
    readRatesTable(),
  ]);
  const applicationIds = new Set(movements.map((movement) => movement.applicationId));
  const [recorded, applications] = await Promise.all([
    recordedLedgerEntryIds([
      ...movements.map((movement) => movement.id),
      ...[...applicationIds].map(exchangeEntryId),
    ]),
    findApplications(applicationIds),
  ]);
  // While a currency's reserve is not booked every completion moves it, also one booked live in
  // the minutes between a deploy's new code and this run: its movements are in the reserve already.
  const completed = (id: string) => {
    const application = applications.get(id);
    return application !== undefined && settledIn(application.status);
  };
  // Completed before the books: its exchange is carried too.
  const settledBefore = (id: string) => completed(id) && !recorded.has(exchangeEntryId(id));
  const toCarry = movements
    .filter((movement) => !recorded.has(movement.id))
    .sort((a, b) => a.at.localeCompare(b.at));

  const paysOut = new Set(table.directions.map((direction) => direction.assetTo));
  const opened: string[] = [];
  for (const reserve of reserves.filter((record) => record.bookedAt === null)) {
    const settled = movements.filter(
      (movement) => movement.currency === reserve.code && completed(movement.applicationId),
    );
    if (await openFromReserve(reserve, settled, paysOut, at)) opened.push(reserve.code);
  }

  const entries: LedgerEntryRecord[] = [];
  for (const movement of toCarry) entries.push(await movementEntry(movement));
  const exchanges = [...applications.values()].filter((application) => settledBefore(application.id));
  for (const application of exchanges) entries.push(...(await settledExchange(application)));
  const inClosedDays = await writeEntries(entries);
  const result = { opened, carried: entries.length - inClosedDays.length, inClosedDays };
  logger.info('Ledger carry-over done', { ...result, inClosedDays: inClosedDays.length });
  return result;
}

const exchangeEntryId = (applicationId: string) => `${applicationId}#exchange`;

/** The currency's assets whose own accounts the reserve opens: USDT's one, a fiat's card and cash. */
function assetsOf(code: string): string[] {
  return code === 'USDT' ? [CRYPTO_ASSET] : [`card-${code}`, `cash-${code}`];
}

const signedUnits = (movement: MovementRecord) =>
  SIGNS[movement.direction] * movedUnits(movement.amount, movement.currency);

/**
 * One currency's openings and its mark, in one transaction: false when another run marked it first
 * (or an opening is already recorded: staff opened that account by hand meanwhile), so nothing of
 * it is written twice.
 */
async function openFromReserve(
  reserve: ReserveRecord,
  settled: readonly MovementRecord[],
  paysOut: ReadonlySet<string>,
  at: string,
): Promise<boolean> {
  const assets = assetsOf(reserve.code);
  const holding = assets.find((asset) => paysOut.has(asset)) ?? assets[0]!;
  const openings: LedgerEntryRecord[] = [];
  for (const asset of assets) {
    const accountId = assetAccountId(asset);
    // The seed's placeholder (never set by staff) is not money the office holds: it opens nothing.
    const counted = reserve.updatedBy !== null;
    const share = asset === holding && counted ? movedUnits(reserve.amount, reserve.code) : 0n;
    const alreadyMoved = sumUnits(settled.filter((movement) => movement.asset === asset).map(signedUnits));
    const units = share - alreadyMoved;
    if (units === 0n) continue;
    openings.push(
      await ledgerEntry(
        {
          id: `${accountId}#opening`,
          kind: 'opening',
          at,
          actorId: SYSTEM_ID,
          reason: `Carried over from the ${reserve.code} reserve when the books started`,
        },
        correctionLines('opening', accountId, reserve.code, units),
      ),
    );
  }
  try {
    await new Transaction()
      .add('booked', reserveBookedMark(reserve.code, at))
      .addParts(ledgerParts(openings))
      .run();
    return true;
  } catch (error) {
    if (
      error instanceof TransactionCancelledError &&
      (error.failedOn('booked') || error.failedOn(LEDGER_ENTRY_PART))
    ) {
      logger.warn('Ledger carry-over: a reserve was booked meanwhile; left as it is', { code: reserve.code });
      return false;
    }
    throw error;
  }
}

/** A movement's entry, as the deal's move books it live: its id, time, staff member and reference. */
function movementEntry(movement: MovementRecord): Promise<LedgerEntryRecord> {
  return ledgerEntry(
    {
      id: movement.id,
      kind: KINDS[movement.direction],
      at: movement.at,
      actorId: movement.staffId,
      applicationId: movement.applicationId,
      reference: movement.reference,
    },
    withClients(assetAccountId(movement.asset), movement.currency, signedUnits(movement)),
  );
}

/** The exchange of a deal completed before the books, at its completion (the books' accounts only). */
function settledExchange(application: ApplicationRecord): Promise<LedgerEntryRecord[]> {
  return exchangeEntry(application, null, application.statusChangedAt);
}

/**
 * Writes the entries a few to a transaction; a transaction refused because one of its entries was
 * written meanwhile (booked live) or its day is closed is written again one entry at a time, and
 * each entry refused so is left out. Answers the ids left out for a closed day.
 */
async function writeEntries(entries: readonly LedgerEntryRecord[]): Promise<string[]> {
  const inClosedDays: string[] = [];
  for (let start = 0; start < entries.length; start += ENTRIES_PER_WRITE) {
    const batch = entries.slice(start, start + ENTRIES_PER_WRITE);
    if (await written(batch)) continue;
    for (const entry of batch) {
      if (!(await written([entry])) && !(await alreadyRecorded(entry))) inClosedDays.push(entry.id);
    }
  }
  if (inClosedDays.length > 0)
    logger.warn('Ledger carry-over: entries of closed days were not written', { ids: inClosedDays });
  return inClosedDays;
}

async function written(batch: readonly LedgerEntryRecord[]): Promise<boolean> {
  try {
    await new Transaction().addParts(ledgerParts(batch)).run();
    return true;
  } catch (error) {
    if (
      error instanceof TransactionCancelledError &&
      (error.failedOn(LEDGER_ENTRY_PART) || error.failedOn(LEDGER_DAY_PART))
    )
      return false;
    throw error;
  }
}

async function alreadyRecorded(entry: LedgerEntryRecord): Promise<boolean> {
  return (await recordedLedgerEntryIds([entry.id])).has(entry.id);
}
