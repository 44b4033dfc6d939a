import { randomBytes } from 'node:crypto';
import type { UserRecord } from '@functions/data/users';
import { compare } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { putUser } from '../applications/isolated-table';
import {
  type ChainModules,
  newTronAddress,
  sendUsdt,
  setUpChainTable,
  transferForStaff,
  usdtWallet,
} from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * USDT that arrives otherwise than asked, resolved inside the deal (docs/product.md §4 "Wrong
 * payments"): the chain's amount is what the payment records, whoever attaches it; a short
 * payment recalculated at the deal's rate or topped up at a unique amount the watcher matches;
 * an excess sent back with its transaction claimed as the refund; a top-up on either side of its
 * window's end, or racing staff's recalculation, ends with one outcome. The domain functions run on a
 * table and a TronGrid stand-in of this file's own.
 */
const chain = setUpChainTable('wrong-usdt');
let m: ChainModules;
let manager: UserRecord;
beforeAll(() => {
  ({ m, manager } = chain);
});
const asManager = () => ({ id: manager.id, role: 'MANAGER' as const });

const wallet = () => usdtWallet(chain);

/** A client's USDT → cash deal of `amount`, its instructions issued on the wallet now. */
async function told(to: { templateId: string }, amount: number) {
  const owner = await putUser();
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asManager());
  const issued = await m.deal.issueInstructions(
    application.id,
    { text: 'Send exactly this amount', templateId: to.templateId },
    asManager(),
  );
  return {
    id: application.id,
    amountTo: application.amountTo!,
    payable: issued.instructions!.crypto!.amount,
  };
}

/** A final transfer of `amount` to the wallet, waiting for staff as the watcher leaves one it cannot match. */
const waitingForStaff = (to: string, amount: string) => transferForStaff(chain, to, amount);

const find = async (id: string) => (await m.applications.findApplication(id))!;

describe('USDT paid short', () => {
  it('is recorded as the chain moved it and recalculated at the deal rate', async () => {
    const to = await wallet();
    const deal = await told(to, 1000);
    const short = await waitingForStaff(to.address, '999');

    const attached = await m.actions.attachChainTransfer(short, { applicationId: deal.id }, asManager());

    expect(attached.status).toBe('PAID');
    const paid = await find(deal.id);
    expect(m.dealMoney.moneyOf(paid)).toMatchObject({ received: '999.000000', partsIn: 1 });
    expect(m.dealMoney.dealMoneyView(paid, new Date())).toMatchObject({ gap: 'short' });
    const history = await m.applications.findApplicationWithHistory(deal.id);
    // Recorded by the manager who attached it, not "the system".
    expect(history!.history.at(-1)).toMatchObject({ to: 'PAID', actorId: manager.id });

    const recalculated = await m.resolution.resolvePayment(deal.id, { choice: 'recalculate' }, asManager());

    expect(recalculated).toMatchObject({ status: 'CONFIRMED', amountFrom: 999 });
    // 999 of 1000 at the same rate: less to receive, at most the rounding of one step more.
    expect(recalculated.amountTo!).toBeLessThan(deal.amountTo);
    expect(recalculated.amountTo!).toBeGreaterThan(deal.amountTo * 0.998);
  });

  it('is topped up by a second transfer the watcher matches at the unique amount told for the rest', async () => {
    const to = await wallet();
    const deal = await told(to, 1000);
    const first = await waitingForStaff(to.address, '600');
    await m.actions.attachChainTransfer(first, { applicationId: deal.id }, asManager());

    const waiting = await m.resolution.resolvePayment(deal.id, { choice: 'awaitTopUp' }, asManager());

    const rest = waiting.instructions!.crypto!.amount;
    // What is left of the amount told, made unique on the wallet (a few 0.0001 steps at most).
    expect(compare(rest, '400')).toBeGreaterThanOrEqual(0);
    expect(compare(rest, '400.1')).toBeLessThan(0);
    expect(waiting.money).toMatchObject({ gap: 'short' });

    await sendUsdt(chain.standIn, to.address, rest, { final: true });
    await m.watcher.watchChain();

    const topped = await find(deal.id);
    expect(topped.status).toBe('CONFIRMED');
    expect(m.dealMoney.dealMoneyView(topped, new Date())).toMatchObject({ gap: 'exact' });
    expect(m.dealMoney.moneyOf(topped)).toMatchObject({ partsIn: 2 });
  });
});

