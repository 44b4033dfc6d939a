import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The ledger on DynamoDB Local (docs/architecture.md "The ledger"), on a table of this file's own
 * so that whole-book sums are this file's: entries of deals, partial payments, refunds and
 * adjustments written at once in random interleavings always leave the books balanced per
 * currency, and every account's balance equal to the sum of its postings and of its days.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  ledger: await import('@functions/data/ledger'),
  entries: await import('@functions/domain/ledger/entries'),
  transactions: await import('@functions/data/transactions'),
  shared: await import('@shared/ledger'),
});

const SYSTEM = 'system';
let sequence = 0;
function entryId(kind: string): string {
  sequence += 1;
  return `${kind}-${process.pid}-${sequence}`;
}

beforeAll(async () => {
  drop = await createIsolatedTable('ledger');
  m = await modules();
});

afterAll(async () => {
  await drop();
});

/** Writes entries in one transaction, as a change's own would. */
async function write(entries: Awaited<ReturnType<typeof m.entries.ledgerEntry>>[]) {
  await new m.transactions.Transaction().addParts(m.ledger.ledgerParts(entries)).run();
}

/** A named office account, opened empty. */
async function openAccount(id: string, currency: string) {
  await new m.transactions.Transaction()
    .addParts([
      m.ledger.ledgerAccountPut({
        id,
        name: id,
        kind: 'card',
        currency,
        assets: [`card-${currency}`],
        office: null,
        address: null,
        createdAt: new Date().toISOString(),
        createdBy: SYSTEM,
      }),
    ])
    .run();
}

/** What the books say now, read item by item (consistent reads, not the list's index). */
async function books(accountIds: readonly string[]) {
  const accounts = await Promise.all(accountIds.map((id) => m.ledger.findLedgerAccount(id)));
  return accounts.filter((account) => account !== undefined);
}

const CURRENCIES = ['RUB', 'USDT'] as const;

/** One thing that happens to money, as the deal and staff routes book it. */
type Operation =
  | { kind: 'payment' | 'payout' | 'refund'; office: number; currency: 0 | 1; units: bigint }
  | { kind: 'exchange'; from: bigint; to: bigint }
  | { kind: 'adjustment'; office: number; currency: 0 | 1; units: bigint };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('payment' as const, 'payout' as const, 'refund' as const),
    office: fc.integer({ min: 0, max: 2 }),
    currency: fc.constantFrom(0 as const, 1 as const),
    units: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  }),
  fc.record({
    kind: fc.constant('exchange' as const),
    from: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    to: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    office: fc.integer({ min: 0, max: 2 }),
    currency: fc.constantFrom(0 as const, 1 as const),
    units: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).filter((units) => units !== 0n),
  }),
);

/** The office accounts of a run: the asset's own (opened by its first line, shared by the runs) and two named ones. */
const officeAccount = (run: string, office: number, currency: string) =>
  office > 0
    ? `card-${run}-${office}-${currency}`
    : m.shared.assetAccountId(currency === 'USDT' ? 'usdt-trc20' : `card-${currency}`);

/** Every account the runs wrote to: the books are this file's table's, so they sum over all of them. */
const touched = new Set<string>();

function linesOf(run: string, op: Operation) {
  const { withClients, exchangeLines, correctionLines } = m.entries;
  if (op.kind === 'exchange')
    return exchangeLines({ currency: 'RUB', units: op.from }, { currency: 'USDT', units: op.to });
  const currency = CURRENCIES[op.currency];
  const account = officeAccount(run, op.office, currency);
  if (op.kind === 'adjustment') return correctionLines('adjustment', account, currency, op.units);
  return withClients(account, currency, op.kind === 'payment' ? op.units : -op.units);
}

