import type { BackupClient, RecoveryPointByBackupVault, RestoreJobsListMember } from '@aws-sdk/client-backup';
import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  type DynamoDBClient,
  ResourceNotFoundException,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ParameterNotFound, type SSMClient } from '@aws-sdk/client-ssm';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GLOBAL_INDEXES } from '@functions/data/table-definition';
import {
  carrySecrets,
  chooseRecoveryPoint,
  nameRecoveredTable,
  type RecoveryClients,
  type ReusedSteps,
  recoverTable,
  recoveryContext,
} from '@infra/ops/copy-restore';
import { describe, expect, it } from 'vitest';

/**
 * The disaster-recovery script's logic against stand-ins for the AWS clients it is given (no AWS
 * account is reachable from the tests): each answers the commands the logic sends, from state the
 * test sets and the commands change, and records what it was sent. Steps 3 and 4 (table-restore.ts)
 * run against DynamoDB Local in test/integration/deploy/restore.test.ts; here they are recorded.
 */
type Handlers = Record<string, (input: never) => unknown>;

function standIn<Client>(handlers: Handlers) {
  const sent: Array<{ command: string; input: Record<string, unknown> }> = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name.replace(/Command$/, '');
      sent.push({ command: name, input: command.input });
      // Keyed as `describeTable` for DescribeTableCommand.
      const handler = handlers[name.charAt(0).toLowerCase() + name.slice(1)];
      if (!handler) throw new Error(`The stand-in does not answer ${name}`);
      return handler(command.input as never);
    },
  };
  return {
    client: client as unknown as Client,
    sent,
    count: (name: string) => sent.filter((s) => s.command === name).length,
  };
}

const VAULT = 'exchangeprodbackupcopyCopyVaultD6A381F7';
const ROLE = 'arn:aws:iam::123456789012:role/exchange-prod-backup-copy-RestoreRole';
const SOURCE = 'exchange-prod-data-TableCD117FA1-ABC';

function point(
  id: string,
  table: string,
  createdAt: string,
  status = 'COMPLETED',
): RecoveryPointByBackupVault {
  return {
    RecoveryPointArn: `arn:aws:backup:eu-west-1:123456789012:recovery-point:${id}`,
    ResourceArn: `arn:aws:dynamodb:eu-central-1:123456789012:table/${table}`,
    ResourceType: 'DynamoDB',
    Status: status as RecoveryPointByBackupVault['Status'],
    CreationDate: new Date(createdAt),
  };
}

