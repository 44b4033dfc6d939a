import { randomBytes } from 'node:crypto';
import {
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTagsOfResourceCommand,
  ScanCommand,
  UpdateTableCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput } from '@functions/data/table-definition';
import type { LocalMailSender } from '@infra/local/outbox';
import type { LocalStack } from '@infra/local/stack';
import {
  applyTableSettings,
  makeRestoredItemsSafe,
  restoreTable,
  type Waiting,
} from '@infra/ops/table-restore';
import { shortId } from '@shared/ids';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type ApiCallOptions, api, runId } from '../../support/api';
import { inboxOf } from '../../support/mail';
import { startLocalStackProcess } from '../../support/stack-process';
import { standardBody } from '../applications/fixtures';
import { type SesStandIn, startSesStandIn } from '../support/ses-stand-in';

/**
 * The restore drill (docs/operations.md, "Restoring the table to a point in time") on this machine:
 * a source stack on a table of its own fills it through the API with every kind of item, the table
 * is "restored" into a second one of the same DynamoDB Local, the script's steps 2 and 3 run on it
 * for real, and a second stack started on the restored table shows over HTTP what the restored
 * service serves. The source's mails go through a sender this file runs (with an SES that can fail,
 * in front of the shared inbox), so mails can be left sent, failed, claimed or queued at will; the
 * restored stack runs its own sender and inbox. The function modules this file calls itself are
 * loaded afresh for the table they are meant for (`functionModulesOn`).
 */
const id = runId();
const SOURCE_TABLE = `restore-src-${id}`;
const RESTORED_TABLE = `restore-dst-${id}`;
const PASSWORD = 'Restore-drill-9';
const staff = { email: `rs-staff${id}@example.test`, password: PASSWORD };
const client = { email: `rs-user${id}@example.test`, username: `rsu${id}`.slice(0, 24), password: PASSWORD };
const staffNotifyEmail = `rs-notify${id}@example.test`;
/** DynamoDB Local answers at once; nothing here waits on AWS's minutes. */
const NO_WAIT: Waiting = { intervalMs: 50, timeoutMs: 5_000 };
const MINUTE = 60_000;

const dynamo = new DynamoDBClient({});
const db = DynamoDBDocumentClient.from(dynamo);
let ses: SesStandIn;
let source: LocalStack;
let restored: LocalStack | undefined;
let sourceSender: LocalMailSender;
const stackOptions = {
  port: 0,
  mailPort: 0,
  dynamoPort: 0,
  dataDir: null,
  dynamoEndpoint: inject('localStack').dynamoEndpoint,
  jwtSecret: randomBytes(48).toString('base64url'),
  mailFrom: 'no-reply@exchange.test',
  web: 'none' as const,
  runJobs: false,
  checkResponses: true,
  aroundTheClock: true,
};

const on =
  (stack: LocalStack) =>
  <T = unknown>(method: string, path: string, options: ApiCallOptions = {}) =>
    api<T>(method, path, { ...options, apiUrl: stack.siteUrl });

/**
 * The stand-in for step 1 only (RestoreTableToPointInTime, which DynamoDB Local lacks: checked
 * below): a new table from the shared definition, as a restore creates it (no stream, TTL, PITR or
 * deletion protection), holding every item of the source as it is now.
 */
