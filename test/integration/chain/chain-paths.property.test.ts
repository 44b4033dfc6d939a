import { randomBytes } from 'node:crypto';
import type { UserRecord } from '@functions/data/users';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { add, compare, type Decimal, unitsText } from '@shared/money';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardBody } from '../applications/bodies';
import { putUser } from '../applications/isolated-table';
import { type ChainModules, newTronAddress, sendUsdt, setUpChainTable } from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * The chain paths under random sequences (docs/architecture.md "One use per transaction"):
 * deals paid in USDT and paid out in USDT over two wallets and a few amounts; payments exact, wrong,
 * late, early and from a blacklisted sender; clients' hashes naming any transaction sent; staff
 * attaching and refunding from the review list, confirming, paying out with any transaction,
 * rejecting and refunding; the watcher, finality, the expiry job and the clock (minutes, and a
 * month, so ended deals' amounts are handed out again). Whatever the order, no transaction is used
 * twice (every use named on a deal, a movement or a refunded transfer is the one the register
 * holds), and no deal is confirmed by money sent before it was told the amount. The domain
 * functions run directly on a table and a TronGrid stand-in of this file's own.
 */
const chain = setUpChainTable('chain-paths');
let m: ChainModules;
let manager: UserRecord;
let admin: UserRecord;
const MINUTE = 60_000;
beforeAll(() => {
  ({ m, manager, admin } = chain);
});

const AMOUNTS = [100, 250, 100.00005] as const;
const plainDecimal = ({ units, scale }: Decimal) => unitsText(units, scale);

type Action =
  | { kind: 'deal'; paysOut: boolean; wallet: number; amount: number }
  | { kind: 'pay'; deal: number; exact: boolean; listed: boolean; final: boolean }
  | { kind: 'stray'; wallet: number; amount: number }
  | { kind: 'advance'; minutes: number }
  | { kind: 'watch' }
  | { kind: 'solidify' }
  | { kind: 'expire' }
  | { kind: 'hash'; deal: number; tx: number; near: boolean }
  | { kind: 'attach'; tx: number; deal: number; near: boolean; byAdmin: boolean }
  | { kind: 'refundTransfer'; tx: number; withTx: number | null }
  | { kind: 'confirm'; deal: number }
  | { kind: 'sendPayout'; deal: number; fromOffice: boolean }
  | { kind: 'payout'; deal: number; tx: number; near: boolean }
  | { kind: 'reject'; deal: number }
  | { kind: 'refund'; deal: number; tx: number };

const index = fc.nat({ max: 40 });
/** True `n` times in `n + 1`: the sequences that reach the confirming paths need most steps to be the likely kind. */
const mostly = (n: number) => fc.integer({ min: 0, max: n }).map((draw) => draw > 0);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deal' as const),
      paysOut: mostly(2).map((inUsdt) => !inUsdt),
      // Mostly one wallet and amounts a cent apart: payable amounts meet there.
      wallet: mostly(4).map((first) => (first ? 0 : 1)),
      amount: fc.oneof(
        { weight: 3, arbitrary: fc.nat({ max: 1 }) },
        { weight: 1, arbitrary: fc.constant(2) },
      ),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      deal: index,
      exact: mostly(3),
      listed: mostly(5).map((clean) => !clean),
      final: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('stray' as const),
      wallet: mostly(4).map((first) => (first ? 0 : 1)),
      amount: fc.nat({ max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      // Past a 30-minute window most often; a month lets ended deals' amounts be told again.
      minutes: fc.oneof(
        { weight: 2, arbitrary: fc.constant(31) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 10 }) },
        { weight: 1, arbitrary: fc.constant(31 * 24 * 60) },
      ),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'watch' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'solidify' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('hash' as const), deal: index, tx: index, near: mostly(3) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('attach' as const),
      tx: index,
      deal: index,
      near: mostly(3),
      byAdmin: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refundTransfer' as const),
      tx: index,
      withTx: fc.option(index),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), deal: index }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('sendPayout' as const), deal: index, fromOffice: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      deal: index,
      tx: index,
      near: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), deal: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), deal: index, tx: index }) },
);