/** The copy region as the script sees it: the copy vault, AWS Backup's jobs, DynamoDB, SSM. */
function copyRegion(points: RecoveryPointByBackupVault[], options: { describesUntilDone?: number } = {}) {
  const tables = new Map<string, TableDescription>();
  const jobs: Array<RestoreJobsListMember & { target: string; describes: number }> = [];
  const parameters = new Map<string, string>();
  const restoreTable = (target: string) =>
    tables.set(target, {
      TableName: target,
      TableArn: `arn:aws:dynamodb:eu-west-1:123456789012:table/${target}`,
      TableStatus: 'ACTIVE',
      CreationDateTime: new Date('2026-03-05T09:00:00Z'),
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        IndexName: index.indexName,
        IndexStatus: 'ACTIVE',
      })),
    });

  const backup = standIn<BackupClient>({
    // Two to a page, so the script must follow NextToken.
    listRecoveryPointsByBackupVault: (input: { BackupVaultName: string; NextToken?: string }) => {
      expect(input.BackupVaultName).toBe(VAULT);
      const start = Number(input.NextToken ?? 0);
      const next = start + 2 < points.length ? String(start + 2) : undefined;
      return { RecoveryPoints: points.slice(start, start + 2), NextToken: next };
    },
    getRecoveryPointRestoreMetadata: () => ({
      RestoreMetadata: {
        originalTableName: SOURCE,
        encryptionType: 'KMS',
        kmsMasterKeyArn: 'arn:aws:kms:eu-central-1:1:key/x',
      },
    }),
    startRestoreJob: (input: { RecoveryPointArn: string; Metadata: Record<string, string> }) => {
      const id = `job-${jobs.length + 1}`;
      jobs.push({
        RestoreJobId: id,
        RecoveryPointArn: input.RecoveryPointArn,
        Status: 'RUNNING',
        CreationDate: new Date(),
        target: input.Metadata.targetTableName!,
        describes: 0,
      });
      return { RestoreJobId: id };
    },
    describeRestoreJob: (input: { RestoreJobId: string }) => {
      const job = jobs.find((candidate) => candidate.RestoreJobId === input.RestoreJobId)!;
      job.describes += 1;
      if (job.Status === 'RUNNING' && job.describes >= (options.describesUntilDone ?? 1)) {
        restoreTable(job.target);
        job.Status = 'COMPLETED';
        job.CreatedResourceArn = `arn:aws:dynamodb:eu-west-1:123456789012:table/${job.target}`;
      }
      return { ...job };
    },
    listRestoreJobs: () => ({ RestoreJobs: jobs.map(({ target: _t, describes: _d, ...job }) => job) }),
  });
  const dynamo = standIn<DynamoDBClient>({
    describeTable: (input: { TableName: string }) => {
      const table = tables.get(input.TableName);
      if (!table)
        throw new ResourceNotFoundException({ message: 'Requested resource not found', $metadata: {} });
      return { Table: table };
    },
  });
  const ssm = standIn<SSMClient>({
    getParameter: (input: { Name: string }) => {
      const value = parameters.get(input.Name);
      if (value === undefined) throw new ParameterNotFound({ message: 'not found', $metadata: {} });
      return { Parameter: { Name: input.Name, Value: value } };
    },
    putParameter: (input: { Name: string; Value: string }) => parameters.set(input.Name, input.Value),
  });
  const cloudFormation = standIn<CloudFormationClient>({
    describeStacks: (input: { StackName: string }) => {
      expect(input.StackName).toBe('exchange-prod-backup-copy');
      return {
        Stacks: [
          {
            Outputs: [
              { OutputKey: 'CopyVaultName', OutputValue: VAULT },
              { OutputKey: 'RestoreRoleArn', OutputValue: ROLE },
            ],
          },
        ],
      };
    },
  });
  const clients: RecoveryClients = {
    backup: backup.client,
    cloudFormation: cloudFormation.client,
    dynamo: dynamo.client,
    db: {} as DynamoDBDocumentClient,
    ssm: ssm.client,
  };
  return { clients, backup, ssm, tables, jobs, parameters, restoreTable };
}

/** Steps 3 and 4 recorded; `failFirst` makes the first call of step 3 fail, as a throttled call would. */
function reusedSteps(options: { failFirst?: boolean } = {}) {
  const calls: string[] = [];
  let failures = options.failFirst ? 1 : 0;
  const steps: ReusedSteps = {
    applyTableSettings: async (_dynamo, table) => {
      calls.push(`settings ${table}`);
      if (failures-- > 0) throw new Error('Rate exceeded');
      return {
        streamArn: `arn:aws:dynamodb:eu-west-1:123456789012:table/${table}/stream/2026-03-05T09:10:00.000`,
      };
    },
    makeRestoredItemsSafe: async (_db, table, restoredAt) => {
      calls.push(`safe ${table} before ${restoredAt.toISOString()}`);
      return { mailsMarkedUnknown: 2, sessionsEnded: 5 };
    },
  };
  return { steps, calls };
}

const NO_WAIT = { intervalMs: 0, timeoutMs: 60_000 };