describe('the ledger', () => {
  it('balances per currency and keeps every balance equal to its postings, whatever interleaves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        async (deals) => {
          const run = entryId('run');
          for (const currency of CURRENCIES)
            for (const office of [1, 2]) await openAccount(officeAccount(run, office, currency), currency);
          const at = new Date().toISOString();
          // Each deal's operations in order (one transaction each, as its moves are); deals at once.
          await Promise.all(
            deals.map(async (operations) => {
              for (const op of operations)
                await write([
                  await m.entries.ledgerEntry(
                    { id: entryId(op.kind), kind: op.kind, at, actorId: SYSTEM },
                    linesOf(run, op),
                  ),
                ]);
            }),
          );
          for (const currency of CURRENCIES) {
            for (const office of [0, 1, 2]) touched.add(officeAccount(run, office, currency));
            for (const kind of m.shared.BOOK_ACCOUNT_KINDS)
              touched.add(m.shared.bookAccountId(kind, currency));
          }
          const accounts = await books([...touched]);
          for (const currency of CURRENCIES) {
            const sum = accounts
              .filter((account) => account.currency === currency)
              .reduce((total, account) => total + account.balanceUnits, 0n);
            expect(sum, currency).toBe(0n);
          }
          for (const account of accounts) {
            const postings = await m.ledger.readAccountPostings(account.id);
            expect(
              postings.reduce((total, posting) => total + posting.units, 0n),
              account.id,
            ).toBe(account.balanceUnits);
            const days = await m.ledger.readAccountDays(account.id, '2000-01-01');
            expect(
              days.reduce((total, day) => total + day.inUnits - day.outUnits + day.adjustedUnits, 0n),
              account.id,
            ).toBe(account.balanceUnits);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('sums a face-to-face deal on one account in one write: payment, exchange and payout', async () => {
    const at = new Date().toISOString();
    const office = m.shared.assetAccountId('cash-EUR');
    const before = (await m.ledger.findLedgerAccount(office))?.balanceUnits ?? 0n;
    const deal = entryId('office');
    await write([
      await m.entries.ledgerEntry(
        { id: `${deal}#in`, kind: 'payment', at, actorId: SYSTEM },
        m.entries.withClients(office, 'EUR', 40_000n),
      ),
      await m.entries.ledgerEntry(
        { id: `${deal}#exchange`, kind: 'exchange', at, actorId: SYSTEM },
        m.entries.exchangeLines(
          { currency: 'EUR', units: 40_000n },
          { currency: 'USDT', units: 430_000_000n },
        ),
      ),
      await m.entries.ledgerEntry(
        { id: `${deal}#out`, kind: 'payout', at, actorId: SYSTEM },
        m.entries.withClients(m.shared.assetAccountId('usdt-trc20'), 'USDT', -430_000_000n),
      ),
    ]);

    expect((await m.ledger.findLedgerAccount(office))?.balanceUnits).toBe(before + 40_000n);
    const clients = await m.ledger.readAccountPostings(m.shared.bookAccountId('clients', 'EUR'));
    expect(
      clients
        .filter((posting) => posting.entryId.startsWith(deal))
        .map((p) => p.units)
        .sort(),
    ).toEqual([-40_000n, 40_000n]);
  });

  it('records an entry once: the same id again is refused and changes no balance', async () => {
    const at = new Date().toISOString();
    const office = m.shared.assetAccountId('card-RUB');
    const entry = await m.entries.ledgerEntry(
      { id: entryId('once'), kind: 'payment', at, actorId: SYSTEM },
      m.entries.withClients(office, 'RUB', 500n),
    );
    await write([entry]);
    const after = (await m.ledger.findLedgerAccount(office))!.balanceUnits;

    const again = write([entry]);

    await expect(again).rejects.toSatisfy(
      (error) =>
        error instanceof m.transactions.TransactionCancelledError &&
        error.failedOn(m.ledger.LEDGER_ENTRY_PART),
    );
    expect((await m.ledger.findLedgerAccount(office))!.balanceUnits).toBe(after);
  });

  it('refuses a line on a named account nobody opened', async () => {
    const entry = await m.entries.ledgerEntry(
      { id: entryId('unknown'), kind: 'payment', at: new Date().toISOString(), actorId: SYSTEM },
      m.entries.withClients('card-never-opened', 'RUB', 100n),
    );

    await expect(write([entry])).rejects.toSatisfy(
      (error) =>
        error instanceof m.transactions.TransactionCancelledError &&
        error.failedOn(m.ledger.ledgerAccountPart('card-never-opened')),
    );
  });

  it('refuses an entry that does not balance before anything is written', async () => {
    const entry = await m.entries.ledgerEntry(
      { id: entryId('unbalanced'), kind: 'payment', at: new Date().toISOString(), actorId: SYSTEM },
      [{ accountId: m.shared.assetAccountId('card-RUB'), currency: 'RUB', units: 100n }],
    );

    expect(() => m.ledger.ledgerParts([entry])).toThrow(m.ledger.UnbalancedEntry);
  });
});