interface Deal {
  id: string;
  owner: UserRecord;
  /** Pays USDT into a wallet (USDT → cash), or pays by card and is paid out USDT (card → USDT). */
  paysOut: boolean;
  wallet: string;
  payable: string | null;
  address: string | null;
  amountTo: string;
}

interface Sent {
  txId: string;
  to: string;
  blockTime: number;
}

/**
 * The office's two wallets, made once: the sequences share them (and their holds and cursors), as
 * days of one office do, so their clock only moves forward.
 */
let wallets: Array<{ address: string; templateId: string }> = [];
/** Every transaction the sequences sent, by id: an earlier sequence's may still reach a later one's deals. */
const sentEver = new Map<string, Sent>();

/** One sequence: its deals and the transactions it sent. */
class World {
  wallets = wallets;
  deals: Deal[] = [];
  sent: Sent[] = [];
  listed = newTronAddress();

  constructor(public clock: number) {}

  get now() {
    return new Date(this.clock);
  }

  address = newTronAddress;

  async start() {
    await postToTronStandIn(chain.standIn.url, '/_local/blacklist', { address: this.listed });
  }

  async send(to: string, amount: string, from = this.address(), final = false) {
    const txId = await sendUsdt(chain.standIn, to, amount, { from, at: this.clock, final });
    this.sent.push({ txId, to, blockTime: this.clock });
    sentEver.set(txId, { txId, to, blockTime: this.clock });
  }

  deal = (i: number) => this.deals[i % Math.max(1, this.deals.length)];
  /** Any transaction sent, or (`near`) one sent to `to`: a deal's wallet, a client's address. */
  tx = (i: number, near?: string | null) => {
    const pool = near ? this.sent.filter((one) => one.to === near) : this.sent;
    return pool[i % Math.max(1, pool.length)]?.txId;
  };

