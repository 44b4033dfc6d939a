import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { businessDayOf, dayStart } from '@shared/business-time';
import { add, compare, type Decimal, decimal, subtract, unitsText } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardBody } from '../applications/bodies';
import { putUser } from '../applications/isolated-table';
import {
  type ChainModules,
  newTronAddress,
  sendUsdt,
  setUpChainTable,
  transferForStaff,
  usdtWallet,
} from '../chain/chain-table';
import { usdtToCashBody } from '../chain/fixtures';

/**
 * A business day of deals whose money arrived every way (docs/product.md §4 "Wrong payments",
 * "Accounts and the books"), on a table and a TronGrid stand-in of this file's own, through the
 * domain functions the routes call: a card payment received short and recalculated, USDT short and
 * recalculated, USDT topped up by the watcher, USDT over with the excess refunded, a payout in two
 * parts, a late payment re-quoted and accepted by the client. Then the day's books: every account's
 * closing is its opening + in − out + corrections to the minor unit, every currency's accounts sum
 * to zero, the export's totals are the day's, every step is on the audit trail with its actor, and
 * once an ADMIN closes the day nothing more is written into it.
 */
const chain = setUpChainTable('business-day');
let m: ChainModules;
let manager: UserRecord;
let admin: UserRecord;
beforeAll(() => {
  ({ m, manager, admin } = chain);
});
const asManager = (): RecordedActor => ({ id: manager.id, role: 'MANAGER' });
const asAdmin = (): RecordedActor => ({ id: admin.id, role: 'ADMIN' });
const TIME_ZONE = 'Europe/Moscow';

let wallet: { address: string; templateId: string };

/** A deal of a new client, taken and its instructions issued (on the USDT wallet when it pays USDT). */
async function told(body: Record<string, unknown>) {
  const owner = await putUser();
  const { application } = await m.create.createApplication(owner.id, body as never, undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asManager());
  const paysUsdt = body.assetFrom === 'usdt-trc20';
  await m.deal.issueInstructions(
    application.id,
    { text: 'Pay as agreed', ...(paysUsdt ? { templateId: wallet.templateId } : {}) },
    asManager(),
  );
  if (body.assetTo === 'usdt-trc20')
    await m.deal.setPayoutDetails(owner.id, application.id, { address: newTronAddress() });
  return { id: application.id, owner };
}

/** A final transfer to the wallet, left for staff as the watcher leaves one it cannot match. */
const arrived = (amount: string) => transferForStaff(chain, wallet.address, amount);

/** Pays the deal out (in two parts when `split`: half of what is owed, then the rest) and completes it. */
async function paidOutAndCompleted(id: string, split = false) {
  if (split) {
    const owed = (await m.applications.findApplication(id))!.amountTo!;
    await m.deal.recordPayout(id, { note: 'First half', amount: String(Math.floor(owed / 2)) }, asManager());
  }
  await m.deal.recordPayout(id, { note: 'Handed over' }, asManager());
  const done = await m.admin.changeApplicationStatus(id, { status: 'COMPLETED' }, asManager());
  expect(done.status).toBe('COMPLETED');
}

const text = (value: Decimal) => unitsText(value.units, value.scale);

