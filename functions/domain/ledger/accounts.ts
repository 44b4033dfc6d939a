import { randomUUID } from 'node:crypto';
import { auditPut } from '@functions/data/audit';
import {
  findLedgerAccount,
  LEDGER_ENTRY_PART,
  type LedgerAccountRecord,
  ledgerAccountPut,
  ledgerParts,
  listLedgerAccounts,
  readAccountPostings,
} from '@functions/data/ledger';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserSummaries } from '@functions/data/user-summaries';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { businessTimeZone } from '@functions/domain/settings/business-time';
import { SYSTEM_ID } from '@shared/contract/deal';
import type {
  LedgerAccountBody,
  LedgerAccountsData,
  LedgerAccountTrail,
  LedgerAccountView,
  LedgerAdjustmentBody,
  LedgerTransferBody,
} from '@shared/contract/ledger';
import { BOOK_ACCOUNT_KINDS, type BookAccountKind, ledgerDecimals } from '@shared/ledger';
import { sumUnits, unitsText } from '@shared/money';
import { closedDayRefusal, correctionLines, ledgerEntry, minorUnits } from './entries';
import {
  LedgerAccountNotFound,
  LedgerAmountInvalid,
  NotAnOfficeAccount,
  OpeningBalanceRecorded,
  TransferCurrencyMismatch,
} from './errors';

const isBook = (account: Pick<LedgerAccountRecord, 'kind'>) =>
  BOOK_ACCOUNT_KINDS.includes(account.kind as BookAccountKind);

/** An amount of the account's currency, exactly, as the API writes it ("1234.56"). */
export const amountOf = (units: bigint, currency: string) => unitsText(units, ledgerDecimals(currency));

export function accountView(account: LedgerAccountRecord): LedgerAccountView {
  return {
    id: account.id,
    name: account.name,
    kind: account.kind,
    side: isBook(account) ? 'books' : 'office',
    currency: account.currency,
    assets: account.assets,
    office: account.office,
    address: account.address,
    balance: amountOf(account.balanceUnits, account.currency),
    postings: account.postings,
  };
}

/** GET /admin/ledger/accounts: every account, office first, and per currency what the office holds and the books' sum. */
export async function listAccounts(): Promise<LedgerAccountsData> {
  const accounts = (await listLedgerAccounts()).sort(
    (a, b) =>
      Number(isBook(a)) - Number(isBook(b)) ||
      a.currency.localeCompare(b.currency) ||
      a.name.localeCompare(b.name),
  );
  const currencies = [...new Set(accounts.map((account) => account.currency))].sort().map((currency) => {
    const of = accounts.filter((account) => account.currency === currency);
    const held = sumUnits(of.filter((account) => !isBook(account)).map((account) => account.balanceUnits));
    const sum = sumUnits(of.map((account) => account.balanceUnits));
    return { currency, held: amountOf(held, currency), sum: amountOf(sum, currency) };
  });
  return {
    accounts: accounts.map(accountView),
    currencies,
    timeZone: await businessTimeZone(),
  };
}

/** POST /admin/ledger/accounts: an office account, opened empty, audited. */
export async function createAccount(
  body: LedgerAccountBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<LedgerAccountView> {
  const at = now.toISOString();
  const account = {
    id: `acct-${randomUUID()}`,
    name: body.name,
    kind: body.kind,
    currency: body.currency,
    assets: body.assets,
    office: body.office ?? null,
    address: body.address ?? null,
    createdAt: at,
    createdBy: actor.id,
  };
  await new Transaction()
    .addParts([ledgerAccountPut(account)])
    .add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'ledger.account.create',
        targetType: 'ledgerAccount',
        targetId: account.id,
        before: null,
        after: { ...account },
        at: now,
      }),
    )
    .run();
  return accountView({ ...account, balanceUnits: 0n, postings: 0 });
}

async function officeAccount(id: string): Promise<LedgerAccountRecord> {
  const account = await findLedgerAccount(id);
  if (!account) throw new LedgerAccountNotFound();
  if (isBook(account)) throw new NotAnOfficeAccount();
  return account;
}

function unitsOfBody(amount: string, currency: string): bigint {
  try {
    return minorUnits(amount, currency);
  } catch {
    throw new LedgerAmountInvalid(currency);
  }
}

