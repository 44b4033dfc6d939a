import { randomBytes } from 'node:crypto';
import type { UserRecord } from '@functions/data/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable, putUser } from '../applications/isolated-table';
import { dealModules } from './chain-table';
import { usdtToCashBody } from './fixtures';

/**
 * Unique payable amounts: a USDT payment's amount is made unique on its wallet in steps of 0.0001,
 * and stays its deal's while the deal is open and for the late-payment retention after it ends. A
 * table of this file's own, so the holds on its wallets are only its own.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let staff: UserRecord;
const actor = () => ({ id: staff.id, role: 'MANAGER' as const });

const modules = async () => ({
  ...(await dealModules()),
  templates: await import('@functions/domain/payment-templates/templates'),
  holds: await import('@functions/data/payable-amounts'),
  payable: await import('@functions/domain/applications/payable-amount'),
  applications: await import('@functions/data/applications'),
  tron: await import('@functions/data/tron'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('payable');
  m = await modules();
  staff = await putUser({ role: 'ADMIN' });
});
afterAll(async () => {
  await drop?.();
});

/** A wallet of this test's own: 0x41 and 20 random bytes, base58check. */
const newWallet = () => m.tron.hexToTronAddress(`41${randomBytes(20).toString('hex')}`);

async function usdtTemplate(wallet: string) {
  return m.templates.createPaymentTemplate(
    { kind: 'usdt', label: `Wallet ${wallet}`, address: wallet },
    actor(),
  );
}

/** A USDT → cash application of a new client, taken by staff. */
async function usdtApplication(amount: number) {
  const owner = await putUser();
  const { application } = await m.create.createApplication(owner.id, usdtToCashBody(amount), undefined);
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor());
  return application;
}

const issue = (id: string, templateId: string) =>
  m.deal.issueInstructions(id, { text: 'Send exactly this amount', templateId }, actor());

describe('the payable amount of a USDT payment', () => {
  it('differs between two applications of the same amount on one wallet, a decimal string in 0.0001 steps', async () => {
    const wallet = newWallet();
    const template = await usdtTemplate(wallet);
    const first = await issue((await usdtApplication(500)).id, template.id);
    const second = await issue((await usdtApplication(500)).id, template.id);
    expect(first.instructions!.crypto).toEqual({ address: wallet, amount: '500.0000' });
    expect(second.instructions!.crypto).toEqual({ address: wallet, amount: '500.0001' });
    // Another wallet holds its own amounts.
    const other = await usdtTemplate(newWallet());
    const third = await issue((await usdtApplication(500)).id, other.id);
    expect(third.instructions!.crypto!.amount).toBe('500.0000');
  });

  it('is kept when the instructions are issued again, and held until the later deadline', async () => {
    const wallet = newWallet();
    const template = await usdtTemplate(wallet);
    await issue((await usdtApplication(250)).id, template.id);
    const application = await usdtApplication(250);
    const issued = await issue(application.id, template.id);
    expect(issued.instructions!.crypto!.amount).toBe('250.0001');
    const again = await m.deal.issueInstructions(
      application.id,
      { text: 'Again', templateId: template.id, paymentWindowMinutes: 120 },
      actor(),
    );
    expect(again.instructions!.crypto!.amount).toBe('250.0001');
    const [hold] = await m.holds.payableAmountHolds(wallet, 2_500_001n, 2_500_001n);
    expect(hold).toMatchObject({ applicationId: application.id, amount: '250.0001' });
    expect(hold!.heldUntil).toBe(again.instructions!.deadline);
  });

  it('keeps the amount of a deal whose deadline passed: a later deal on the wallet is told another', async () => {
    const wallet = newWallet();
    const template = await usdtTemplate(wallet);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    const late = await usdtApplication(612);
    const first = await m.deal.issueInstructions(
      late.id,
      { text: 'Send exactly this amount', templateId: template.id, paymentWindowMinutes: 1 },
      actor(),
      twoMinutesAgo,
    );
    expect(first.instructions!.crypto!.amount).toBe('612.0000');
    expect(Date.parse(first.instructions!.deadline)).toBeLessThan(Date.now());

    // The first deal's window is over but it may still be paid late: its amount is not handed out again.
    const next = await issue((await usdtApplication(612)).id, template.id);
    expect(next.instructions!.crypto!.amount).toBe('612.0001');
  });

  it("frees an ended deal's amount only after the late-payment retention", async () => {
    const wallet = newWallet();
    const template = await usdtTemplate(wallet);
    const ended = await usdtApplication(300);
    expect((await issue(ended.id, template.id)).instructions!.crypto!.amount).toBe('300.0000');
    const endedAt = new Date();
    await m.admin.changeApplicationStatus(
      ended.id,
      { status: 'REJECTED', rejectionReason: 'No' },
      actor(),
      endedAt,
    );
    const [hold] = await m.holds.payableAmountHolds(wallet, 3_000_000n, 3_000_000n);
    const retention = m.payable.LATE_PAYMENT_RETENTION_DAYS * 86_400_000;
    expect(hold).toMatchObject({
      applicationId: ended.id,
      freeAfter: new Date(endedAt.getTime() + retention).toISOString(),
    });

    const withinRetention = new Date(endedAt.getTime() + retention - 60_000);
    const during = await usdtApplication(300);
    const told = await m.deal.issueInstructions(
      during.id,
      { text: 'Send exactly this amount', templateId: template.id },
      actor(),
      withinRetention,
    );
    expect(told.instructions!.crypto!.amount).toBe('300.0001');

    const afterRetention = new Date(endedAt.getTime() + retention + 60_000);
    const after = await usdtApplication(300);
    const reused = await m.deal.issueInstructions(
      after.id,
      { text: 'Send exactly this amount', templateId: template.id },
      actor(),
      afterRetention,
    );
    expect(reused.instructions!.crypto!.amount).toBe('300.0000');
  });

  it('goes up to 999 steps above, and refuses with PayableAmountsTaken when all 1,000 are held', async () => {
    const wallet = newWallet();
    const template = await usdtTemplate(wallet);
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const hold = (step: bigint) =>
      m.holds.holdPayableAmount(
        {
          wallet,
          units: 1_000_000n + step,
          amount: `100.${step.toString().padStart(4, '0')}`,
          applicationId: `other-${step}`,
          heldUntil: later,
          since: now,
        },
        now,
      );
    const steps = Array.from({ length: 1000 }, (_, index) => BigInt(index));
    for (let start = 0; start < steps.length; start += 50) {
      const held = await Promise.all(
        steps
          .slice(start, start + 50)
          .filter((step) => step !== 937n)
          .map(hold),
      );
      expect(held.every(Boolean)).toBe(true);
    }
    const free = await issue((await usdtApplication(100)).id, template.id);
    expect(free.instructions!.crypto!.amount).toBe('100.0937');

    const application = await usdtApplication(100);
    const refused = await issue(application.id, template.id).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'PayableAmountsTaken', refusal: 'conflict' }); // 409
    expect((refused as Error).message).toContain('100.0000');
    expect((await m.applications.findApplication(application.id))!.status).toBe('PROCESSING');
  });
});
