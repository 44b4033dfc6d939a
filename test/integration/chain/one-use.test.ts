import { randomBytes } from 'node:crypto';
import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
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
} from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * A chain transaction is used once, for one purpose (docs/architecture.md "One use per
 * transaction"): the paths that let USDT pay a deal, pay one out or refund — "I have paid", the
 * watcher, an attach, a payout's hash, a refund — each claim it in the register with their effect,
 * and each refuses what another took; a payable amount stays its deal's while a late payment may
 * still come. The domain functions run directly on a table and a TronGrid stand-in of this file's
 * own, with block times and clocks set, as the security review's requests were made.
 */
const chain = setUpChainTable('one-use');
let m: ChainModules;
let manager: UserRecord;
let admin: UserRecord;
beforeAll(() => {
  ({ m, manager, admin } = chain);
});
const asManager = () => ({ id: manager.id, role: 'MANAGER' as const });
const asAdmin = () => ({ id: admin.id, role: 'ADMIN' as const });
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const local = (path: string, body: unknown) => postToTronStandIn(chain.standIn.url, path, body);
const newAddress = newTronAddress;
/** USDT sent on the stand-in, final at once unless asked not to; `at` sets its block time. */
const send = (to: string, amount: string, options: { from?: string; at?: number; final?: boolean } = {}) =>
  sendUsdt(chain.standIn, to, amount, { final: true, ...options });

const wallet = () => usdtWallet(chain);

/** A client's USDT → cash deal, its instructions issued on `to` at `at` (now by default). */
async function told(
  to: { templateId: string },
  amount: number,
  options: { at?: Date; window?: number; owner?: UserRecord; staff?: () => RecordedActor } = {},
) {
  const at = options.at ?? new Date();
  const owner = options.owner ?? (await putUser());
  const staff = options.staff ?? asManager;
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, staff(), at);
  const issued = await m.deal.issueInstructions(
    application.id,
    {
      text: 'Send exactly this amount',
      templateId: to.templateId,
      paymentWindowMinutes: options.window ?? 30,
    },
    staff(),
    at,
  );
  return { id: application.id, owner, payable: issued.instructions!.crypto!.amount };
}

const find = async (id: string) => (await m.applications.findApplication(id))!;
const paid = (deal: { id: string; owner: UserRecord }, txHash: string, at?: Date) =>
  m.deal.markPaid(deal.owner.id, deal.id, { txHash }, at);

