import type { UserRecord } from '@functions/data/users';
import { postToStandIn } from '@infra/local/stand-in-server';
import { compare, subtract, toUnits } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { putUser } from '../applications/isolated-table';
import { type ChainModules, newTronAddress, sendUsdt, setUpChainTable, usdtWallet } from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * Held payments (docs/product.md "Held payments"): a final USDT payment is screened by the AML
 * stand-in of the shared stack (its test-only calls score this file's transactions) before the
 * watcher confirms its deal; above the threshold, or unscored after the retries, it is held, and
 * staff release it or reject and refund it less the network fee, the books balanced. The domain
 * functions run directly on a table of this file's own (chain-table.ts).
 */
const chain = setUpChainTable('holds');
let m: ChainModules;
let staff: UserRecord;
beforeAll(() => {
  ({ m, admin: staff } = chain);
});
const actor = () => ({ id: staff.id, role: 'ADMIN' as const });
const aml = (path: string, body: unknown) => postToStandIn(process.env.AML_API_URL!, path, body);
/** The stand-in's answer for this transaction: `riskScore` of 100, after `pendingReads` pending reads. */
const scoreOf = (transaction: string, riskScore: string, pendingReads = 0) =>
  aml('/_local/score', {
    transaction,
    riskScore,
    pendingReads,
    signals: [{ key: 'sanctions', label: 'Sanctions', category: 'high', riskScore: '61.2' }],
  });
const checksOf = async (transaction: string) => {
  const answer = await fetch(`${process.env.AML_API_URL}/_local/checks`);
  const { checks } = (await answer.json()) as { checks: Array<{ transaction: string | null }> };
  return checks.filter((check) => check.transaction === transaction).length;
};

/** A USDT → cash deal of a new client waiting for its payment on a wallet of this file's own. */
async function waitingDeal(amount = 300) {
  const to = await usdtWallet(chain);
  const owner = await putUser();
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor());
  const issued = await m.deal.issueInstructions(
    application.id,
    { text: 'Send exactly this amount', templateId: to.templateId, paymentWindowMinutes: 30 },
    actor(),
  );
  return { id: application.id, wallet: to.address, payable: issued.instructions!.crypto!.amount };
}

/** The deal's payment sent final from `sender`, scored as given, and the watcher run once. */
async function paid(
  deal: Awaited<ReturnType<typeof waitingDeal>>,
  riskScore: string,
  sender = newTronAddress(),
) {
  const txId = await sendUsdt(chain.standIn, deal.wallet, deal.payable, { from: sender, final: true });
  await scoreOf(txId, riskScore);
  await m.watcher.watchChain();
  return { txId, sender };
}

const find = async (id: string) => (await m.applications.findApplication(id))!;