describe('a top-up', () => {
  /** A deal of 1000 with 600 arrived and staff waiting for the rest: the rest told, and its deadline. */
  async function waitingForTheRest() {
    const to = await wallet();
    const deal = await told(to, 1000);
    await m.actions.attachChainTransfer(
      await waitingForStaff(to.address, '600'),
      { applicationId: deal.id },
      asManager(),
    );
    const waiting = await m.resolution.resolvePayment(deal.id, { choice: 'awaitTopUp' }, asManager());
    return {
      to,
      deal,
      rest: waiting.instructions!.crypto!.amount,
      deadline: Date.parse(waiting.instructions!.deadline),
    };
  }

  it("racing the window's end counts when made by its last millisecond, watched once the window has closed", async () => {
    const { to, deal, rest, deadline } = await waitingForTheRest();
    const inTime = await sendUsdt(chain.standIn, to.address, rest, { final: true, at: deadline });

    await m.watcher.watchChain(new Date(deadline + 5000));

    const after = await find(deal.id);
    expect(after.status).toBe('CONFIRMED');
    expect(m.dealMoney.moneyOf(after)).toMatchObject({ received: '1000.000000', partsIn: 2 });
    expect(await m.transfers.findChainTransfer(inTime)).toMatchObject({ state: 'confirmed' });
    expect(await m.uses.findChainUse(inTime)).toMatchObject({ purpose: 'payment', applicationId: deal.id });
    // Watched again, the same transfer is not counted twice.
    await m.watcher.watchChain(new Date(deadline + 10_000));
    expect(m.dealMoney.moneyOf(await find(deal.id))).toMatchObject({ received: '1000.000000', partsIn: 2 });
  });

  it('made a millisecond after its window is late: the deal stays short and the transfer waits for staff', async () => {
    const { to, deal, rest, deadline } = await waitingForTheRest();
    const late = await sendUsdt(chain.standIn, to.address, rest, { final: true, at: deadline + 1 });

    await m.watcher.watchChain(new Date(deadline + 5000));

    expect((await find(deal.id)).status).toBe('PAID');
    expect(m.dealMoney.moneyOf(await find(deal.id))).toMatchObject({ received: '600.000000', partsIn: 1 });
    expect(await m.transfers.findChainTransfer(late)).toMatchObject({
      state: 'review',
      reason: 'late',
      applicationId: deal.id,
    });
  });

  it('racing staff recalculating the deal ends with one outcome, its money counted once', async () => {
    const { to, deal, rest } = await waitingForTheRest();
    const topUp = await sendUsdt(chain.standIn, to.address, rest, { final: true });

    const [watched, recalculated] = await Promise.allSettled([
      m.watcher.watchChain(),
      m.resolution.resolvePayment(deal.id, { choice: 'recalculate' }, asManager()),
    ]);

    expect(watched.status).toBe('fulfilled');
    const after = await find(deal.id);
    const transfer = await m.transfers.findChainTransfer(topUp);
    expect(after.status).toBe('CONFIRMED');
    if (recalculated.status === 'fulfilled') {
      // Staff won: the deal is what arrived before, and the rest waits for staff as money it did not ask for.
      expect(after.amountFrom).toBe(600);
      expect(m.dealMoney.moneyOf(after)).toMatchObject({ received: '600.000000', partsIn: 1 });
      expect(transfer).toMatchObject({ state: 'review', applicationId: deal.id });
      expect(await m.uses.findChainUse(topUp)).toBeUndefined();
    } else {
      // The watcher won: the rest is the deal's second part, and the recalculation found nothing to recalculate.
      expect(recalculated.reason).toMatchObject({ code: 'PaymentStandsOtherwise' });
      expect(m.dealMoney.moneyOf(after)).toMatchObject({ partsIn: 2 });
      expect(transfer).toMatchObject({ state: 'confirmed' });
      expect(await m.uses.findChainUse(topUp)).toMatchObject({ purpose: 'payment', applicationId: deal.id });
    }
  });
});

describe('USDT paid over', () => {
  it('sends the excess back, its transaction claimed as the refund, and confirms the deal', async () => {
    const to = await wallet();
    const deal = await told(to, 1000);
    const over = await waitingForStaff(to.address, '1100');
    await m.actions.attachChainTransfer(over, { applicationId: deal.id }, asManager());
    const back = randomBytes(32).toString('hex');

    const refunded = await m.resolution.resolvePayment(
      deal.id,
      { choice: 'refundExcess', reference: back, destination: newTronAddress() },
      asManager(),
    );

    expect(refunded.status).toBe('CONFIRMED');
    expect(refunded.money).toMatchObject({ received: '1100.000000', gap: 'exact' });
    expect(await m.uses.findChainUse(back)).toMatchObject({ purpose: 'refund', applicationId: deal.id });
    expect(await m.uses.findChainUse(over)).toMatchObject({ purpose: 'payment', applicationId: deal.id });
  });
});
