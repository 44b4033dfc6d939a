import type { UserRecord } from '@functions/data/users';
import type { LocalMailSender } from '@infra/local/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../support/mail';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * The expiry job expires every stale PENDING application of its table, so it runs against a
 * table of its own (other files keep old PENDING applications in the shared one), with a mail
 * sender of its own on that table's outbox (the local stack's sends from the shared one).
 */
let drop: () => Promise<void>;
let sender: LocalMailSender;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  create: await import('@functions/domain/applications/create'),
  expire: await import('@functions/domain/applications/expire'),
  job: await import('@functions/jobs/expire-stale'),
  applications: await import('@functions/data/applications'),
  counters: await import('@functions/data/counters'),
  notifications: await import('@functions/data/notifications'),
  settings: await import('@functions/domain/settings/settings'),
  routes: await import('@functions/routes/manifest'),
  keys: (await import('@functions/data/keys')).keys,
  client: await import('@functions/data/client'),
  ddb: await import('@aws-sdk/lib-dynamodb'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('expiry');
  m = await modules();
  sender = await (await import('@infra/local/outbox')).startLocalMailSender();
});

afterAll(async () => {
  await sender.stop();
  await drop();
});

const HOUR = 3_600_000;
const individual = {
  requestType: 'INDIVIDUAL' as const,
  details: 'Cash pickup',
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
};

async function applicationAged(owner: UserRecord, hours: number) {
  const { application } = await m.create.createApplication(
    owner.id,
    individual,
    undefined,
    new Date(Date.now() - hours * HOUR),
  );
  return application;
}

const statusOf = async (id: string) => (await m.applications.findApplication(id))!.status;

describe('the expire-stale job', () => {
  it('runs every 15 minutes from the manifest', () => {
    expect(m.routes.jobs.expireStale).toMatchObject({
      handler: 'jobs/expire-stale',
      schedule: 'rate(15 minutes)',
    });
  });

  it('expires PENDING applications older than applicationExpiryHours and leaves newer ones', async () => {
    const owner = await putUser();
    const stale = await applicationAged(owner, 25);
    const fresh = await applicationAged(owner, 23);
    const result = await m.job.handler();
    if ('notRun' in result) throw new Error('the run was skipped: another held the job');
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(stale.id)).toBe('EXPIRED');
    expect(await statusOf(fresh.id)).toBe('PENDING');
  });

  it('leaves applications that are no longer PENDING alone', async () => {
    const owner = await putUser();
    const cancelled = await applicationAged(owner, 30);
    const { cancelMyApplication } = await import('@functions/domain/applications/mine');
    await cancelMyApplication(owner.id, cancelled.id);
    await m.expire.expireStaleApplications();
    expect(await statusOf(cancelled.id)).toBe('CANCELLED');
  });

  it('expires each application exactly once when two runs overlap, with history, counters and one notice', async () => {
    const owner = await putUser({ language: 'en' });
    const stale = await Promise.all([
      applicationAged(owner, 26),
      applicationAged(owner, 27),
      applicationAged(owner, 28),
    ]);
    const countsBefore = await m.counters.readApplicationStatusCounts();
    const runs = await Promise.all([m.expire.expireStaleApplications(), m.expire.expireStaleApplications()]);
    const countsAfter = await m.counters.readApplicationStatusCounts();
    const histories = await Promise.all(stale.map((a) => m.applications.findApplicationWithHistory(a.id)));
    const notices = await m.notifications.readNotificationStats(owner.id);
    await sender.drain();
    const mails = await mailsTo(owner.email);
    expect(runs[0]!.expired + runs[1]!.expired).toBe(3);
    expect(histories.map((h) => h!.history.filter((entry) => entry.to === 'EXPIRED').length)).toEqual([
      1, 1, 1,
    ]);
    expect(histories[0]!.history.at(-1)).toMatchObject({
      from: 'PENDING',
      actorId: null,
      actorRole: 'SYSTEM',
    });
    expect((countsAfter.EXPIRED ?? 0) - (countsBefore.EXPIRED ?? 0)).toBe(3);
    expect((countsAfter.PENDING ?? 0) - (countsBefore.PENDING ?? 0)).toBe(-3);
    expect(await m.counters.readUserApplicationStats(owner.id)).toMatchObject({
      PENDING: 0,
      EXPIRED: 3,
      openCount: 0,
    });
    expect(notices).toEqual({ total: 3, unread: 3 });
    // Besides the mails at creation, one expiry mail per application.
    expect(
      mails
        .map((mail) => mail.subject)
        .filter((subject) => subject.endsWith(': expired'))
        .sort(),
    ).toEqual(stale.map((a) => `Application ${a.id.slice(0, 8)}: expired`).sort());
  });

  it('uses the applicationExpiryHours setting', async () => {
    const owner = await putUser();
    const thirtyHours = await applicationAged(owner, 30);
    const fiftyHours = await applicationAged(owner, 50);
    await m.settings.putSetting('applicationExpiryHours', { value: 48 }, { id: owner.id, role: 'ADMIN' });
    await m.expire.expireStaleApplications();
    await m.settings.putSetting('applicationExpiryHours', { value: 24 }, { id: owner.id, role: 'ADMIN' });
    expect(await statusOf(thirtyHours.id)).toBe('PENDING');
    expect(await statusOf(fiftyHours.id)).toBe('EXPIRED');
  });

  it('goes on past an application it cannot expire, counts it, and then fails the run', async () => {
    const broken = await putUser();
    const healthy = await putUser();
    const stuck = await applicationAged(broken, 40);
    const expirable = await applicationAged(healthy, 40);
    // A real DynamoDB refusal: the owner's counter item holds text where the transaction ADDs a number.
    const statsKey = m.keys.userApplicationStats(broken.id);
    const setExpired = (value: unknown) =>
      m.client.db.send(
        new m.ddb.UpdateCommand({
          TableName: m.client.tableName,
          Key: statsKey,
          UpdateExpression: 'SET EXPIRED = :value',
          ExpressionAttributeValues: { ':value': value },
        }),
      );
    await setExpired('not a number');
    try {
      const run = await m.expire.expireStaleApplications();

      expect(run).toMatchObject({ failed: 1 });
      expect(run.expired).toBeGreaterThanOrEqual(1);
      expect(await statusOf(expirable.id)).toBe('EXPIRED');
      expect(await statusOf(stuck.id)).toBe('PENDING');
      // The scheduled handler's run: the same failure fails it, after expiring what it could.
      await expect(m.job.handler()).rejects.toThrow(
        'expire-stale: 1 applications could not be expired (0 were)',
      );
    } finally {
      await setExpired(0);
    }
    expect((await m.expire.expireStaleApplications()).failed).toBe(0);
    expect(await statusOf(stuck.id)).toBe('EXPIRED');
  });
});