describe('"I have paid" (F1)', () => {
  it('never confirms a deal with a transaction that paid another deal', async () => {
    const to = await wallet();
    const longAgo = Date.now() - 40 * DAY;
    const first = await told(to, 500, { at: new Date(longAgo) });
    expect(first.payable).toBe('500.0000');
    const used = await send(to.address, first.payable, { at: longAgo + MINUTE });
    expect((await paid(first, used, new Date(longAgo + 2 * MINUTE))).status).toBe('CONFIRMED');
    await m.admin.changeApplicationStatus(
      first.id,
      { status: 'REJECTED', rejectionReason: 'Closed' },
      asManager(),
      new Date(longAgo + 3 * MINUTE),
    );

    // Its amount is free again once the first deal ended longer than the retention ago...
    const second = await told(to, 500);
    expect(second.payable).toBe('500.0000');
    // ...and the first deal's transaction, of exactly that amount to that wallet, pays nothing.
    const answer = await paid(second, used);

    expect(answer).toMatchObject({
      status: 'PAID',
      clientPaid: { txHash: used, chainCheck: { state: 'mismatch', reason: 'alreadyUsed' } },
    });
    expect(await m.uses.findChainUse(used)).toMatchObject({ purpose: 'payment', applicationId: first.id });
  });

  it('never confirms a deal with a transfer staff refunded', async () => {
    const to = await wallet();
    const deal = await told(to, 410);
    const returned = await waitingForStaff(to.address, deal.payable);
    await m.actions.refundChainTransfer(returned, { txHash: randomBytes(32).toString('hex') }, asManager());

    const answer = await paid(deal, returned);

    expect(answer).toMatchObject({
      status: 'PAID',
      clientPaid: { chainCheck: { state: 'mismatch', reason: 'alreadyUsed' } },
    });
  });

  it('never confirms a deal with money from a blacklisted sender', async () => {
    const to = await wallet();
    const deal = await told(to, 420);
    const listed = newAddress();
    await local('/_local/blacklist', { address: listed });
    const tainted = await send(to.address, deal.payable, { from: listed });

    const answer = await paid(deal, tainted);

    expect(answer).toMatchObject({
      status: 'PAID',
      clientPaid: { chainCheck: { state: 'mismatch', reason: 'blacklistedSender' } },
    });
    expect(await m.uses.findChainUse(tainted)).toBeUndefined();
  });

  it('never confirms a deal with money sent before its instructions', async () => {
    const to = await wallet();
    const earlier = await send(to.address, '430.0000', { at: Date.now() - 5 * MINUTE });
    const deal = await told(to, 430);
    expect(deal.payable).toBe('430.0000');

    const answer = await paid(deal, earlier);

    expect(answer).toMatchObject({
      status: 'PAID',
      clientPaid: { chainCheck: { state: 'mismatch', reason: 'beforeInstructions' } },
    });
  });

  it('never lets staff confirm a deal with money sent before its instructions, of another amount too', async () => {
    // Found by the chain property test (seed -1779044659): the check named the amount first, and
    // staff's confirmation takes a wrong amount as the deal's money, so a stray sent before the
    // deal was told its amount was confirmed as its payment.
    const to = await wallet();
    const earlier = await send(to.address, '431.5000', { at: Date.now() - 5 * MINUTE });
    const deal = await told(to, 431);

    const answer = await paid(deal, earlier);
    expect(answer).toMatchObject({
      clientPaid: { chainCheck: { state: 'mismatch', reason: 'beforeInstructions' } },
    });
    await m.deal.confirmPayment(deal.id, {}, asManager());

    expect((await find(deal.id)).paymentConfirmation).toMatchObject({ txHash: null });
    expect(await m.uses.findChainUse(earlier)).toBeUndefined();
  });

  it('claims the transaction it confirms with, which the watcher then records against that use', async () => {
    const to = await wallet();
    const deal = await told(to, 440);
    const payment = await send(to.address, deal.payable);
    expect((await paid(deal, payment)).status).toBe('CONFIRMED');

    await m.watcher.watchChain();

    expect(await m.transfers.findChainTransfer(payment)).toMatchObject({
      state: 'used',
      usePurpose: 'payment',
      applicationId: deal.id,
    });
  });
});

describe('a late payment (F2)', () => {
  it("never confirms a newer deal told the same amount: it waits for staff as the old deal's, late", async () => {
    const to = await wallet();
    const old = await told(to, 612, { at: new Date(Date.now() - 2 * MINUTE), window: 1 });
    expect(old.payable).toBe('612.0000');
    const newer = await told(to, 612);
    expect(newer.payable).toBe('612.0001');

    const late = await send(to.address, old.payable);
    await m.watcher.watchChain();

    expect((await find(newer.id)).status).toBe('WAITING_PAYMENT');
    expect(await m.transfers.findChainTransfer(late)).toMatchObject({
      state: 'review',
      reason: 'late',
      applicationId: old.id,
    });
  });
});

/** A transfer on the review list, as the watcher leaves one it cannot match by itself. */
const waitingForStaff = (to: string, amount: string, options: { at?: number } = {}) =>
  transferForStaff(chain, to, amount, options);