/**
 * POST /admin/ledger/accounts/{id}/adjustments: the account's opening balance (once: its entry's id
 * is the account's) or a correction, against equity or the adjustments book, with the reason.
 */
export async function adjustAccount(
  id: string,
  body: LedgerAdjustmentBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<LedgerAccountView> {
  const account = await officeAccount(id);
  const units = unitsOfBody(body.amount, account.currency);
  if (units === 0n) throw new LedgerAmountInvalid(account.currency);
  const kind = body.opening ? 'opening' : 'adjustment';
  const at = now.toISOString();
  const entry = await ledgerEntry(
    {
      id: body.opening ? `${id}#opening` : `${id}#adjustment#${randomUUID()}`,
      kind,
      at,
      actorId: actor.id,
      reason: body.reason,
    },
    correctionLines(kind, id, account.currency, units),
  );
  try {
    await new Transaction()
      .addParts(ledgerParts([entry]))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: `ledger.${kind}`,
          targetType: 'ledgerAccount',
          targetId: id,
          before: { balance: amountOf(account.balanceUnits, account.currency) },
          after: { amount: body.amount, reason: body.reason, entryId: entry.id },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (body.opening && error instanceof TransactionCancelledError && error.failedOn(LEDGER_ENTRY_PART))
      throw new OpeningBalanceRecorded();
    throw closedDayRefusal(error, [entry]) ?? error;
  }
  return accountView((await findLedgerAccount(id))!);
}

/** POST /admin/ledger/transfers: money moved between two office accounts of one currency, with the reason. */
export async function transferBetweenAccounts(
  body: LedgerTransferBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<LedgerAccountsData> {
  const [from, to] = await Promise.all([officeAccount(body.from), officeAccount(body.to)]);
  if (from.id === to.id || from.currency !== to.currency) throw new TransferCurrencyMismatch();
  const units = unitsOfBody(body.amount, from.currency);
  if (units <= 0n) throw new LedgerAmountInvalid(from.currency);
  const entry = await ledgerEntry(
    {
      id: `transfer#${randomUUID()}`,
      kind: 'transfer',
      at: now.toISOString(),
      actorId: actor.id,
      reason: body.reason,
    },
    [
      { accountId: from.id, currency: from.currency, units: -units },
      { accountId: to.id, currency: to.currency, units },
    ],
  );
  const transaction = new Transaction().addParts(ledgerParts([entry])).add(
    'audit',
    auditPut({
      actorId: actor.id,
      actorRole: actor.role,
      action: 'ledger.transfer',
      targetType: 'ledgerAccount',
      targetId: from.id,
      before: null,
      after: { to: to.id, amount: body.amount, reason: body.reason, entryId: entry.id },
      at: now,
    }),
  );
  await transaction.run().catch((error: unknown) => {
    throw closedDayRefusal(error, [entry]) ?? error;
  });
  return listAccounts();
}

/** Who made each entry, by name: a staff member's username or email, `system` for the system's own. */
export async function actorNames(actorIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(actorIds)].filter((id) => id !== SYSTEM_ID);
  const summaries = await findUserSummaries(ids);
  const names = new Map<string, string>([[SYSTEM_ID, 'system']]);
  for (const id of ids) {
    const summary = summaries.get(id);
    names.set(id, summary?.username ?? summary?.email ?? id);
  }
  return names;
}

/** GET /admin/ledger/accounts/{id}: the account and every posting on it, oldest first. */
export async function accountTrail(id: string): Promise<LedgerAccountTrail> {
  const account = await findLedgerAccount(id);
  if (!account) throw new LedgerAccountNotFound();
  const postings = await readAccountPostings(id);
  const names = await actorNames(postings.map((posting) => posting.actorId));
  return {
    timeZone: await businessTimeZone(),
    account: accountView(account),
    postings: postings.map((posting) => ({
      entryId: posting.entryId,
      kind: posting.kind,
      amount: amountOf(posting.units, account.currency),
      at: posting.at,
      day: posting.day,
      applicationId: posting.applicationId,
      actorId: posting.actorId,
      actorName: names.get(posting.actorId) ?? posting.actorId,
      reason: posting.reason,
      reference: posting.reference,
    })),
  };
}
