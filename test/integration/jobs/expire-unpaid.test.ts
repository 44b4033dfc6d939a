import type { UserRecord } from '@functions/data/users';
import type { LocalMailSender } from '@infra/local/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../support/mail';
import { createIsolatedTable, putUser } from '../applications/isolated-table';
import { dealModules } from '../chain/chain-table';

/**
 * The expire-unpaid job expires every WAITING_PAYMENT application of its table whose payment window
 * ended, so it runs against a table of its own (other files leave deals waiting in the shared one),
 * with a mail sender of its own on that table's outbox.
 */
let drop: () => Promise<void>;
let sender: LocalMailSender;
let m: Awaited<ReturnType<typeof modules>>;
let staff: UserRecord;

const modules = async () => ({
  ...(await dealModules()),
  expire: await import('@functions/domain/applications/expire'),
  job: await import('@functions/jobs/expire-unpaid'),
  applications: await import('@functions/data/applications'),
  routes: await import('@functions/routes/manifest'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('unpaid');
  m = await modules();
  sender = await (await import('@infra/local/outbox')).startLocalMailSender();
  staff = await putUser({ role: 'MANAGER' });
});

afterAll(async () => {
  await sender.stop();
  await drop();
});

const MINUTE = 60_000;
const individual = {
  requestType: 'INDIVIDUAL' as const,
  details: 'Cash pickup',
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
};

/** An application whose instructions were issued `minutesAgo` with a window of `window` minutes. */
async function waitingSince(owner: UserRecord, minutesAgo: number, window: number) {
  const issuedAt = new Date(Date.now() - minutesAgo * MINUTE);
  const { application } = await m.create.createApplication(owner.id, individual, undefined, issuedAt);
  const actor = { id: staff.id, role: 'MANAGER' as const };
  await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor, issuedAt);
  await m.deal.issueInstructions(
    application.id,
    { text: 'Bring the cash to the office', paymentWindowMinutes: window },
    actor,
    issuedAt,
  );
  return application;
}

const statusOf = async (id: string) => (await m.applications.findApplication(id))!.status;

describe('the expire-unpaid job', () => {
  it('runs every minute from the manifest, so a window ends in EXPIRED within two minutes', () => {
    expect(m.routes.jobs.expireUnpaid).toMatchObject({
      handler: 'jobs/expire-unpaid',
      schedule: 'rate(1 minute)',
    });
  });

  it('expires a deal whose window ended with no "I have paid", and leaves the others', async () => {
    const owner = await putUser({ language: 'en' });
    const ended = await waitingSince(owner, 31, 30);
    const open = await waitingSince(owner, 10, 30);
    const paidInTime = await waitingSince(owner, 40, 30);
    await m.deal.markPaid(owner.id, paidInTime.id, {}, new Date(Date.now() - 20 * MINUTE));

    const result = await m.job.handler();
    expect(result).toMatchObject({ expired: 1, failed: 0 });
    expect(await statusOf(ended.id)).toBe('EXPIRED');
    expect(await statusOf(open.id)).toBe('WAITING_PAYMENT');
    expect(await statusOf(paidInTime.id)).toBe('PAID');

    const { history } = (await m.applications.findApplicationWithHistory(ended.id))!;
    expect(history.at(-1)).toMatchObject({
      from: 'WAITING_PAYMENT',
      to: 'EXPIRED',
      actorId: null,
      actorRole: 'SYSTEM',
    });
    await sender.drain();
    const expiry = (await mailsTo(owner.email)).find(
      (mail) => mail.subject === `Application ${ended.id.slice(0, 8)}: expired`,
    );
    expect(expiry?.body.text).toContain('the time to pay ended');
  });

  it('expires each deal once when two runs overlap', async () => {
    const owner = await putUser();
    const ended = await Promise.all([waitingSince(owner, 50, 5), waitingSince(owner, 60, 5)]);
    const runs = await Promise.all([
      m.expire.expireUnpaidApplications(),
      m.expire.expireUnpaidApplications(),
    ]);
    expect(runs[0]!.expired + runs[1]!.expired).toBe(2);
    for (const application of ended) {
      const { history } = (await m.applications.findApplicationWithHistory(application.id))!;
      expect(history.filter((entry) => entry.to === 'EXPIRED')).toHaveLength(1);
    }
  });

  it('leaves a deal whose client pressed "I have paid" in the last second of the window', async () => {
    const owner = await putUser();
    const application = await waitingSince(owner, 5, 10);
    const deadline = Date.parse((await m.applications.findApplication(application.id))!.paymentDeadline!);
    await m.deal.markPaid(owner.id, application.id, {}, new Date(deadline - 1000));
    await m.expire.expireUnpaidApplications(new Date(deadline + 1000));
    expect(await statusOf(application.id)).toBe('PAID');
  });
});