  async run(step: Action) {
    const staff = { id: manager.id, role: 'MANAGER' as const };
    const now = this.now;
    switch (step.kind) {
      case 'deal': {
        const owner = await putUser();
        const wallet = this.wallets[step.wallet]!;
        const amount = AMOUNTS[step.amount]!;
        const body = step.paysOut ? standardBody({ amount }) : usdtToCashBody(amount);
        const { application } = await m.create.createApplication(owner.id, body as never, undefined);
        const address = step.paysOut ? this.address() : null;
        if (address) await m.deal.setPayoutDetails(owner.id, application.id, { address }, now);
        await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, staff, now);
        const issued = await m.deal.issueInstructions(
          application.id,
          step.paysOut
            ? { text: 'Pay by card', paymentWindowMinutes: 30 }
            : { text: 'Send USDT', templateId: wallet.templateId, paymentWindowMinutes: 30 },
          staff,
          now,
        );
        this.deals.push({
          id: application.id,
          owner,
          paysOut: step.paysOut,
          wallet: wallet.address,
          payable: issued.instructions?.crypto?.amount ?? null,
          address,
          amountTo: String(issued.amountTo),
        });
        return;
      }
      case 'pay': {
        const deal = this.deal(step.deal);
        if (!deal?.payable) return;
        const amount = step.exact ? deal.payable : plainDecimal(add(deal.payable, '0.5'));
        return this.send(deal.wallet, amount, step.listed ? this.listed : undefined, step.final);
      }
      case 'stray':
        return this.send(this.wallets[step.wallet]!.address, String(AMOUNTS[step.amount]));
      case 'advance':
        this.clock += step.minutes * MINUTE;
        return;
      case 'watch':
        await m.watcher.watchChain(now);
        return;
      case 'solidify':
        await postToTronStandIn(chain.standIn.url, '/_local/solidify', {});
        return;
      case 'expire':
        await m.expire.expireUnpaidApplications(now);
        return;
      case 'hash': {
        const deal = this.deal(step.deal);
        const txHash = this.tx(step.tx, step.near ? deal?.wallet : null);
        if (!deal || !txHash) return;
        await m.deal.markPaid(deal.owner.id, deal.id, { txHash }, now);
        return;
      }
      case 'attach': {
        const deal = this.deal(step.deal);
        const txId = this.tx(step.tx, step.near ? deal?.wallet : null);
        if (!deal || !txId) return;
        const by = step.byAdmin ? { id: admin.id, role: 'ADMIN' as const } : staff;
        await m.actions.attachChainTransfer(txId, { applicationId: deal.id }, by, now);
        return;
      }
      case 'refundTransfer': {
        const txId = this.tx(step.tx);
        if (!txId) return;
        const refundHash = step.withTx === null ? randomBytes(32).toString('hex') : this.tx(step.withTx)!;
        await m.actions.refundChainTransfer(txId, { txHash: refundHash }, staff, now);
        return;
      }
      case 'confirm': {
        const deal = this.deal(step.deal);
        if (deal) await m.deal.confirmPayment(deal.id, {}, staff, now);
        return;
      }
      case 'sendPayout': {
        const deal = this.deal(step.deal);
        if (!deal?.address) return;
        return this.send(deal.address, deal.amountTo, step.fromOffice ? this.wallets[0]!.address : undefined);
      }
      case 'payout': {
        const deal = this.deal(step.deal);
        const txHash = this.tx(step.tx, step.near ? deal?.address : null);
        if (!deal) return;
        await m.deal.recordPayout(
          deal.id,
          deal.paysOut && txHash ? { txHash } : { note: 'Cash handed over' },
          staff,
          now,
        );
        return;
      }
      case 'reject': {
        const deal = this.deal(step.deal);
        if (deal)
          await m.admin.changeApplicationStatus(
            deal.id,
            { status: 'REJECTED', rejectionReason: 'Test' },
            staff,
            now,
          );
        return;
      }
      case 'refund': {
        const deal = this.deal(step.deal);
        const txHash = this.tx(step.tx);
        if (deal && txHash) await m.deal.recordRefund(deal.id, { reference: txHash }, staff, now);
        return;
      }
    }
  }
}

/** Runs a step; the rules refusing it (a DomainError: 4xx) is an outcome, anything else fails the run. */
async function attempt(world: World, step: Action) {
  try {
    await world.run(step);
  } catch (error) {
    if (!(error instanceof m.errors.DomainError)) throw error;
  }
}

/** The deal's parts of the payment in, as the transaction history keeps them (`#in`, `#in#2`…). */
const movementsIn = async (applicationId: string, parts: number) =>
  Promise.all(
    Array.from(
      { length: parts },
      async (_, index) =>
        (
          await m.client.db.send(
            new m.lib.GetCommand({
              TableName: m.client.tableName,
              Key: m.keys.keys.movement(m.movements.movementId(applicationId, 'in', index + 1)),
            }),
          )
        ).Item,
    ),
  );

/**
 * Every use the world's records name — a deal's confirmation, its movement in, its USDT payout,
 * its refund, a refunded transfer and its refund — is the use the register holds for that
 * transaction: so none is named for two purposes or two deals. And every confirmation names money
 * sent to the deal's wallet at or after the deal was told its amount.
 */
