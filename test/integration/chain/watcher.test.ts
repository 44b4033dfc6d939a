import type { UserRecord } from '@functions/data/users';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { putUser } from '../applications/isolated-table';
import { type ChainModules, newTronAddress, sendUsdt, setUpChainTable } from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * The chain watcher against a TronGrid stand-in and a table of this file's own (chain-table.ts).
 * Transfers are made with the stand-in's test-only calls; the job's domain function runs directly.
 */
const chain = setUpChainTable('watcher');
let m: ChainModules;
let staff: UserRecord;
beforeAll(() => {
  ({ m, admin: staff } = chain);
});
const actor = () => ({ id: staff.id, role: 'MANAGER' as const });
const MINUTE = 60_000;

const local = (path: string, body: unknown) => postToTronStandIn(chain.standIn.url, path, body);
const newAddress = newTronAddress;

/** Sends USDT on the stand-in; answers the transaction id. */
const send = (to: string, amount: string, from = newAddress()) =>
  sendUsdt(chain.standIn, to, amount, { from });

async function wallet() {
  const address = newAddress();
  const template = await m.templates.createPaymentTemplate(
    { kind: 'usdt', label: `Wallet ${address}`, address },
    actor(),
  );
  return { address, templateId: template.id };
}

/** A USDT → cash application of a new client, its instructions issued `minutesAgo` with a window. */
async function waiting(
  to: { templateId: string },
  amount: number,
  options: { minutesAgo?: number; window?: number } = {},
) {
  const at = new Date(Date.now() - (options.minutesAgo ?? 0) * MINUTE);
  const owner = await putUser();
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined, at);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor(), at);
  const issued = await m.deal.issueInstructions(
    application.id,
    {
      text: 'Send exactly this amount',
      templateId: to.templateId,
      paymentWindowMinutes: options.window ?? 30,
    },
    actor(),
    at,
  );
  return { id: application.id, payable: issued.instructions!.crypto!.amount };
}

const statusOf = async (id: string) => (await m.applications.findApplication(id))!.status;
/** The recorded transfers of these transaction ids, by id. */
async function recorded(txIds: string[]) {
  const records = await Promise.all(txIds.map((txId) => m.transfers.findChainTransfer(txId)));
  return new Map(txIds.map((txId, index) => [txId, records[index]]));
}

