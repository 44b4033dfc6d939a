import type { LocalMailSender } from '@infra/local/outbox';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runId } from '../../support/api';
import { inboxOf, mailsTo } from '../../support/mail';
import { createIsolatedTable, putUser } from '../applications/isolated-table';
import { type SesStandIn, startSesStandIn } from '../support/ses-stand-in';

/**
 * Mail leaves through the outbox (docs/architecture.md §7). This file's table has a sender of its
 * own whose SES is a stand-in that can fail like SES (503), in front of the local SES inbox, so an
 * outage is a real one for the sender's SDK client; the local stack's sender never sees this table.
 * functions/ modules are imported only dynamically, after TABLE_NAME names that table (so not
 * test/support/users, which imports the data layer).
 */
let drop: () => Promise<void>;
let ses: SesStandIn;
let sender: LocalMailSender;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  registration: await import('@functions/domain/accounts/registration'),
  create: await import('@functions/domain/applications/create'),
  redrive: await import('@functions/domain/outbox/redrive'),
  outbox: await import('@functions/data/outbox'),
  local: await import('@infra/local/outbox'),
  sendMail: (await import('@functions/jobs/send-mail')).handler,
  routes: await import('@functions/routes/manifest'),
  client: await import('@functions/data/client'),
  keys: (await import('@functions/data/keys')).keys,
  ddb: await import('@aws-sdk/lib-dynamodb'),
});

beforeAll(async () => {
  ses = await startSesStandIn(inject('localStack').mailUrl);
  // Read by the SES client when the sender's modules load, below.
  process.env.AWS_ENDPOINT_URL_SES = ses.url;
  drop = await createIsolatedTable('outbox');
  m = await modules();
  sender = await m.local.startLocalMailSender();
});

afterAll(async () => {
  await sender.stop();
  await ses.close();
  await drop();
});

const MINUTE = 60_000;
const individual = {
  requestType: 'INDIVIDUAL' as const,
  details: 'Cash pickup',
  contactTelegram: '@outbox_t',
  amlAcknowledged: true as const,
};

async function register() {
  const identity = { email: `ob${runId()}@example.test`, username: `ob${runId()}` };
  const result = await m.registration.registerUser(
    { ...identity, password: 'Correct-horse-9', language: 'en' },
    `ip-${identity.username}`,
  );
  return { ...identity, ...result };
}

/** One outbox item as stored. */
async function outboxItem(id: string) {
  const { Item } = await m.client.db.send(
    new m.ddb.GetCommand({ TableName: m.client.tableName, Key: m.keys.outboxItem(id), ConsistentRead: true }),
  );
  return Item;
}

/** Every unsent outbox item this file's table holds for an address. */
async function outboxOf(address: string) {
  const unsent = await m.outbox.listAllUnsentItems(1000);
  return unsent.filter((mail) => mail.to === address);
}

describe('the outbox through an SES outage', () => {
  it('answers the user, keeps every mail, and delivers each exactly once when SES answers again', async () => {
    ses.fail();
    const [first, second] = [await register(), await register()];
    const owner = await putUser({ language: 'en' });
    const { application } = await m.create.createApplication(owner.id, individual, undefined);
    await sender.drain();

    // The requests went through without SES; nothing reached the inbox; every mail waits, failed or queued.
    expect([first.verificationEmailSent, second.verificationEmailSent]).toEqual([true, true]);
    expect(ses.refused).toBeGreaterThan(0);
    const waiting = [
      ...(await outboxOf(first.email)),
      ...(await outboxOf(second.email)),
      ...(await outboxOf(owner.email)),
    ];
    expect(waiting.map((mail) => mail.kind).sort()).toEqual([
      'application-created',
      'verify-email',
      'verify-email',
    ]);
    for (const mail of waiting) {
      expect(['failed', 'queued']).toContain(mail.mailState);
      // The rendered mail waits with it, compressed (one binary attribute), and reads back whole.
      expect(mail.html).toContain('<html');
      expect(await outboxItem(mail.id)).toMatchObject({ body: expect.any(Uint8Array) });
      expect(await outboxItem(mail.id)).not.toHaveProperty('html');
      // Bounded: the first try and the manifest's retries, no more.
      expect(mail.attempts).toBeLessThanOrEqual(m.routes.workers.sendMail.source.retryAttempts + 1);
    }
    expect(sender.dropped.map((dropped) => dropped.id)).toEqual(
      expect.arrayContaining(waiting.map((mail) => mail.id)),
    );
    expect(await inboxOf(first.email)).toEqual([]);

    ses.recover();
    // Not yet due: the re-drive job leaves a mail alone for five minutes after its last try.
    expect((await m.redrive.redriveOutbox()).requeued).toBe(0);
    const run = await m.redrive.redriveOutbox(new Date(Date.now() + 6 * MINUTE));
    await sender.drain();

    expect(run.requeued).toBeGreaterThanOrEqual(3);
    const subjects = async (address: string) => (await mailsTo(address)).map((mail) => mail.subject);
    expect(await subjects(first.email)).toEqual(['Confirm your email']);
    expect(await subjects(second.email)).toEqual(['Confirm your email']);
    expect(await subjects(owner.email)).toEqual([`Application ${application.id.slice(0, 8)} received`]);
    for (const mail of waiting) {
      expect(await outboxItem(mail.id)).toMatchObject({
        mailState: 'sent',
        messageId: expect.any(String),
      });
      expect(await outboxItem(mail.id)).not.toHaveProperty('body');
    }

    // A later re-drive finds nothing to send again.
    expect((await m.redrive.redriveOutbox(new Date(Date.now() + 60 * MINUTE))).requeued).toBe(0);
    await sender.drain();
    expect(await subjects(first.email)).toEqual(['Confirm your email']);
  });

  it('sends a mail once when its stream record is delivered again or to two invocations at once', async () => {
    ses.recover();
    // This test is the sender: two invocations at once (a retried batch racing a re-drive), then a replay.
    await sender.stop();
    const user = await register();
    const [queued] = await outboxOf(user.email);
    const record = m.local.outboxStreamRecord(queued!);
    const answers = await Promise.all([
      m.sendMail({ Records: [record] }),
      m.sendMail({ Records: [{ ...record, eventID: 'again' }] }),
    ]);
    const replay = await m.sendMail({ Records: [record] });

    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(replay).toEqual({ batchItemFailures: [] });
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await outboxItem(queued!.id)).toMatchObject({ mailState: 'sent', attempts: 1 });
  });
});