describe('a business day', () => {
  it('books every way money arrived, reconciles to the minor unit and closes', async () => {
    const started = new Date();
    wallet = await usdtWallet(chain);
    const deals: string[] = [];

    // A card payment received short, recalculated to what arrived.
    const cardShort = await told(standardBody({ amount: 400 }));
    deals.push(cardShort.id);
    await m.deal.confirmPayment(cardShort.id, { amount: '300' }, asManager());
    await m.resolution.resolvePayment(cardShort.id, { choice: 'recalculate' }, asManager());
    await paidOutAndCompleted(cardShort.id);

    // USDT 999 of 1000, recalculated.
    const usdtShort = await told(usdtToCashBody(1000));
    deals.push(usdtShort.id);
    await m.actions.attachChainTransfer(await arrived('999'), { applicationId: usdtShort.id }, asManager());
    await m.resolution.resolvePayment(usdtShort.id, { choice: 'recalculate' }, asManager());
    await paidOutAndCompleted(usdtShort.id);

    // USDT 600 of 1000, the rest topped up and matched by the watcher; paid out in two parts.
    const topUp = await told(usdtToCashBody(1000));
    deals.push(topUp.id);
    await m.actions.attachChainTransfer(await arrived('600'), { applicationId: topUp.id }, asManager());
    const waiting = await m.resolution.resolvePayment(topUp.id, { choice: 'awaitTopUp' }, asManager());
    await sendUsdt(chain.standIn, wallet.address, waiting.instructions!.crypto!.amount, { final: true });
    await m.watcher.watchChain();
    expect((await m.applications.findApplication(topUp.id))!.status).toBe('CONFIRMED');
    await paidOutAndCompleted(topUp.id, true);

    // USDT 1100 of 1000, the excess sent back.
    const over = await told(usdtToCashBody(1000));
    deals.push(over.id);
    await m.actions.attachChainTransfer(await arrived('1100'), { applicationId: over.id }, asManager());
    await m.resolution.resolvePayment(
      over.id,
      { choice: 'refundExcess', reference: 'Sent back', destination: newTronAddress() },
      asManager(),
    );
    await paidOutAndCompleted(over.id);

    // A card payment after the window: the deal expired, the money opens it, re-quoted and accepted.
    const late = await told(standardBody({ amount: 500 }));
    deals.push(late.id);
    const record = (await m.applications.findApplication(late.id))!;
    await m.perform.perform(
      { move: 'expirePayment', application: record, actor: m.perform.SYSTEM_ACTOR, write: {} },
      new Date(Date.parse(record.paymentDeadline!) + 1000),
    );
    await m.deal.confirmPayment(late.id, { amount: '500' }, asManager());
    await m.resolution.resolvePayment(late.id, { choice: 'offerRequote' }, asManager());
    expect((await m.deal.acceptRequote(late.owner.id, late.id)).status).toBe('CONFIRMED');
    await paidOutAndCompleted(late.id);

    const finished = new Date();
    const days = [...new Set([started, finished].map((at) => businessDayOf(at, TIME_ZONE)))];

    // Every account's day: closing = opening + in − out + corrections, to the minor unit.
    const inOut = new Map<string, { in: Decimal; out: Decimal }>();
    for (const day of days) {
      const report = await m.ledgerDay.ledgerDayReport(day);
      expect(report.accounts.length).toBeGreaterThan(0);
      for (const account of report.accounts) {
        const expected = add(subtract(add(account.opening, account.in), account.out), account.adjusted);
        expect({ account: account.accountId, day, closing: compare(account.closing, expected) }).toEqual({
          account: account.accountId,
          day,
          closing: 0,
        });
        const sums = inOut.get(account.currency) ?? { in: decimal(0), out: decimal(0) };
        inOut.set(account.currency, { in: add(sums.in, account.in), out: add(sums.out, account.out) });
      }
    }

    // The books sum to zero in every currency: office accounts against the clients', the exchange's…
    const balances = new Map<string, bigint>();
    for (const account of await m.ledger.listLedgerAccounts())
      balances.set(account.currency, (balances.get(account.currency) ?? 0n) + account.balanceUnits);
    expect([...balances].filter(([, units]) => units !== 0n)).toEqual([]);
    // …and each deal's clients' lines are zero: all it took in was exchanged or sent back.
    for (const id of deals) {
      const sums = new Map<string, bigint>();
      for (const entry of await m.ledger.readApplicationEntries(id))
        for (const line of entry.lines)
          if (line.accountId.startsWith('clients-'))
            sums.set(line.currency, (sums.get(line.currency) ?? 0n) + line.units);
      expect({ id, open: [...sums].filter(([, units]) => units !== 0n) }).toEqual({ id, open: [] });
    }

    // The export of the day's movements totals what the day's accounts took in and paid out.
    const since = dayStart(days[0]!, TIME_ZONE).toISOString();
    const until = new Date(finished.getTime() + 1000).toISOString();
    const exported = new Map<string, { in: Decimal; out: Decimal }>();
    for await (const page of m.exportRows.exportRows({ since, until })) {
      for (const row of page) {
        const sums = exported.get(row.currency) ?? { in: decimal(0), out: decimal(0) };
        exported.set(row.currency, {
          in: row.amountIn === null ? sums.in : add(sums.in, row.amountIn),
          out: row.amountOut === null ? sums.out : add(sums.out, row.amountOut),
        });
      }
    }
    for (const [currency, sums] of inOut) {
      const file = exported.get(currency) ?? { in: decimal(0), out: decimal(0) };
      // Compared exactly; the texts name the figures when they differ.
      const figures = {
        currency,
        exported: [text(file.in), text(file.out)],
        books: [text(sums.in), text(sums.out)],
      };
      expect({
        ...figures,
        same: compare(file.in, sums.in) === 0 && compare(file.out, sums.out) === 0,
      }).toEqual({
        ...figures,
        same: true,
      });
    }

    // Every step of every deal is on its audit trail, with who made it: never "account deleted".
    for (const id of deals) {
      const { history } = (await m.applications.findApplicationWithHistory(id))!;
      const trail = await m.audit.listAuditFor('application', id);
      for (const step of history.slice(1)) {
        const entry = trail.find(
          (one) => one.at === step.at && (one.after as { status?: string } | null)?.status === step.to,
        );
        expect({ id, to: step.to, actor: entry?.actorId }).toEqual({
          id,
          to: step.to,
          actor: step.actorId ?? 'system',
        });
      }
    }

    // An ADMIN closes the day once it has ended; nothing more is written into it.
    const day = days[0]!;
    const nextDay = new Date(dayStart(day, TIME_ZONE).getTime() + 36 * 3_600_000);
    const closed = await m.ledgerDay.closeLedgerDay(day, asAdmin(), nextDay);
    // The report names who closed it.
    expect(closed.closed?.closedBy).toBe(admin.username);
    const office = (await m.ledger.listLedgerAccounts()).find((account) => account.kind === 'wallet')!;
    await expect(
      m.ledgerAccounts.adjustAccount(
        office.id,
        { amount: '1', reason: 'Into a closed day' },
        asAdmin(),
        new Date(dayStart(day, TIME_ZONE).getTime() + 3_600_000),
      ),
    ).rejects.toMatchObject({ code: 'LedgerDayClosed' });
  });
});