describe('the chain watcher', () => {
  it('runs every minute from the manifest, every TRON_POLL_SECONDS (15) locally, with the TRON provider', () => {
    expect(m.routes.jobs.watchChain).toMatchObject({
      handler: 'jobs/watch-chain',
      schedule: 'rate(1 minute)',
      uses: { tron: true },
      localPeriod: { variable: 'TRON_POLL_SECONDS', defaultSeconds: 15 },
    });
  });

  it('moves a match to PAID, and to CONFIRMED once the transfer is final, with the movement in', async () => {
    const to = await wallet();
    const application = await waiting(to, 500);
    const txId = await send(to.address, application.payable);

    const first = await m.watcher.watchChain();
    expect(first).toMatchObject({ matched: 1, confirmed: 0, failures: 0 });
    expect(await statusOf(application.id)).toBe('PAID');

    await local('/_local/solidify', {});
    const second = await m.watcher.watchChain();
    expect(second).toMatchObject({ recorded: 0, confirmed: 1, failures: 0 });
    const { application: confirmed, history } = (await m.applications.findApplicationWithHistory(
      application.id,
    ))!;
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.paymentConfirmation).toMatchObject({ by: 'system', txHash: txId });
    const moves = history.filter((entry) => entry.to === 'PAID' || entry.to === 'CONFIRMED');
    expect(moves).toEqual([
      expect.objectContaining({ from: 'WAITING_PAYMENT', to: 'PAID', actorRole: 'SYSTEM', actorId: null }),
      expect.objectContaining({ from: 'PAID', to: 'CONFIRMED', actorRole: 'SYSTEM', actorId: null }),
    ]);
    expect(moves[0]!.details).toMatchObject({ txId });
    expect(moves[1]!.details).toMatchObject({ txId, confirmedAt: expect.any(String) });
    // A day either side of now: the movement just recorded, whatever the day's bounds.
    const around = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const { movements } = await m.movements.readMovementPage(
      { since: around(-1), until: around(1), direction: 'in' },
      { limit: 50 },
    );
    expect(movements.filter((one) => one.applicationId === application.id)).toEqual([
      expect.objectContaining({ reference: txId, staffId: 'system', amount: 500, currency: 'USDT' }),
    ]);
    expect(await m.transfers.findChainTransfer(txId)).toMatchObject({
      state: 'confirmed',
      applicationId: application.id,
      amount: `${application.payable}00`,
    });
  });

  it('sends underpaid, overpaid, late, blacklisted and unknown transfers to the review list with their reason', async () => {
    const to = await wallet();
    const under = await waiting(to, 300);
    const over = await waiting(to, 400);
    const late = await waiting(to, 600, { minutesAgo: 40, window: 30 });
    expect(await m.expire.expireUnpaidApplications()).toMatchObject({ expired: 1 });
    expect(await statusOf(late.id)).toBe('EXPIRED');
    const listed = await waiting(to, 700);
    const sanctioned = newAddress();
    await local('/_local/blacklist', { address: sanctioned });

    const sent = {
      underpaid: await send(to.address, '299.5'),
      overpaid: await send(to.address, '410'),
      late: await send(to.address, late.payable),
      blacklisted: await send(to.address, listed.payable, sanctioned),
      unknown: await send(to.address, '12.345678'),
    };
    const run = await m.watcher.watchChain();
    expect(run).toMatchObject({ recorded: 5, matched: 0, review: 5, failures: 0 });

    const byTx = await recorded(Object.values(sent));
    for (const transfer of byTx.values()) expect(transfer).toMatchObject({ state: 'review' });
    expect(byTx.get(sent.underpaid)).toMatchObject({
      reason: 'underpaid',
      applicationId: under.id,
      amount: '299.500000',
    });
    expect(byTx.get(sent.overpaid)).toMatchObject({
      reason: 'overpaid',
      applicationId: over.id,
      amount: '410.000000',
    });
    expect(byTx.get(sent.late)).toMatchObject({ reason: 'late', applicationId: late.id });
    expect(byTx.get(sent.blacklisted)).toMatchObject({
      reason: 'blacklisted',
      applicationId: listed.id,
      from: sanctioned,
      to: to.address,
    });
    expect(byTx.get(sent.unknown)).toMatchObject({ reason: 'unknown', applicationId: null });
    // None of them moved an application.
    expect(await statusOf(under.id)).toBe('WAITING_PAYMENT');
    expect(await statusOf(over.id)).toBe('WAITING_PAYMENT');
    expect(await statusOf(late.id)).toBe('EXPIRED');
    expect(await statusOf(listed.id)).toBe('WAITING_PAYMENT');
  });

  it('records a transaction seen twice once, and a restart neither misses nor repeats a transfer', async () => {
    const to = await wallet();
    const before = [await send(to.address, '1.5'), await send(to.address, '2.5')];
    const first = await m.watcher.watchChain();
    expect(first).toMatchObject({ recorded: 2, failures: 0 });

    // The same transfers are listed again (the cursor's block time is inclusive): none recorded twice.
    const again = await m.watcher.watchChain();
    expect(again.read).toBeGreaterThan(0);
    expect(again.recorded).toBe(0);

    // A restart: fresh module state, the cursor only in the table.
    const after = [await send(to.address, '3.5'), await send(to.address, '4.5')];
    vi.resetModules();
    const restarted = await import('@functions/domain/chain/watcher');
    const third = await restarted.watchChain();
    expect(third).toMatchObject({ recorded: 2, failures: 0 });
    const all = await recorded([...before, ...after]);
    expect([...all.values()].every((transfer) => transfer?.to === to.address)).toBe(true);
  });

  it("starts a new wallet's first read when its template was saved, not at the start of its history", async () => {
    const address = newAddress();
    const old = await send(address, '7.25');
    await m.templates.createPaymentTemplate(
      { kind: 'usdt', label: `Wallet ${address}`, address },
      actor(),
      new Date(Date.now() + 1_000),
    );
    const fresh = String(
      (
        await local('/_local/transfers', {
          from: newAddress(),
          to: address,
          amount: '9.25',
          blockTimestamp: Date.now() + 2_000,
        })
      ).txId,
    );
    expect(await m.watcher.watchChain()).toMatchObject({ failures: 0 });
    const seen = await recorded([old, fresh]);
    expect(seen.get(old)).toBeUndefined();
    expect(seen.get(fresh)).toMatchObject({ to: address, reason: 'unknown' });
  });

  it('leaves the cursor where it was when the provider fails, and reads the transfer on the next run after the back-off', async () => {
    const to = await wallet();
    const txId = await send(to.address, '5.5');
    await local('/_local/fail', { status: 500, times: 1, match: to.address });
    const failed = await m.watcher.watchChain();
    expect(failed.failures).toBe(1);
    expect(await m.transfers.findChainTransfer(txId)).toBeUndefined();
    expect(await m.transfers.findChainCursor(to.address)).toMatchObject({
      minTimestamp: 0,
      errors: 1,
      lastError: expect.stringContaining('500'),
    });

    // The next scheduled run, a minute later: one failure in a row leaves the provider alone until then.
    const nextRun = new Date(Date.now() + 60_000);
    const next = await m.watcher.watchChain(nextRun);
    expect(next).toMatchObject({ failures: 0, backedOff: false });
    expect(await m.transfers.findChainTransfer(txId)).toMatchObject({ reason: 'unknown' });
    expect((await m.transfers.findChainCursor(to.address)).lastReadAt).not.toBeNull();
    // Staff see the wallet's last read, its lag and the failed read (GET /admin/chain/review).
    const { wallets, transfers } = await m.review.listChainReview(new Date(nextRun.getTime() + 5_000));
    expect(wallets.find((one) => one.address === to.address)).toMatchObject({
      lastReadAt: expect.any(String),
      errors: 1,
      lastError: null,
    });
    expect(wallets.find((one) => one.address === to.address)!.lagSeconds).toBeGreaterThanOrEqual(5);
    expect(transfers.find((one) => one.txId === txId)).toMatchObject({
      reason: 'unknown',
      amount: '5.500000',
      application: null,
    });
  });

  it('lets staff attach a waiting transfer of the amount asked (PAID, then CONFIRMED once final, by them) or mark one refunded, each audited', async () => {
    const to = await wallet();
    const application = await waiting(to, 800);
    const elsewhere = await waiting(await wallet(), 801);
    await send(to.address, application.payable);
    const stray = await send(to.address, '33.3');
    const run = await m.watcher.watchChain();
    expect(run).toMatchObject({ matched: 1, review: 1, failures: 0 });
    // The exact one matched by itself. One of the amount asked can still wait for staff (here put
    // on the review list directly, as if the watcher had not known the deal): staff attach it.
    const waitingApplication = await waiting(to, 900);
    const lost = await send(to.address, waitingApplication.payable);
    await m.transfers.recordChainTransfer({
      txId: lost,
      from: newAddress(),
      to: to.address,
      amount: `${waitingApplication.payable}00`,
      value: String(BigInt(waitingApplication.payable.replace('.', '')) * 100n),
      blockTimestamp: Date.now(),
      seenAt: new Date().toISOString(),
      state: 'review',
      reason: 'unknown',
      applicationId: null,
      confirmedAt: null,
    });

    // A transfer pays only an application told to pay into the wallet it went to.
    await expect(
      m.actions.attachChainTransfer(lost, { applicationId: elsewhere.id }, actor()),
    ).rejects.toMatchObject({ code: 'ChainTransferOtherWallet', refusal: 'conflict' });
    expect(await m.transfers.findChainTransfer(lost)).toMatchObject({ state: 'review' });
    expect(await m.audit.listAuditFor('chainTransfer', lost)).toEqual([]);

    const attached = await m.actions.attachChainTransfer(
      lost,
      { applicationId: waitingApplication.id },
      actor(),
    );
    expect(attached).toMatchObject({
      resolution: 'attached',
      applicationId: waitingApplication.id,
      status: 'PAID',
    });
    await expect(
      m.actions.attachChainTransfer(lost, { applicationId: waitingApplication.id }, actor()),
    ).rejects.toMatchObject({ code: 'ChainTransferNotWaiting' });
    expect(await m.audit.listAuditFor('chainTransfer', lost)).toMatchObject([
      {
        action: 'chainTransfer.attach',
        actorId: staff.id,
        before: { state: 'review', reason: 'unknown', applicationId: null },
        after: { state: 'matched', applicationId: waitingApplication.id },
      },
    ]);
    await local('/_local/solidify', {});
    expect(await m.watcher.watchChain()).toMatchObject({ confirmed: 2 });
    expect(await statusOf(application.id)).toBe('CONFIRMED');
    // The staff member who attached it confirmed it, not the system.
    expect(await m.applications.findApplication(waitingApplication.id)).toMatchObject({
      status: 'CONFIRMED',
      paymentConfirmation: { by: staff.id, txHash: lost },
    });

    const hash = 'AB'.repeat(32);
    const refunded = await m.actions.refundChainTransfer(stray, { txHash: hash }, actor());
    expect(refunded).toMatchObject({ resolution: 'refunded', refundTxHash: 'ab'.repeat(32) });
    expect(await m.transfers.findChainTransfer(stray)).toMatchObject({ state: 'refunded' });
    expect(await m.audit.listAuditFor('chainTransfer', stray)).toMatchObject([
      {
        action: 'chainTransfer.refund',
        before: { state: 'review', reason: 'unknown' },
        after: { state: 'refunded', refundTxHash: 'ab'.repeat(32) },
      },
    ]);
    const { transfers } = await m.review.listChainReview();
    expect(transfers.map((one) => one.txId)).not.toContain(stray);
    expect(transfers.map((one) => one.txId)).not.toContain(lost);
    await expect(m.actions.refundChainTransfer(stray, { txHash: hash }, actor())).rejects.toMatchObject({
      code: 'ChainTransferNotWaiting',
    });
  });
});

describe("the watcher's health, which its alarms read", () => {
  it('counts the minutes since a wallet was read whole and the transfers waiting for review', async () => {
    const target = await wallet();
    await send(target.address, '3.1415');
    await m.watcher.watchChain();
    const now = new Date();
    const fresh = await m.review.chainHealth(now);
    expect(fresh.readAgeMinutes).toBe(0);
    expect(fresh.reviewWaiting).toBeGreaterThanOrEqual(1);
    const later = await m.review.chainHealth(new Date(now.getTime() + 7 * MINUTE));
    expect(later.readAgeMinutes).toBeGreaterThanOrEqual(7);
  });
});