describe('choosing the copy to restore', () => {
  it('picks the latest completed copy of the stage’s table, not one still being copied, partial or expired', async () => {
    const { clients } = copyRegion([
      point('a', SOURCE, '2026-03-01T03:05:00Z'),
      point('b', SOURCE, '2026-03-03T03:04:00Z'),
      point('c', SOURCE, '2026-03-04T03:06:00Z', 'CREATING'),
      point('d', SOURCE, '2026-03-02T03:05:00Z'),
      point('e', SOURCE, '2026-03-04T02:00:00Z', 'PARTIAL'),
      point('f', SOURCE, '2026-03-04T01:00:00Z', 'EXPIRED'),
    ]);

    const chosen = await chooseRecoveryPoint(clients.backup, VAULT);

    expect(chosen).toEqual({
      arn: 'arn:aws:backup:eu-west-1:123456789012:recovery-point:b',
      sourceTable: SOURCE,
      createdAt: new Date('2026-03-03T03:04:00Z'),
    });
  });

  it('does not guess between two tables’ copies (after a point-in-time restore both are backed up): it names them, and takes the one given', async () => {
    const restored = 'exchange-prod-restore-202602201000';
    const { clients } = copyRegion([
      point('a', SOURCE, '2026-03-03T03:04:00Z'),
      point('b', restored, '2026-03-03T03:07:00Z'),
      point('c', restored, '2026-03-02T03:07:00Z'),
    ]);

    await expect(chooseRecoveryPoint(clients.backup, VAULT)).rejects.toThrow(
      `${VAULT} holds copies of 2 tables; say which one the stage served with --source-table:\n` +
        `   ${SOURCE} (latest copy 2026-03-03T03:04Z)\n` +
        `   ${restored} (latest copy 2026-03-03T03:07Z)`,
    );
    expect((await chooseRecoveryPoint(clients.backup, VAULT, { sourceTable: restored })).arn).toMatch(/:b$/);
    await expect(chooseRecoveryPoint(clients.backup, VAULT, { sourceTable: 'other' })).rejects.toThrow(
      `${VAULT} holds no completed copy of other; it holds copies of: ${SOURCE}, ${restored}.`,
    );
  });

  it('refuses a stage whose table is copied nowhere', async () => {
    const { clients } = copyRegion([point('a', SOURCE, '2026-03-03T03:04:00Z')]);
    const secrets = standIn<SecretsManagerClient>({});

    await expect(recoverTable(clients, 'dev')).rejects.toThrow(
      'Stage "dev" has no backup region (infra/stacks/stages.ts): its table is copied nowhere, so there is nothing to restore from.',
    );
    await expect(carrySecrets(clients.cloudFormation, secrets.client, 'dev')).rejects.toThrow(
      'Stage "dev" has no backup region',
    );
  });
});