async function copyTable(from: string, to: string): Promise<void> {
  await dynamo.send(new CreateTableCommand(createTableInput(to)));
  let startKey: Record<string, never> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({ TableName: from, ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    const puts: WriteRequest[] = (page.Items ?? []).map((Item) => ({ PutRequest: { Item } }));
    const batches = Array.from({ length: Math.ceil(puts.length / 25) }, (_, index) =>
      puts.slice(index * 25, index * 25 + 25),
    );
    await Promise.all(
      batches.map(async (batch) => {
        let pending: WriteRequest[] | undefined = batch;
        while (pending?.length) {
          const written: BatchWriteItemCommandOutput = await dynamo.send(
            new BatchWriteItemCommand({ RequestItems: { [to]: pending } }),
          );
          pending = written.UnprocessedItems?.[to];
        }
      }),
    );
    startKey = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (startKey);
}

/**
 * DynamoDB Local has no continuous-backups API and no tagging (it answers UnknownOperationException:
 * checked below). This client answers those calls as DynamoDB does, for one table, and records what
 * they set; every other call goes to DynamoDB Local.
 */
function withStandInsFor(tableName: string) {
  const client = new DynamoDBClient({});
  const updates: Array<{ TableName: string; enabled: boolean }> = [];
  const tags: Array<{ Key: string; Value: string }> = [];
  let enabled = false;
  const answer = (output: object) => ({ response: {}, output: { $metadata: {}, ...output } }) as never;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        TableName?: string;
        ResourceArn?: string;
        PointInTimeRecoverySpecification?: { PointInTimeRecoveryEnabled: boolean };
        Tags?: Array<{ Key: string; Value: string }>;
      };
      const ours = input.TableName === tableName || input.ResourceArn?.endsWith(`/${tableName}`) === true;
      if (!ours) return next(args);
      if (context.commandName === 'UpdateContinuousBackupsCommand') {
        enabled = input.PointInTimeRecoverySpecification!.PointInTimeRecoveryEnabled;
        updates.push({ TableName: tableName, enabled });
      }
      switch (context.commandName) {
        case 'UpdateContinuousBackupsCommand':
        case 'DescribeContinuousBackupsCommand':
          return answer({
            ContinuousBackupsDescription: {
              ContinuousBackupsStatus: 'ENABLED',
              PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: enabled ? 'ENABLED' : 'DISABLED' },
            },
          });
        case 'TagResourceCommand':
          tags.push(...input.Tags!);
          return answer({});
        case 'ListTagsOfResourceCommand':
          return answer({ Tags: [...tags] });
        default:
          return next(args);
      }
    },
    { step: 'initialize', name: 'unsupportedCallsStandIn' },
  );
  return { client, updates, tags };
}

/** The link token of the newest mail to an address in the shared inbox (the source's mails go there). */
async function mailedToken(address: string): Promise<string> {
  const mail = (await inboxOf(address)).at(-1);
  const match = /#token=([A-Za-z0-9_%-]+)/.exec(mail?.body.text ?? '');
  if (!match) throw new Error(`No link in the latest mail to ${address}`);
  return decodeURIComponent(match[1]!);
}

/**
 * This file's own function modules on one table: the data layer reads TABLE_NAME when it loads,
 * so the modules are loaded afresh for each table (the shared fixtures loaded them for the shared one).
 */
async function functionModulesOn(tableName: string) {
  process.env.TABLE_NAME = tableName;
  vi.resetModules();
  return {
    outbox: await import('@functions/data/outbox'),
    redrive: await import('@functions/domain/outbox/redrive'),
    localSender: await import('@infra/local/outbox'),
  };
}

