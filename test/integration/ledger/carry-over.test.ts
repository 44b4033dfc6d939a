import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The deploy's carry-over of an install's reserves and history into the books, on a table of this
 * file's own (whole-book sums): an install from before the books, with one figure per currency and
 * movements recorded without entries, opens its accounts from today's reserves and carries each
 * movement once; a second run, and a table already on the books, are left as they are. The tests
 * run in order, each on what the last left.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  client: await import('@functions/data/client'),
  keys: (await import('@functions/data/keys')).keys,
  ledger: await import('@functions/data/ledger'),
  movements: await import('@functions/data/movements'),
  reserves: await import('@functions/data/reserves'),
  transactions: await import('@functions/data/transactions'),
  carryOver: await import('@functions/domain/ledger/carry-over'),
  held: await import('@functions/domain/reserves/held'),
  putReserves: (await import('@functions/domain/reserves/reserves')).putReserves,
  entries: await import('@functions/domain/ledger/entries'),
});

const admin = { id: 'carry-over-admin', role: 'ADMIN' as const };
const STAFF = 'carry-over-manager';

beforeAll(async () => {
  drop = await createIsolatedTable('carry');
  m = await modules();
});

afterAll(async () => {
  await drop();
});

interface Deal {
  id: string;
  status: string;
  assetFrom: string;
  assetTo: string;
  amountFrom: number;
  amountTo: number;
  completedAt: string;
}

/** A deal as an install from before the books stored it (the fields the carry-over reads). */
async function putDeal(deal: Deal) {
  const currency = (asset: string) => (asset === 'usdt-trc20' ? 'USDT' : asset.slice(-3));
  await m.client.db.send(
    new PutCommand({
      TableName: m.client.tableName,
      Item: {
        ...m.keys.application(deal.id),
        id: deal.id,
        userId: 'carry-over-client',
        requestType: 'STANDARD',
        status: deal.status,
        assetFrom: deal.assetFrom,
        assetTo: deal.assetTo,
        currencyFrom: currency(deal.assetFrom),
        currencyTo: currency(deal.assetTo),
        amountFrom: deal.amountFrom,
        amountTo: deal.amountTo,
        createdAt: deal.completedAt,
        updatedAt: deal.completedAt,
        statusChangedAt: deal.completedAt,
        version: 3,
      },
    }),
  );
}

/** A movement of the transaction history as it was recorded before the books: no entry. */
async function putMovement(
  applicationId: string,
  direction: 'in' | 'out',
  asset: string,
  amount: number,
  at: string,
) {
  const currency = asset === 'usdt-trc20' ? 'USDT' : asset.slice(-3);
  await m.client.db.send(
    new PutCommand({
      TableName: m.client.tableName,
      Item: m.movements.movementItem({
        id: m.movements.movementId(applicationId, direction),
        applicationId,
        userId: 'carry-over-client',
        direction,
        amount,
        asset,
        currency,
        reference: null,
        note: null,
        staffId: STAFF,
        at,
        recordedAtCompletion: false,
      }),
    }),
  );
}

/** Every account, read through the list; balances by id and the books' sum per currency. */
async function books() {
  const accounts = await m.ledger.listLedgerAccounts();
  const balances = new Map(accounts.map((account) => [account.id, account.balanceUnits]));
  const sums = new Map<string, bigint>();
  for (const account of accounts)
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + account.balanceUnits);
  return { accounts, balances, sums };
}

const held = async (asset: string) => m.held.heldUnits(await m.held.readOfficeAccounts(), asset);

const COMPLETED_CARD = 'carry-a';
const COMPLETED_CASH = 'carry-b';
const UNDER_WAY = 'carry-c';

