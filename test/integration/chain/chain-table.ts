import { randomBytes } from 'node:crypto';
import type { UserRecord } from '@functions/data/users';
import { postToTronStandIn, startTronStandIn, type TronStandIn } from '@infra/local/tron-stand-in';
import { USDT_DECIMALS } from '@shared/assets';
import { toUnits, unitsText } from '@shared/money';
import { tronAddressOfAccount } from '@shared/tron-address';
import { afterAll, beforeAll } from 'vitest';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * The chain's domain functions run directly, as the jobs and routes run them, on a table and a
 * TronGrid stand-in of the test file's own: the watcher reads every USDT template's wallet of its
 * table, so other files' deals and wallets stay out of it. The functions' modules are imported
 * after the table exists (they read TABLE_NAME when first imported).
 */
/** The deal's modules, imported once the table exists: creating, the staff's view, the client's and staff's moves. */
export const dealModules = async () => ({
  create: await import('@functions/domain/applications/create'),
  admin: await import('@functions/domain/applications/admin-actions'),
  deal: {
    ...(await import('@functions/domain/applications/client-deal')),
    ...(await import('@functions/domain/applications/staff-deal')),
  },
});

export const chainModules = async () => ({
  ...(await dealModules()),
  expire: await import('@functions/domain/applications/expire'),
  templates: await import('@functions/domain/payment-templates/templates'),
  watcher: await import('@functions/domain/chain/watcher'),
  wallets: await import('@functions/domain/chain/wallets'),
  review: await import('@functions/domain/chain/review'),
  actions: await import('@functions/domain/chain/actions'),
  transfers: await import('@functions/data/chain-transfers'),
  uses: await import('@functions/data/chain-uses'),
  applications: await import('@functions/data/applications'),
  audit: await import('@functions/data/audit'),
  movements: await import('@functions/data/movements'),
  dealMoney: await import('@functions/domain/applications/deal-money'),
  resolution: await import('@functions/domain/applications/payment-resolution'),
  perform: await import('@functions/domain/applications/perform'),
  ledgerDay: await import('@functions/domain/ledger/day'),
  ledgerAccounts: await import('@functions/domain/ledger/accounts'),
  ledger: await import('@functions/data/ledger'),
  exportRows: await import('@functions/domain/exports/rows'),
  tron: await import('@functions/data/tron'),
  routes: await import('@functions/routes/manifest'),
  errors: await import('@functions/commons/errors'),
  /** The table itself, for a test that reads an item as stored. */
  client: await import('@functions/data/client'),
  keys: await import('@functions/data/keys'),
  lib: await import('@aws-sdk/lib-dynamodb'),
});
export type ChainModules = Awaited<ReturnType<typeof chainModules>>;

export interface ChainTable {
  m: ChainModules;
  standIn: TronStandIn;
  manager: UserRecord;
  admin: UserRecord;
}

/** Sets the table and stand-in up before the file's tests and drops them after; filled in `beforeAll`. */
export function setUpChainTable(prefix: string): ChainTable {
  const table = {} as ChainTable;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    table.standIn = await startTronStandIn();
    process.env.TRON_API_URL = table.standIn.url;
    process.env.TRON_TIMEOUT_MS = '1000';
    drop = await createIsolatedTable(prefix);
    table.m = await chainModules();
    [table.manager, table.admin] = await Promise.all([
      putUser({ role: 'MANAGER' }),
      putUser({ role: 'ADMIN' }),
    ]);
  });
  afterAll(async () => {
    delete process.env.TRON_API_URL;
    delete process.env.TRON_TIMEOUT_MS;
    await table.standIn?.stop();
    await drop?.();
  });
  return table;
}

/** A TRON address of the test's own: 0x41 and 20 random bytes, base58check. */
export const newTronAddress = () => tronAddressOfAccount(randomBytes(20));

/**
 * USDT sent on the stand-in (its test-only call), from a new address unless `from` is given, at
 * `at` (its block time, ms) or now; final at once when `final`. Answers the transaction id.
 */
export async function sendUsdt(
  standIn: TronStandIn,
  to: string,
  amount: string,
  options: { from?: string; at?: number; final?: boolean } = {},
): Promise<string> {
  const { txId } = await postToTronStandIn<{ txId: string }>(standIn.url, '/_local/transfers', {
    to,
    amount,
    from: options.from ?? newTronAddress(),
    ...(options.at !== undefined ? { blockTimestamp: options.at } : {}),
  });
  if (options.final) await postToTronStandIn(standIn.url, '/_local/solidify', {});
  return String(txId);
}

/** A USDT template's wallet on the table (the watcher reads it): its address and the template. */
export async function usdtWallet(table: ChainTable): Promise<{ address: string; templateId: string }> {
  const address = newTronAddress();
  const template = await table.m.templates.createPaymentTemplate(
    { kind: 'usdt', label: `Wallet ${address}`, address },
    { id: table.admin.id, role: 'ADMIN' },
  );
  return { address, templateId: template.id };
}

/**
 * A final transfer of `amount` to `to` on the review list, as the watcher leaves one it cannot
 * match by itself (its block time `at`, or now).
 */
export async function transferForStaff(
  table: ChainTable,
  to: string,
  amount: string,
  options: { at?: number } = {},
): Promise<string> {
  const at = options.at ?? Date.now();
  const txId = await sendUsdt(table.standIn, to, amount, { final: true, at });
  const value = toUnits(amount, USDT_DECIMALS);
  await table.m.transfers.recordChainTransfer({
    txId,
    from: newTronAddress(),
    to,
    amount: unitsText(value, USDT_DECIMALS),
    value: value.toString(),
    blockTimestamp: at,
    seenAt: new Date().toISOString(),
    state: 'review',
    reason: 'unknown',
    applicationId: null,
    confirmedAt: null,
  });
  return txId;
}