describe('restoring the copy and naming it', () => {
  it('restores the latest copy as a new table with the restore role and DynamoDB’s own key, gives it what a restore does not carry, and names it in the copy region’s parameters', async () => {
    const region = copyRegion([
      point('a', SOURCE, '2026-03-02T03:05:00Z'),
      point('b', SOURCE, '2026-03-03T03:04:00Z'),
    ]);
    const { steps, calls } = reusedSteps();

    const recovery = await recoverTable(region.clients, 'prod', {}, () => {}, steps, NO_WAIT);

    const target = 'exchange-prod-dr-202603030304';
    expect(recovery).toMatchObject({
      target,
      parameters: 'written',
      safe: { mailsMarkedUnknown: 2, sessionsEnded: 5 },
    });
    const [start] = region.backup.sent.filter((sent) => sent.command === 'StartRestoreJob');
    expect(start!.input).toMatchObject({
      RecoveryPointArn: 'arn:aws:backup:eu-west-1:123456789012:recovery-point:b',
      ResourceType: 'DynamoDB',
      IamRoleArn: ROLE,
      // The lost region's key is no use here.
      Metadata: { originalTableName: SOURCE, targetTableName: target, encryptionType: 'Default' },
    });
    expect(start!.input.Metadata).not.toHaveProperty('kmsMasterKeyArn');
    // Only what the restored table held before it existed is made safe.
    expect(calls).toEqual([`settings ${target}`, `safe ${target} before 2026-03-05T09:00:00.000Z`]);
    // The stream first: a run stopped between the two writes leaves the name, which says what serves, unchanged.
    expect(
      region.ssm.sent.filter((sent) => sent.command === 'PutParameter').map((sent) => sent.input),
    ).toEqual([
      { Name: '/exchange/prod/table/stream-arn', Value: recovery.streamArn, Overwrite: true },
      { Name: '/exchange/prod/table/name', Value: target, Overwrite: true },
    ]);
  });

  it('resumes after a failure: the second run finishes the first one’s restore instead of starting another', async () => {
    const region = copyRegion([point('b', SOURCE, '2026-03-03T03:04:00Z')]);
    const { steps, calls } = reusedSteps({ failFirst: true });

    await expect(recoverTable(region.clients, 'prod', {}, () => {}, steps, NO_WAIT)).rejects.toThrow(
      'Rate exceeded',
    );
    const recovery = await recoverTable(region.clients, 'prod', {}, () => {}, steps, NO_WAIT);

    expect(region.backup.count('StartRestoreJob')).toBe(1);
    expect(calls.filter((call) => call.startsWith('settings'))).toHaveLength(2);
    expect(region.parameters.get('/exchange/prod/table/name')).toBe(recovery.target);
  });

  it('resumes a run stopped while the restore job ran: it waits for that job and starts none', async () => {
    const region = copyRegion([point('b', SOURCE, '2026-03-03T03:04:00Z')], { describesUntilDone: 3 });
    const { steps } = reusedSteps();

    await expect(
      recoverTable(region.clients, 'prod', {}, () => {}, steps, { intervalMs: 0, timeoutMs: -1 }),
    ).rejects.toThrow('Restore job job-1: still RUNNING after');
    const recovery = await recoverTable(region.clients, 'prod', {}, () => {}, steps, NO_WAIT);

    expect(region.backup.count('StartRestoreJob')).toBe(1);
    expect(region.jobs.map((job) => job.Status)).toEqual(['COMPLETED']);
    expect(recovery.target).toBe('exchange-prod-dr-202603030304');
  });

  it('run again once done, changes nothing', async () => {
    const region = copyRegion([point('b', SOURCE, '2026-03-03T03:04:00Z')]);
    const { steps } = reusedSteps();
    await recoverTable(region.clients, 'prod', {}, () => {}, steps, NO_WAIT);
    const puts = region.ssm.count('PutParameter');

    const again = await recoverTable(region.clients, 'prod', {}, () => {}, steps, NO_WAIT);

    expect(again.parameters).toBe('already');
    expect(region.ssm.count('PutParameter')).toBe(puts);
    expect(region.backup.count('StartRestoreJob')).toBe(1);
  });

  it('starts a new job after a failed one', async () => {
    const region = copyRegion([point('b', SOURCE, '2026-03-03T03:04:00Z')]);
    region.jobs.push({
      RestoreJobId: 'job-0',
      RecoveryPointArn: 'arn:aws:backup:eu-west-1:123456789012:recovery-point:b',
      Status: 'FAILED',
      StatusMessage: 'Access denied',
      target: 'exchange-prod-dr-202603030304',
      describes: 0,
    });

    await recoverTable(region.clients, 'prod', {}, () => {}, reusedSteps().steps, NO_WAIT);

    expect(region.backup.count('StartRestoreJob')).toBe(1);
    expect(
      region.backup.sent.find((sent) => sent.command === 'StartRestoreJob')!.input.IdempotencyToken,
    ).toBe('exchange-prod-dr-202603030304@b#1');
  });

  it('refuses a target table that exists but is no restore of this copy', async () => {
    const region = copyRegion([point('b', SOURCE, '2026-03-03T03:04:00Z')]);
    region.restoreTable('exchange-prod-dr-202603030304');

    await expect(
      recoverTable(region.clients, 'prod', {}, () => {}, reusedSteps().steps, NO_WAIT),
    ).rejects.toThrow(
      'exchange-prod-dr-202603030304 exists but is no restore of arn:aws:backup:eu-west-1:123456789012:recovery-point:b: choose another --target.',
    );
    expect(region.backup.count('StartRestoreJob')).toBe(0);
  });

  it('does not overwrite parameters that name another table in the copy region (a drill’s, or a stage already served there)', async () => {
    const region = copyRegion([]);
    region.parameters.set('/exchange/prod/table/name', 'exchange-prod-dr-202601010304');

    await expect(
      nameRecoveredTable(region.clients.ssm, 'prod', {
        name: 'exchange-prod-dr-202603030304',
        streamArn: 'arn:s',
      }),
    ).rejects.toThrow(
      '/exchange/prod/table/name already names exchange-prod-dr-202601010304 in this region.',
    );
    expect(region.ssm.count('PutParameter')).toBe(0);
  });

  it('prints the deploy context of the backup region: the stage’s keys, the region, the API certificate of that region', () => {
    expect(recoveryContext('prod', ['siteUrl', 'account', 'apiCertificateArn'])).toBe(
      "-c stage=prod -c region=eu-west-1 -c siteUrl=<siteUrl> -c account=<account> -c apiCertificateArn=<the API's certificate in eu-west-1>",
    );
  });
});