/** Waits until an inbox holds a mail to each address (what is sent reaches it moments after its commit). */
async function mailsArrived(mailUrl: string, addresses: string[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const inboxes = await Promise.all(addresses.map((address) => inboxOf(address, mailUrl)));
    if (inboxes.every((mails) => mails.length > 0)) return;
    if (Date.now() > deadline) throw new Error(`No mail to each of ${addresses} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectStatus<T>(answer: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBe(status);
  return settled.body;
}

interface Tokens {
  token: string;
  refreshToken: string;
}

/** What the source held when it was copied: the tokens people had, and what the API answered. */
const before = {
  clientTokens: undefined as unknown as Tokens,
  rotatedRefreshToken: '',
  staffTokens: undefined as unknown as Tokens,
  unsentMailIds: [] as string[],
  applicationIds: [] as string[],
  views: {} as Record<string, unknown>,
};

/** The views compared before and after, with who reads them. */
const views = (applicationId: string) =>
  ({
    myApplications: ['client', '/api/applications'],
    notifications: ['client', '/api/notifications'],
    adminApplications: ['staff', '/api/admin/applications'],
    applicationDetail: ['staff', `/api/admin/applications/${applicationId}`],
    reserves: ['staff', '/api/admin/reserves'],
    settings: ['staff', '/api/admin/settings'],
    dashboard: ['staff', '/api/admin/dashboard?period=week'],
    activity: ['staff', '/api/admin/dashboard/activity-stats'],
  }) as const;

async function readViews(
  stack: LocalStack,
  tokens: { client: string; staff: string },
  applicationId: string,
) {
  const read: Record<string, unknown> = {};
  for (const [name, [who, path]] of Object.entries(views(applicationId)))
    read[name] = (await expectStatus(on(stack)('GET', path, { token: tokens[who] }), 200)).data;
  return read;
}

beforeAll(async () => {
  [ses, source] = await Promise.all([
    startSesStandIn(inject('localStack').mailUrl),
    startLocalStackProcess({
      ...stackOptions,
      tableName: SOURCE_TABLE,
      // This file sends the source's mails itself (below), so it decides which stay unsent.
      sendMail: false,
      adminEmail: staff.email,
      adminPassword: staff.password,
    }),
  ]);
  // Read by the sender's SES client when its module loads.
  process.env.AWS_ENDPOINT_URL_SES = ses.url;
  const { outbox, localSender } = await functionModulesOn(SOURCE_TABLE);
  const { claimOutboxItem, listAllUnsentItems } = outbox;
  sourceSender = await localSender.startLocalMailSender({ pollMs: null });
  const call = on(source);

  // Everyone and everything, through the API; every mail of it sent.
  await expectStatus(call('POST', '/api/auth/register', { body: client }), 201);
  await sourceSender.drain();
  await expectStatus(
    call('POST', '/api/auth/verify-email', {
      body: { token: await mailedToken(client.email), password: PASSWORD },
    }),
    200,
  );
  const staffLogin = await expectStatus(
    call<Tokens>('POST', '/api/auth/login', { body: { loginIdentifier: staff.email, password: PASSWORD } }),
    200,
  );
  const staffToken = staffLogin.data!.token;
  const clientLogin = await expectStatus(
    call<Tokens>('POST', '/api/auth/login', { body: { loginIdentifier: client.email, password: PASSWORD } }),
    200,
  );
  const refreshed = await expectStatus(
    call<Tokens>('POST', '/api/auth/refresh', {
      body: { refreshTokenFromBody: clientLogin.data!.refreshToken },
    }),
    200,
  );
  const clientToken = refreshed.data!.token;
  await expectStatus(
    call('PUT', '/api/admin/settings/staffNotifyEmail', {
      token: staffToken,
      body: { value: staffNotifyEmail },
    }),
    200,
  );
  await expectStatus(
    call('PUT', '/api/admin/settings/applicationExpiryHours', { token: staffToken, body: { value: 48 } }),
    200,
  );
  await expectStatus(
    call('PUT', '/api/admin/reserves', {
      token: staffToken,
      body: { reserves: [{ code: 'EUR', amount: 123_456, alertLevel: 1_000 }] },
    }),
    200,
  );
  const submit = async () =>
    (
      await expectStatus(
        call<{ id: string }>('POST', '/api/applications', { token: clientToken, body: standardBody() }),
        201,
      )
    ).data!.id;
  const setStatus = (applicationId: string, status: string, extra = {}) =>
    expectStatus(
      call('POST', `/api/admin/applications/${applicationId}/status`, {
        token: staffToken,
        body: { status, ...extra },
      }),
      200,
    );
  const [completed, rejected, pending] = [await submit(), await submit(), await submit()];
  await setStatus(completed, 'PROCESSING');
  await setStatus(completed, 'COMPLETED');
  await setStatus(rejected, 'REJECTED', { rejectionReason: 'The documents do not match the card.' });
  await sourceSender.drain();

  // Mails still unsent at the "restore point": one SES refused, one claimed by a sender that never
  // got an outcome, one queued.
  ses.fail();
  await expectStatus(call('POST', '/api/auth/forgot-password', { body: { email: client.email } }), 200);
  await sourceSender.drain();
  ses.recover();
  const queuedLater = await submit();
  const unsent = (await listAllUnsentItems(100)).filter((mail) =>
    [client.email, staffNotifyEmail].includes(mail.to),
  );
  const staffMail = unsent.find((mail) => mail.kind === 'application-staff')!;
  expect(await claimOutboxItem(staffMail.id, new Date())).toBeDefined();
  const states = (await listAllUnsentItems(100)).filter((mail) => unsent.some((one) => one.id === mail.id));
  expect(states.map((mail) => `${mail.kind}:${mail.mailState}`).sort()).toEqual([
    'application-created:queued',
    'application-staff:sending',
    'reset-password:failed',
  ]);

  before.clientTokens = refreshed.data!;
  before.rotatedRefreshToken = clientLogin.data!.refreshToken;
  before.staffTokens = staffLogin.data!;
  before.unsentMailIds = unsent.map((mail) => mail.id);
  before.applicationIds = [completed, rejected, pending, queuedLater];
  before.views = await readViews(source, { client: clientToken, staff: staffToken }, completed);
  await copyTable(SOURCE_TABLE, RESTORED_TABLE);
  // The source is done with: nothing of it may reach what the restored stack does.
  await sourceSender.stop();
  await source.stop();
  // A second stack started and filled through its API: about 12 s alone, over a minute beside
  // another file's seeding (the default minute ran out so).
}, 180_000);

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  await sourceSender?.stop();
  await ses?.close();
  for (const table of [SOURCE_TABLE, RESTORED_TABLE]) {
    await dynamo
      .send(new UpdateTableCommand({ TableName: table, DeletionProtectionEnabled: false }))
      .catch(() => {});
    await dynamo.send(new DeleteTableCommand({ TableName: table })).catch(() => {});
  }
  dynamo.destroy();
});

describe('the restore drill on DynamoDB Local', () => {
  it('cannot restore to a point in time there (so this file copies instead), nor reuse a table that is no restore', async () => {
    await expect(
      restoreTable(
        dynamo,
        { source: SOURCE_TABLE, target: `restore-none-${id}`, at: new Date(Date.now() - MINUTE) },
        NO_WAIT,
      ),
    ).rejects.toMatchObject({ name: 'UnknownOperationException' });
    await expect(
      restoreTable(
        dynamo,
        { source: SOURCE_TABLE, target: RESTORED_TABLE, at: new Date(Date.now() - MINUTE) },
        NO_WAIT,
      ),
    ).rejects.toThrow(`${RESTORED_TABLE} exists but is not a restore`);
  });

  it('gives the restored table its stream of new images, TTL, point-in-time recovery, deletion protection and the backup tag, once', async () => {
    // DynamoDB Local lacks the continuous-backups API and tagging: the stand-in client answers only those calls.
    await expect(
      dynamo.send(new DescribeContinuousBackupsCommand({ TableName: RESTORED_TABLE })),
    ).rejects.toMatchObject({ name: 'UnknownOperationException' });
    const { Table: described } = await dynamo.send(new DescribeTableCommand({ TableName: RESTORED_TABLE }));
    await expect(
      dynamo.send(new ListTagsOfResourceCommand({ ResourceArn: described!.TableArn })),
    ).rejects.toMatchObject({ name: 'UnknownOperationException' });
    const pitr = withStandInsFor(RESTORED_TABLE);

    const first = await applyTableSettings(pitr.client, RESTORED_TABLE, 'prod', NO_WAIT);
    const again = await applyTableSettings(pitr.client, RESTORED_TABLE, 'prod', NO_WAIT);

    const { Table: table } = await dynamo.send(new DescribeTableCommand({ TableName: RESTORED_TABLE }));
    const { TimeToLiveDescription: ttl } = await dynamo.send(
      new DescribeTimeToLiveCommand({ TableName: RESTORED_TABLE }),
    );
    expect(table).toMatchObject({
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      LatestStreamArn: first.streamArn,
      DeletionProtectionEnabled: true,
    });
    expect(ttl).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
    expect(pitr.updates).toEqual([{ TableName: RESTORED_TABLE, enabled: true }]);
    // The stage's backup plan selects its table by this tag (infra/stacks/data-stack.ts).
    expect(pitr.tags).toEqual([{ Key: 'exchange-backup', Value: 'prod' }]);
    expect(again).toEqual(first);
    pitr.client.destroy();
  });

  it('marks every unsent mail unknown and ends every session, and a second run changes nothing', async () => {
    const { Table: table } = await dynamo.send(new DescribeTableCommand({ TableName: RESTORED_TABLE }));

    const first = await makeRestoredItemsSafe(db, RESTORED_TABLE, table!.CreationDateTime!);
    const again = await makeRestoredItemsSafe(db, RESTORED_TABLE, table!.CreationDateTime!);

    // Sessions: the client's verification and login, the staff member's login.
    expect(first).toEqual({ mailsMarkedUnknown: 3, sessionsEnded: 3 });
    expect(again).toEqual({ mailsMarkedUnknown: 0, sessionsEnded: 0 });
  });

  describe('a stack on the restored table', () => {
    let onRestored: Awaited<ReturnType<typeof functionModulesOn>>;
    const tokens = { client: '', staff: '' };

    beforeAll(async () => {
      restored = await startLocalStackProcess({ ...stackOptions, tableName: RESTORED_TABLE });
      // The re-drive job runs here, on the restored table.
      onRestored = await functionModulesOn(RESTORED_TABLE);
    });

    it('refuses every token issued before the restore: access and refresh, current and rotated', async () => {
      const call = on(restored!);
      await expectStatus(call('GET', '/api/auth/me', { token: before.clientTokens.token }), 401);
      await expectStatus(call('GET', '/api/auth/me', { token: before.staffTokens.token }), 401);
      for (const refreshTokenFromBody of [
        before.clientTokens.refreshToken,
        before.rotatedRefreshToken,
        before.staffTokens.refreshToken,
      ])
        await expectStatus(call('POST', '/api/auth/refresh', { body: { refreshTokenFromBody } }), 401);
    });

    it('lets people log in again and serves what the source held: applications, history, audit, notifications, reserves, settings, counters', async () => {
      const call = on(restored!);
      for (const [who, email] of [
        ['client', client.email],
        ['staff', staff.email],
      ] as const) {
        const login = await expectStatus(
          call<Tokens>('POST', '/api/auth/login', { body: { loginIdentifier: email, password: PASSWORD } }),
          200,
        );
        tokens[who] = login.data!.token;
      }

      const after = await readViews(restored!, tokens, before.applicationIds[0]!);

      expect(after).toEqual(before.views);
      expect(
        (after.myApplications as { items: Array<{ id: string }> }).items
          .map((application) => application.id)
          .sort(),
      ).toEqual([...before.applicationIds].sort());
    });

    it('sends none of the mails that were unsent at the restore point, even after a re-drive, and sends new ones', async () => {
      const call = on(restored!);
      // Half an hour on: past every re-drive back-off and the claim lease.
      const redrive = await onRestored.redrive.redriveOutbox(new Date(Date.now() + 30 * MINUTE));
      // A new mail through the restored stack: its sender has had its chance at everything older once it arrives.
      const canary = await expectStatus(
        call<{ id: string }>('POST', '/api/applications', { token: tokens.client, body: standardBody() }),
        201,
      );
      await mailsArrived(restored!.mailUrl, [client.email, staffNotifyEmail]);

      expect(redrive).toMatchObject({ requeued: 0, unknown: 0 });
      const subjects = async (address: string) =>
        (await inboxOf(address, restored!.mailUrl)).map((mail) => mail.subject);
      expect(await subjects(staffNotifyEmail)).toHaveLength(1);
      expect(await subjects(client.email)).toEqual([expect.stringContaining(shortId(canary.data!.id))]);
      const unsent = await onRestored.outbox.listAllUnsentItems(100);
      expect(
        unsent.filter((mail) => before.unsentMailIds.includes(mail.id)).map((mail) => mail.mailState),
      ).toEqual(['unknown', 'unknown', 'unknown']);
    });

    it('leaves the sessions started on the restored table alone when step 3 runs again', async () => {
      const { Table: table } = await dynamo.send(new DescribeTableCommand({ TableName: RESTORED_TABLE }));

      const run = await makeRestoredItemsSafe(db, RESTORED_TABLE, table!.CreationDateTime!);

      expect(run).toEqual({ mailsMarkedUnknown: 0, sessionsEnded: 0 });
      await expectStatus(on(restored!)('GET', '/api/auth/me', { token: tokens.client }), 200);
    });
  });
});