describe('a USDT payment screened before it confirms its deal', () => {
  it('confirms a payment scored exactly at the threshold (50), as before', async () => {
    const deal = await waitingDeal();
    const { txId } = await paid(deal, '50');
    const confirmed = await find(deal.id);
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.hold ?? null).toBeNull();
    expect(await checksOf(txId)).toBe(1);
  });

  it('holds a payment scored above the threshold, the money recorded, with the score, the signals and the sender', async () => {
    const deal = await waitingDeal();
    const { txId, sender } = await paid(deal, '50.1');
    const held = await find(deal.id);
    expect(held.status).toBe('ON_HOLD');
    expect(held.paymentConfirmation).toBeNull();
    expect(held.hold).toMatchObject({
      reason: 'amlRisk',
      txId,
      sender,
      riskScore: '50.1',
      threshold: '50',
      signals: [{ key: 'sanctions', label: 'Sanctions', category: 'high', share: '61.2' }],
      released: null,
    });
    expect(Date.parse(held.hold!.expectedBy) - Date.parse(held.hold!.at)).toBe(24 * 3_600_000);
    expect(compare(held.money!.received, deal.payable)).toBe(0);
    expect(await m.transfers.findChainTransfer(txId)).toMatchObject({ state: 'confirmed' });
  });

  it('waits while the check is pending, and confirms when it answers, checked once', async () => {
    const deal = await waitingDeal();
    const txId = await sendUsdt(chain.standIn, deal.wallet, deal.payable, { final: true });
    await scoreOf(txId, '12.5', 1);
    await m.watcher.watchChain();
    expect((await find(deal.id)).status).toBe('PAID');
    await m.watcher.watchChain();
    expect((await find(deal.id)).status).toBe('CONFIRMED');
    expect(await checksOf(txId)).toBe(1);
  });

  it('holds as "not checked" after amlMaxAttempts failed tries, never confirming silently', async () => {
    const deal = await waitingDeal();
    const txId = await sendUsdt(chain.standIn, deal.wallet, deal.payable, { final: true });
    await aml('/_local/fail', { status: 503, times: 100, match: txId });
    for (let run = 1; run < 5; run += 1) {
      await m.watcher.watchChain();
      expect((await find(deal.id)).status).toBe('PAID');
    }
    await m.watcher.watchChain();
    const held = await find(deal.id);
    expect(held.status).toBe('ON_HOLD');
    expect(held.hold).toMatchObject({ reason: 'amlUnchecked', riskScore: null, txId });
    await aml('/_local/fail', { status: 503, times: 0 });
  });

  it("holds a payment from a sender on the operator's blacklist, whatever its score, the match audited", async () => {
    const deal = await waitingDeal();
    const sender = newTronAddress();
    const { addBlacklistEntry } = await import('@functions/domain/blacklist/entries');
    await addBlacklistEntry({ kind: 'tronAddress', value: sender, reason: 'Stolen funds reported' }, actor());
    const { txId } = await paid(deal, '1', sender);
    const held = await find(deal.id);
    expect(held.status).toBe('ON_HOLD');
    expect(held.hold).toMatchObject({ reason: 'blacklisted', txId, sender, riskScore: null });
    const trail = await m.audit.listAuditFor('blacklist', `tronAddress:${sender}`);
    expect(trail.find((entry) => entry.action === 'blacklist.match')?.after).toMatchObject({
      where: 'payment',
      applicationId: deal.id,
    });
  });

  it('lets staff release a held payment: confirmed by them, the release kept on the deal', async () => {
    const deal = await waitingDeal();
    await paid(deal, '90');
    await m.resolution.releaseHold(deal.id, { note: 'Source of funds shown' }, actor());
    const released = await find(deal.id);
    expect(released.status).toBe('CONFIRMED');
    expect(released.paymentConfirmation).toMatchObject({ by: staff.id, note: 'Source of funds shown' });
    expect(released.hold?.released).toMatchObject({ by: staff.id, note: 'Source of funds shown' });
    await expect(m.resolution.releaseHold(deal.id, {}, actor())).rejects.toMatchObject({
      refusal: 'conflict',
    });
  });

  it('refunds a held payment less the network fee to the sender, the deal settled and the books balanced', async () => {
    const deal = await waitingDeal(250);
    const { sender } = await paid(deal, '99.9');
    await m.admin.changeApplicationStatus(
      deal.id,
      { status: 'REJECTED', rejectionReason: 'The funds failed the AML check' },
      actor(),
    );
    const refundTx = 'b'.repeat(64);
    await m.deal.recordRefund(
      deal.id,
      { reference: refundTx, destination: sender, networkFee: '1.5' },
      actor(),
    );
    const refunded = await find(deal.id);
    const received = refunded.money!.received;
    expect(refunded.money).toMatchObject({ refunded: received });
    const entries = await m.ledger.readApplicationEntries(deal.id);
    const refund = entries.find((entry) => entry.kind === 'refund')!;
    expect(refund).toBeDefined();
    const units = (accountId: string) =>
      entries
        .flatMap((entry) => entry.lines)
        .filter((line) => line.accountId === accountId)
        .reduce((sum, line) => sum + BigInt(line.units), 0n);
    // Every entry balances, the clients' book nets to nothing for the deal, and the fee is the exchange's.
    for (const entry of entries)
      expect(entry.lines.reduce((sum, line) => sum + BigInt(line.units), 0n)).toBe(0n);
    expect(units('clients-USDT')).toBe(0n);
    expect(units('exchange-USDT')).toBe(-1_500_000n);
    // The office's wallet paid out what went back: what arrived less the fee.
    const wallet = refund.lines.find(
      (line) => !line.accountId.startsWith('clients-') && !line.accountId.startsWith('exchange-'),
    )!;
    expect(wallet.units).toBe(-(BigInt(toUnits(received, 6)) - 1_500_000n));
    const { movements } = await m.movements.readMovementPage(
      {
        since: new Date(Date.now() - 86_400_000).toISOString(),
        until: new Date(Date.now() + 86_400_000).toISOString(),
        direction: 'refund',
      },
      { limit: 50 },
    );
    const sent = movements.find((one) => one.applicationId === deal.id)!;
    expect(sent).toMatchObject({ destination: sender, networkFee: 1.5, reference: refundTx });
    expect(compare(sent.amount, subtract(received, '1.5'))).toBe(0);
  });

  it('refuses a network fee of all the deal holds, recording nothing', async () => {
    const deal = await waitingDeal();
    await paid(deal, '99');
    await m.admin.changeApplicationStatus(deal.id, { status: 'REJECTED', rejectionReason: 'AML' }, actor());
    const held = (await find(deal.id)).money!.received;
    await expect(
      m.deal.recordRefund(deal.id, { reference: 'c'.repeat(64), networkFee: held }, actor()),
    ).rejects.toMatchObject({ code: 'ApplicationRulesBroken', refusal: 'invalid' });
    expect((await find(deal.id)).refund).toBeNull();
  });
});