describe('the secrets replicated from the lost region', () => {
  const newSecret = (id: string) =>
    `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${id}-NEWNEWNEWNEW-aaaaaa`;
  const replica = (id: string) =>
    `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${id}-OLDOLDOLDOLD-bbbbbb`;
  const LOGICAL = {
    MfaSealingKey: 'MfaSealingKey3F5A6C2B',
    TelegramBotToken: 'TelegramBotToken0D4B1E77',
    TelegramWebhookSecret: 'TelegramWebhookSecret9A8B7C6D',
    TronApiKey: 'TronApiKey5E6F7A8B',
    JwtSigningKey: 'JwtSigningKeyA1B2C3D4',
  };

  function secretsOf(values: Map<string, string>, replicas: string[]) {
    const cloudFormation = standIn<CloudFormationClient>({
      listStackResources: (input: { StackName: string }) => {
        expect(input.StackName).toBe('exchange-prod-api');
        return {
          StackResourceSummaries: [
            ...Object.values(LOGICAL).map((id) => ({
              LogicalResourceId: id,
              PhysicalResourceId: newSecret(id),
              ResourceType: 'AWS::SecretsManager::Secret',
            })),
            {
              LogicalResourceId: 'HttpApiF5A9A8A7',
              PhysicalResourceId: 'abc',
              ResourceType: 'AWS::ApiGatewayV2::Api',
            },
          ],
        };
      },
    });
    const secrets = standIn<SecretsManagerClient>({
      listSecrets: (input: { Filters: Array<{ Key: string; Values: string[] }> }) => {
        expect(input.Filters).toEqual([{ Key: 'primary-region', Values: ['eu-central-1'] }]);
        return {
          SecretList: replicas.map((id) => ({
            ARN: replica(id),
            Name: `${id}-OLDOLDOLDOLD`,
            PrimaryRegion: 'eu-central-1',
          })),
        };
      },
      getSecretValue: (input: { SecretId: string }) => ({ SecretString: values.get(input.SecretId) }),
      putSecretValue: (input: { SecretId: string; SecretString: string }) =>
        values.set(input.SecretId, input.SecretString),
    });
    return { cloudFormation, secrets };
  }

  it('gives the new api stack’s secrets their replicas’ values, leaves one already equal, reports one without a replica, and never touches the JWT key', async () => {
    const values = new Map([
      [replica(LOGICAL.MfaSealingKey), 'old-sealing-key'],
      [newSecret(LOGICAL.MfaSealingKey), 'new-random-key'],
      [replica(LOGICAL.TelegramBotToken), '123:token'],
      [newSecret(LOGICAL.TelegramBotToken), 'none'],
      [replica(LOGICAL.TelegramWebhookSecret), 'webhook'],
      [newSecret(LOGICAL.TelegramWebhookSecret), 'webhook'],
      [newSecret(LOGICAL.TronApiKey), 'none'],
      [newSecret(LOGICAL.JwtSigningKey), 'new-jwt'],
    ]);
    const { cloudFormation, secrets } = secretsOf(values, [
      LOGICAL.MfaSealingKey,
      LOGICAL.TelegramBotToken,
      LOGICAL.TelegramWebhookSecret,
      LOGICAL.JwtSigningKey,
    ]);

    const carried = await carrySecrets(cloudFormation.client, secrets.client, 'prod');

    expect(carried.map(({ secret, outcome }) => `${secret}: ${outcome}`)).toEqual([
      'MfaSealingKey: copied',
      'TelegramBotToken: copied',
      'TelegramWebhookSecret: already',
      'TronApiKey: no replica',
    ]);
    expect(values.get(newSecret(LOGICAL.MfaSealingKey))).toBe('old-sealing-key');
    expect(values.get(newSecret(LOGICAL.TelegramBotToken))).toBe('123:token');
    expect(values.get(newSecret(LOGICAL.JwtSigningKey))).toBe('new-jwt');
    expect(secrets.count('PutSecretValue')).toBe(2);

    const again = await carrySecrets(cloudFormation.client, secrets.client, 'prod');

    expect(again.map(({ outcome }) => outcome)).toEqual(['already', 'already', 'already', 'no replica']);
    expect(secrets.count('PutSecretValue')).toBe(2);
  });
});