async function checkTheBooks(world: World) {
  const sent = sentEver;
  const named: Array<{ txId: string; purpose: string; applicationId: string | null; where: string }> = [];
  for (const deal of world.deals) {
    const record = (await m.applications.findApplication(deal.id))!;
    const confirmedWith = record.paymentConfirmation?.txHash;
    if (!deal.paysOut && confirmedWith) {
      named.push({ txId: confirmedWith, purpose: 'payment', applicationId: deal.id, where: 'confirmation' });
      const money = sent.get(confirmedWith)!;
      const toldAt = Date.parse(record.instructions!.crypto!.since ?? record.instructions!.issuedAt);
      expect({ deal: deal.id, before: money.blockTime < toldAt, to: money.to }).toEqual({
        deal: deal.id,
        before: false,
        to: deal.wallet,
      });
    }
    // Every part of the payment is a movement of its own, and the deal's money is their sum.
    const money = m.dealMoney.moneyOf(record);
    const parts = await movementsIn(deal.id, money.partsIn);
    expect(parts.every(Boolean)).toBe(true);
    const arrived = parts.reduce<Decimal>((sum, part) => add(sum, Number(part!.amount)), add(0, 0));
    const recorded = {
      deal: deal.id,
      received: money.received,
      parts: unitsText(arrived.units, arrived.scale),
    };
    expect({ ...recorded, same: compare(money.received, arrived) === 0 }).toEqual({
      ...recorded,
      same: true,
    });
    for (const movement of parts) {
      if (!deal.paysOut && movement?.reference && sent.has(String(movement.reference)))
        named.push({
          txId: String(movement.reference),
          purpose: 'payment',
          applicationId: deal.id,
          where: 'movement',
        });
    }
    // A payout's hash is its use when it paid the client from the office (any amount) or is unknown yet.
    const check = record.payout?.chainCheck;
    if (
      record.payout?.txHash &&
      check &&
      (check.state !== 'mismatch' || check.reason === 'wrongAmount' || check.reason === 'notFound')
    )
      named.push({ txId: record.payout.txHash, purpose: 'payout', applicationId: deal.id, where: 'payout' });
    if (record.refund?.txHash)
      named.push({ txId: record.refund.txHash, purpose: 'refund', applicationId: deal.id, where: 'refund' });
  }
  for (const { txId } of world.sent) {
    const transfer = await m.transfers.findChainTransfer(txId);
    if (transfer?.state !== 'refunded') continue;
    named.push({
      txId,
      purpose: 'refund',
      applicationId: transfer.applicationId,
      where: 'refunded transfer',
    });
  }
  const usesOf = new Map<string, Set<string>>();
  for (const use of named)
    usesOf.set(use.txId, (usesOf.get(use.txId) ?? new Set()).add(`${use.purpose} of ${use.applicationId}`));
  const twice = [...usesOf]
    .filter(([, uses]) => uses.size > 1)
    .map(([txId, uses]) => ({ txId, uses: [...uses] }));
  expect(twice).toEqual([]);
  for (const use of named) {
    const registered = await m.uses.findChainUse(use.txId);
    expect({
      ...use,
      registered: registered && { purpose: registered.purpose, applicationId: registered.applicationId },
    }).toEqual({ ...use, registered: { purpose: use.purpose, applicationId: use.applicationId } });
  }
}

describe('the chain paths under random sequences', () => {
  it('never use a transaction twice, and never confirm a deal with money sent before its instructions', async () => {
    let clock = Date.now();
    wallets = await Promise.all(
      [0, 1].map(async () => {
        const address = newTronAddress();
        const template = await m.templates.createPaymentTemplate(
          { kind: 'usdt', label: `Wallet ${address}`, address },
          { id: admin.id, role: 'ADMIN' },
          new Date(clock),
        );
        return { address, templateId: template.id };
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 6, maxLength: 24 }), async (steps) => {
        const world = new World(clock);
        await world.start();
        for (const step of steps) await attempt(world, step);
        clock = world.clock + MINUTE;
        await checkTheBooks(world);
      }),
      // Enough to meet the old defects (seen: a month-old stray confirming a new deal, a payout's
      // transaction refunded too); a failure prints its seed and the shrunk sequence.
      { numRuns: 30 },
    );
  }, 300_000);
});