describe('an install from before the books', () => {
  beforeAll(async () => {
    // Today's reserves as staff set them; the completed deals below already moved them.
    await m.putReserves(
      {
        reserves: [
          { code: 'RUB', amount: 3_000_000, alertLevel: 0 },
          { code: 'USDT', amount: 400_000.5, alertLevel: 0 },
        ],
      },
      admin,
    );
    await putDeal({
      id: COMPLETED_CARD,
      status: 'COMPLETED',
      assetFrom: 'usdt-trc20',
      assetTo: 'card-RUB',
      amountFrom: 1_000,
      amountTo: 89_000,
      completedAt: '2026-11-20T10:00:00.000Z',
    });
    await putMovement(COMPLETED_CARD, 'in', 'usdt-trc20', 1_000, '2026-11-20T09:00:00.000Z');
    await putMovement(COMPLETED_CARD, 'out', 'card-RUB', 89_000, '2026-11-20T09:30:00.000Z');
    await putDeal({
      id: COMPLETED_CASH,
      status: 'COMPLETED',
      assetFrom: 'cash-RUB',
      assetTo: 'usdt-trc20',
      amountFrom: 9_000.5,
      amountTo: 100,
      completedAt: '2026-11-21T12:00:00.000Z',
    });
    await putMovement(COMPLETED_CASH, 'in', 'cash-RUB', 9_000.5, '2026-11-21T12:00:00.000Z');
    await putMovement(COMPLETED_CASH, 'out', 'usdt-trc20', 100, '2026-11-21T12:00:00.000Z');
    // Paid, not yet paid out: the old reserve never counted this money.
    await putDeal({
      id: UNDER_WAY,
      status: 'CONFIRMED',
      assetFrom: 'card-RUB',
      assetTo: 'usdt-trc20',
      amountFrom: 50_000,
      amountTo: 560,
      completedAt: '2026-11-22T08:00:00.000Z',
    });
    await putMovement(UNDER_WAY, 'in', 'card-RUB', 50_000, '2026-11-22T08:00:00.000Z');
  });

  it("opens each currency's accounts from its reserve and carries every movement under its own id", async () => {
    const result = await m.carryOver.carryOverIntoBooks();

    expect(result.opened).toEqual(expect.arrayContaining(['RUB', 'USDT']));
    // Five movements and the two completed deals' exchanges.
    expect(result.carried).toBe(7);
    expect(result.inClosedDays).toEqual([]);
    const recorded = await Promise.all(
      [`${COMPLETED_CARD}#in`, `${COMPLETED_CARD}#out`, `${UNDER_WAY}#in`, `${COMPLETED_CARD}#exchange`].map(
        (id) =>
          m.client.db.send(new GetCommand({ TableName: m.client.tableName, Key: m.keys.ledgerEntry(id) })),
      ),
    );
    expect(recorded.map(({ Item }) => Item?.actorId)).toEqual([STAFF, STAFF, STAFF, 'system']);
  });

  it('leaves what the monitors see where the reserve was, split by what pays it out, and the books at zero per currency', async () => {
    const { balances, sums } = await books();

    // The whole RUB figure on the card (a direction pays cards out), plus the card payment of the
    // deal under way; the cash desk holds what its completed deal's money left it: nothing.
    expect(await held('card-RUB')).toBe(3_050_000_00n);
    expect(await held('cash-RUB')).toBe(0n);
    expect(await held('usdt-trc20')).toBe(400_000_500_000n);
    // EUR's reserve is still the seed's placeholder, never counted by staff: no money is opened from it.
    expect((await m.reserves.findReserves(['EUR'])).get('EUR')).toMatchObject({ updatedBy: null });
    expect(await held('card-EUR')).toBe(0n);
    for (const [currency, sum] of sums) expect({ currency, sum }).toEqual({ currency, sum: 0n });
    // The completed deals owe nobody; the client of the deal under way is owed their payment.
    expect(balances.get('clients-RUB')).toBe(-50_000_00n);
    expect(balances.get('clients-USDT')).toBe(0n);
    expect((await m.reserves.findReserves(['RUB'])).get('RUB')!.bookedAt).not.toBeNull();
  });

  it('writes nothing the second time', async () => {
    const before = (await books()).balances;

    const again = await m.carryOver.carryOverIntoBooks();

    expect(again).toEqual({ opened: [], carried: 0, inClosedDays: [] });
    expect((await books()).balances).toEqual(before);
  });

  it('leaves a table already on the books untouched, a movement booked live included', async () => {
    const at = new Date().toISOString();
    const live = await m.entries.ledgerEntry(
      { id: 'carry-d#in', kind: 'payment', at, actorId: STAFF, applicationId: 'carry-d' },
      m.entries.withClients('asset-card-RUB', 'RUB', 1_000_00n),
    );
    await new m.transactions.Transaction()
      .add(
        'movement',
        m.movements.movementPut({
          id: 'carry-d#in',
          applicationId: 'carry-d',
          userId: 'carry-over-client',
          direction: 'in',
          amount: 1_000,
          asset: 'card-RUB',
          currency: 'RUB',
          reference: null,
          note: null,
          staffId: STAFF,
          at,
          recordedAtCompletion: false,
        }),
      )
      .addParts(m.ledger.ledgerParts([live]))
      .run();
    const before = (await books()).balances;

    expect(await m.carryOver.carryOverIntoBooks()).toEqual({ opened: [], carried: 0, inClosedDays: [] });
    expect((await books()).balances).toEqual(before);
  });

  it("refuses a typed amount for a booked currency's reserve, and still takes its alert level", async () => {
    const rub = (await m.putReserves({ reserves: [] }, admin)).reserves.find((r) => r.code === 'RUB')!;

    await expect(
      m.putReserves({ reserves: [{ code: 'RUB', amount: 5_000_000, alertLevel: 0 }] }, admin),
    ).rejects.toMatchObject({ name: 'ReserveIsBooked' });
    const saved = await m.putReserves(
      { reserves: [{ code: 'RUB', amount: rub.amount, alertLevel: 10_000 }] },
      admin,
    );

    // What the office accounts of RUB hold together: the card's and the cash desk's.
    expect(saved.reserves.find((r) => r.code === 'RUB')).toMatchObject({
      amount: 3_051_000,
      alertLevel: 10_000,
      booked: true,
    });
  });
});