describe('attaching a transfer (F3)', () => {
  it('refuses staff their own deal, however it was instructed', async () => {
    const to = await wallet();
    const own = await told(to, 5000, { owner: manager, staff: asAdmin });
    const transfer = await waitingForStaff(to.address, own.payable);

    await expect(
      m.actions.attachChainTransfer(transfer, { applicationId: own.id }, asManager()),
    ).rejects.toMatchObject({ code: 'OwnApplication', refusal: 'forbidden' });
    expect((await find(own.id)).status).toBe('WAITING_PAYMENT');
    expect(await m.transfers.findChainTransfer(transfer)).toMatchObject({ state: 'review' });
  });

  it('records another amount as the part it is, by the MANAGER who attached it: the deal shows it short', async () => {
    const to = await wallet();
    const deal = await told(to, 5000);
    const oneUsdt = await waitingForStaff(to.address, '1');

    const attached = await m.actions.attachChainTransfer(oneUsdt, { applicationId: deal.id }, asManager());

    // Final on chain, the part is recorded; all that was asked has not arrived, so nothing is confirmed.
    expect(attached.status).toBe('PAID');
    const record = await find(deal.id);
    expect(record.paymentConfirmation).toBeNull();
    expect(m.dealMoney.moneyOf(record)).toMatchObject({ received: '1.000000', partsIn: 1 });
    // A day either side of now: the movement just recorded, whatever the day's bounds.
    const around = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const { movements } = await m.movements.readMovementPage(
      { since: around(-1), until: around(1), direction: 'in' },
      { limit: 100 },
    );
    expect(movements.filter((one) => one.applicationId === deal.id)).toEqual([
      expect.objectContaining({ amount: 1, currency: 'USDT', staffId: manager.id, reference: oneUsdt }),
    ]);
    expect(await m.uses.findChainUse(oneUsdt)).toMatchObject({ purpose: 'payment', applicationId: deal.id });
  });

  it('refuses money sent before the deal was told its amount', async () => {
    const to = await wallet();
    const earlier = Date.now() - 10 * MINUTE;
    const deal = await told(to, 450);
    const transfer = await waitingForStaff(to.address, deal.payable, { at: earlier });

    await expect(
      m.actions.attachChainTransfer(transfer, { applicationId: deal.id }, asManager()),
    ).rejects.toMatchObject({ code: 'ChainTransferBeforeInstructions' });
  });
});

/** A client's card-EUR → USDT deal with a payout address, confirmed: staff pay out next. */
async function confirmedForPayout(amount: number) {
  const owner = await putUser();
  const address = newAddress();
  const { application } = await m.create.createApplication(
    owner.id,
    standardBody({ amount }) as never,
    undefined,
  );
  await m.deal.setPayoutDetails(owner.id, application.id, { address });
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asManager());
  await m.deal.issueInstructions(application.id, { text: 'Pay by SEPA' }, asManager());
  const confirmed = await m.deal.confirmPayment(application.id, { note: 'SEPA arrived' }, asManager());
  return { id: application.id, address, amountTo: String(confirmed.amountTo) };
}

describe('a payout hash (F6)', () => {
  it('pays out one deal: the same transaction recorded for a second deal is refused', async () => {
    const office = await wallet();
    const first = await confirmedForPayout(200);
    const second = await confirmedForPayout(200);
    const payout = await send(first.address, first.amountTo, { from: office.address });
    expect((await m.deal.recordPayout(first.id, { txHash: payout }, asManager())).status).toBe('COMPLETED');

    await expect(m.deal.recordPayout(second.id, { txHash: payout }, asManager())).rejects.toMatchObject({
      code: 'ChainTransactionUsed',
      params: { purpose: 'payout' },
    });
    expect((await find(second.id)).status).toBe('CONFIRMED');
  });

  it("does not complete a deal with a transfer that did not leave the office's wallets", async () => {
    const deal = await confirmedForPayout(210);
    const toItself = await send(deal.address, deal.amountTo, { from: deal.address });

    const recorded = await m.deal.recordPayout(deal.id, { txHash: toItself }, asManager());

    expect(recorded).toMatchObject({
      status: 'EXCHANGING',
      payout: { chainCheck: { state: 'mismatch', reason: 'notOfficeWallet' } },
    });
  });
});
