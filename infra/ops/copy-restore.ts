/**
 * The steps of bringing a stage up in its backup region after the loss of its own
 * (docs/operations.md "Disaster recovery: losing the stage's region"; the command is
 * restore-from-copy.ts beside this): the latest copy of the stage's table restored there, given
 * what a restore does not carry (table-restore.ts's steps), and named in that region's table
 * parameters, which the stacks deployed there with `-c region=<backup region>` read; then, once
 * the api stack is deployed there, its secrets given the values replicated from the lost region.
 * Each step looks first and changes only what is not yet as it should be, so a run that stopped
 * half-way is simply run again. The clients are the caller's.
 */
import {
  type BackupClient,
  DescribeRestoreJobCommand,
  GetRecoveryPointRestoreMetadataCommand,
  ListRecoveryPointsByBackupVaultCommand,
  ListRestoreJobsCommand,
  type RecoveryPointByBackupVault,
  type RestoreJobsListMember,
  StartRestoreJobCommand,
} from '@aws-sdk/client-backup';
import {
  type CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
  type StackResourceSummary,
} from '@aws-sdk/client-cloudformation';
import type { DynamoDBClient, TableDescription } from '@aws-sdk/client-dynamodb';
import {
  GetSecretValueCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  type SecretListEntry,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand, ParameterNotFound, type SSMClient } from '@aws-sdk/client-ssm';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  apiStackName,
  BACKUP_COPY_OUTPUTS,
  backupCopyStackName,
  REPLICATED_SECRETS,
  type ReplicatedSecret,
} from '../disaster-recovery';
import { STAGES, type StageName } from '../stacks/stages';
import { tableParameterNames } from '../table-switch';
import {
  applyTableSettings,
  assertIndexes,
  DEFAULT_WAITING,
  describeTable,
  isActive,
  makeRestoredItemsSafe,
  type SafeItemsRun,
  type StageTable,
  switchStageTable,
  type Waiting,
  waitForTable,
} from './table-restore';

/** The stage's own region and the one its table is copied to; refused for a stage without copies. */
export function recoveryRegions(stage: StageName): { home: string; copy: string } {
  const settings = STAGES[stage];
  if (!settings.backup)
    throw new Error(
      `Stage "${stage}" has no backup region (infra/stacks/stages.ts): its table is copied nowhere, so there is nothing to restore from.`,
    );
  return { home: settings.region, copy: settings.backup.copyRegion };
}

export interface BackupCopy {
  vaultName: string;
  restoreRoleArn: string;
}

/** The copy vault and the restore role, from the backup-copy stack's outputs (in the copy region). */
export async function readBackupCopy(
  cloudFormation: CloudFormationClient,
  stage: StageName,
): Promise<BackupCopy> {
  const stackName = backupCopyStackName(stage);
  const { Stacks: stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const outputs = new Map(
    (stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey, output.OutputValue]),
  );
  const vaultName = outputs.get(BACKUP_COPY_OUTPUTS.vaultName);
  const restoreRoleArn = outputs.get(BACKUP_COPY_OUTPUTS.restoreRoleArn);
  if (!vaultName || !restoreRoleArn)
    throw new Error(
      `${stackName} has no ${BACKUP_COPY_OUTPUTS.vaultName} or ${BACKUP_COPY_OUTPUTS.restoreRoleArn} output: ` +
        `deploy it with the stage's usual context (npx cdk deploy ${stackName} …), which touches only the backup region.`,
    );
  return { vaultName, restoreRoleArn };
}

export interface RecoveryPoint {
  arn: string;
  /** The table it is a backup of, in the lost region. */
  sourceTable: string;
  createdAt: Date;
}

/** `name` of `arn:aws:dynamodb:<region>:<account>:table/<name>`. */
function tableNameOf(resourceArn: string | undefined): string {
  return resourceArn?.slice(resourceArn.indexOf(':table/') + ':table/'.length) ?? '';
}

async function completedRecoveryPoints(backup: BackupClient, vaultName: string): Promise<RecoveryPoint[]> {
  const points: RecoveryPointByBackupVault[] = [];
  let token: string | undefined;
  do {
    const page = await backup.send(
      new ListRecoveryPointsByBackupVaultCommand({
        BackupVaultName: vaultName,
        ByResourceType: 'DynamoDB',
        NextToken: token,
      }),
    );
    points.push(...(page.RecoveryPoints ?? []));
    token = page.NextToken;
  } while (token);
  // A copy still being made, partial, or expiring is no restore point.
  return points
    .filter((point) => point.Status === 'COMPLETED' && point.RecoveryPointArn && point.CreationDate)
    .map((point) => ({
      arn: point.RecoveryPointArn!,
      sourceTable: tableNameOf(point.ResourceArn),
      createdAt: point.CreationDate!,
    }));
}

const minute = (at: Date) => `${at.toISOString().slice(0, 16)}Z`;

/**
 * The recovery point to restore: the latest completed copy of the stage's table, or the one asked
 * for. The vault may hold copies of more than one table: after a point-in-time restore the plan
 * backs up the table switched to and the original both (both carry the stage's backup tag), and
 * only the lost region's parameters said which one served. Then it does not guess: `sourceTable`
 * names the one (the table `npm run table:restore -- --switch` last switched to, or the data
 * stack's own if none).
 */
export async function chooseRecoveryPoint(
  backup: BackupClient,
  vaultName: string,
  choice: { sourceTable?: string; recoveryPointArn?: string } = {},
): Promise<RecoveryPoint> {
  const points = await completedRecoveryPoints(backup, vaultName);
  if (choice.recoveryPointArn) {
    const point = points.find((candidate) => candidate.arn === choice.recoveryPointArn);
    if (!point) throw new Error(`${choice.recoveryPointArn} is no completed table copy in ${vaultName}.`);
    return point;
  }
  const tables = [...new Set(points.map((point) => point.sourceTable))].sort();
  const latestOf = (table: string) =>
    points
      .filter((point) => point.sourceTable === table)
      .reduce((latest, point) => (point.createdAt > latest.createdAt ? point : latest));
  if (choice.sourceTable) {
    if (!tables.includes(choice.sourceTable))
      throw new Error(
        `${vaultName} holds no completed copy of ${choice.sourceTable}; it holds copies of: ${tables.join(', ') || 'nothing'}.`,
      );
    return latestOf(choice.sourceTable);
  }
  if (tables.length === 0) throw new Error(`${vaultName} holds no completed copy of a table.`);
  if (tables.length > 1)
    throw new Error(
      `${vaultName} holds copies of ${tables.length} tables; say which one the stage served with --source-table:\n` +
        tables.map((table) => `   ${table} (latest copy ${minute(latestOf(table).createdAt)})`).join('\n'),
    );
  return latestOf(tables[0]!);
}

/** `exchange-<stage>-dr-<yyyymmddhhmm>` of the copy's creation, in UTC. */
export function defaultRecoveryTarget(stage: StageName, point: RecoveryPoint): string {
  return `exchange-${stage}-dr-${point.createdAt.toISOString().slice(0, 16).replace(/\D/g, '')}`;
}

/** The restore jobs started from `point` (any state), newest first. */
async function restoreJobsOf(backup: BackupClient, point: RecoveryPoint): Promise<RestoreJobsListMember[]> {
  const jobs: RestoreJobsListMember[] = [];
  let token: string | undefined;
  do {
    const page = await backup.send(
      new ListRestoreJobsCommand({
        ByResourceType: 'DynamoDB',
        ByCreatedAfter: point.createdAt,
        NextToken: token,
      }),
    );
    jobs.push(...(page.RestoreJobs ?? []).filter((job) => job.RecoveryPointArn === point.arn));
    token = page.NextToken;
  } while (token);
  return jobs.sort((a, b) => (b.CreationDate?.getTime() ?? 0) - (a.CreationDate?.getTime() ?? 0));
}

const UNFINISHED_JOB = new Set(['PENDING', 'RUNNING']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForJob(backup: BackupClient, jobId: string, waiting: Waiting) {
  const deadline = Date.now() + waiting.timeoutMs;
  for (;;) {
    const job = await backup.send(new DescribeRestoreJobCommand({ RestoreJobId: jobId }));
    if (!UNFINISHED_JOB.has(job.Status ?? '')) return job;
    if (Date.now() > deadline)
      throw new Error(
        `Restore job ${jobId}: still ${job.Status} after ${waiting.timeoutMs / 60_000} minutes.`,
      );
    await sleep(waiting.intervalMs);
  }
}

/**
 * Step 2: the copy restored as the table `target` of the copy region, once ACTIVE with its indexes.
 * A restore job of this copy still running (a run that stopped while waiting) is waited for, not
 * started again; a `target` that exists is accepted only as a finished restore of this very copy.
 */
export async function restoreCopy(
  backup: BackupClient,
  dynamo: DynamoDBClient,
  input: { point: RecoveryPoint; target: string; vaultName: string; restoreRoleArn: string },
  waiting = DEFAULT_WAITING,
): Promise<TableDescription> {
  const { point, target } = input;
  const restoredHere = (job: { CreatedResourceArn?: string }) =>
    job.CreatedResourceArn !== undefined && tableNameOf(job.CreatedResourceArn) === target;
  const notThisCopy = `${target} exists but is no restore of ${point.arn}: choose another --target.`;

  for (const job of await restoreJobsOf(backup, point))
    if (UNFINISHED_JOB.has(job.Status ?? '')) await waitForJob(backup, job.RestoreJobId!, waiting);
  const jobs = await restoreJobsOf(backup, point);
  if (await describeTable(dynamo, target)) {
    if (!jobs.some((job) => job.Status === 'COMPLETED' && restoredHere(job))) throw new Error(notThisCopy);
  } else {
    const { RestoreMetadata: metadata = {} } = await backup.send(
      new GetRecoveryPointRestoreMetadataCommand({
        BackupVaultName: input.vaultName,
        RecoveryPointArn: point.arn,
      }),
    );
    // The key of the table's encryption at rest, if it had its own, is in the lost region: the
    // restored table gets DynamoDB's own key, as the data stack's table has.
    const { kmsMasterKeyArn: _key, ...kept } = metadata;
    const { RestoreJobId: jobId } = await backup.send(
      new StartRestoreJobCommand({
        RecoveryPointArn: point.arn,
        ResourceType: 'DynamoDB',
        IamRoleArn: input.restoreRoleArn,
        Metadata: { ...kept, targetTableName: target, encryptionType: 'Default' },
        // The SDK's own retry of a call whose answer was lost starts no second job; a run after a
        // failed job (counted in `jobs`) starts a new one.
        IdempotencyToken: `${target}@${point.arn.slice(point.arn.lastIndexOf(':') + 1)}#${jobs.length}`,
      }),
    );
    const job = await waitForJob(backup, jobId!, waiting);
    if (job.Status !== 'COMPLETED')
      throw new Error(`Restore job ${jobId} ${job.Status}: ${job.StatusMessage ?? 'no reason given'}.`);
    if (!restoredHere(job))
      throw new Error(`Restore job ${jobId} created ${job.CreatedResourceArn}, not ${target}.`);
  }
  const table = await waitForTable(dynamo, target, isActive, waiting, 'ACTIVE');
  assertIndexes(target, table);
  return table;
}

async function readParameter(ssm: SSMClient, name: string): Promise<string | undefined> {
  try {
    return (await ssm.send(new GetParameterCommand({ Name: name }))).Parameter?.Value;
  } catch (error) {
    if (error instanceof ParameterNotFound || (error as Error).name === 'ParameterNotFound') return undefined;
    throw error;
  }
}

/**
 * Step 5: the copy region's table parameters name the restored table, so the stacks deployed there
 * serve it. Parameters there that name another table are not overwritten: a drill's leftovers are
 * deleted by hand, and a stage already serving from this region is restored with table:restore.
 */
export async function nameRecoveredTable(
  ssm: SSMClient,
  stage: StageName,
  table: StageTable,
): Promise<'written' | 'already'> {
  const names = tableParameterNames(stage);
  const current = {
    name: await readParameter(ssm, names.name),
    streamArn: await readParameter(ssm, names.streamArn),
  };
  if (current.name === table.name && current.streamArn === table.streamArn) return 'already';
  if (current.name !== undefined && current.name !== table.name)
    throw new Error(
      `${names.name} already names ${current.name} in this region. If it is left from a drill, delete both ` +
        `parameters (aws ssm delete-parameters --names ${names.name} ${names.streamArn}) and run again; if the ` +
        'stage already serves from this region, restore it with npm run table:restore instead.',
    );
  await switchStageTable(ssm, stage, table);
  return 'written';
}

export interface RecoveryOptions {
  sourceTable?: string;
  recoveryPointArn?: string;
  target?: string;
}

export interface RecoveryClients {
  backup: BackupClient;
  cloudFormation: CloudFormationClient;
  dynamo: DynamoDBClient;
  db: DynamoDBDocumentClient;
  ssm: SSMClient;
}

/** The steps of table-restore.ts a recovery reuses, replaceable where they cannot run (unit tests). */
export interface ReusedSteps {
  applyTableSettings: typeof applyTableSettings;
  makeRestoredItemsSafe: typeof makeRestoredItemsSafe;
}

export interface Recovery {
  point: RecoveryPoint;
  target: string;
  streamArn: string;
  safe: SafeItemsRun;
  parameters: 'written' | 'already';
}

/**
 * Steps 1 to 5, in the copy region (every client is of that region): the copy to restore, its
 * restore, what a restore does not carry (stream, TTL, point-in-time recovery, deletion protection,
 * the backup tag the plan there selects by), the items made safe to serve, the parameters. `log`
 * hears each step before it runs.
 */
export async function recoverTable(
  clients: RecoveryClients,
  stage: StageName,
  options: RecoveryOptions = {},
  log: (line: string) => void = () => {},
  steps: ReusedSteps = { applyTableSettings, makeRestoredItemsSafe },
  waiting = DEFAULT_WAITING,
): Promise<Recovery> {
  recoveryRegions(stage);
  const copy = await readBackupCopy(clients.cloudFormation, stage);
  log(`1. The copy to restore, in ${copy.vaultName}…`);
  const point = await chooseRecoveryPoint(clients.backup, copy.vaultName, options);
  const target = options.target ?? defaultRecoveryTarget(stage, point);
  log(`   ${point.arn}: ${point.sourceTable} as of ${minute(point.createdAt)}.`);
  log(`2. Restoring it as ${target} (can take a long time)…`);
  const restored = await restoreCopy(
    clients.backup,
    clients.dynamo,
    {
      point,
      target,
      vaultName: copy.vaultName,
      restoreRoleArn: copy.restoreRoleArn,
    },
    waiting,
  );
  log('3. Stream (new images), TTL, point-in-time recovery, deletion protection, the backup tag…');
  const { streamArn } = await steps.applyTableSettings(clients.dynamo, target, stage, waiting);
  log('4. Making the restored items safe to serve…');
  // Everything restored is older than the restored table; what the service writes once it serves
  // this table is newer, and a later run leaves it alone.
  const restoredAt = new Date(Math.max(point.createdAt.getTime(), restored.CreationDateTime?.getTime() ?? 0));
  const safe = await steps.makeRestoredItemsSafe(clients.db, target, restoredAt);
  log("5. Naming it in this region's table parameters…");
  const parameters = await nameRecoveredTable(clients.ssm, stage, { name: target, streamArn });
  return { point, target, streamArn, safe, parameters };
}

/** The context of a deploy into the copy region: the stage's usual keys, the region, its API certificate. */
export function recoveryContext(stage: StageName, requiredContext: readonly string[]): string {
  const { copy } = recoveryRegions(stage);
  const usual = requiredContext
    .filter((key) => key !== 'apiCertificateArn')
    .map((key) => ` -c ${key}=<${key}>`)
    .join('');
  const certificate = requiredContext.includes('apiCertificateArn')
    ? ` -c apiCertificateArn=<the API's certificate in ${copy}>`
    : '';
  return `-c stage=${stage} -c region=${copy}${usual}${certificate}`;
}

export type SecretCarried = { secret: ReplicatedSecret } & (
  | { outcome: 'copied' | 'already'; from: string; to: string }
  | { outcome: 'no replica'; to: string }
);

async function stackSecrets(cloudFormation: CloudFormationClient, stage: StageName) {
  const resources: StackResourceSummary[] = [];
  let token: string | undefined;
  do {
    const page = await cloudFormation.send(
      new ListStackResourcesCommand({ StackName: apiStackName(stage), NextToken: token }),
    );
    resources.push(...(page.StackResourceSummaries ?? []));
    token = page.NextToken;
  } while (token);
  return resources.filter((resource) => resource.ResourceType === 'AWS::SecretsManager::Secret');
}

async function replicasFrom(secrets: SecretsManagerClient, homeRegion: string): Promise<SecretListEntry[]> {
  const found: SecretListEntry[] = [];
  let token: string | undefined;
  do {
    const page = await secrets.send(
      new ListSecretsCommand({
        Filters: [{ Key: 'primary-region', Values: [homeRegion] }],
        NextToken: token,
      }),
    );
    found.push(...(page.SecretList ?? []));
    token = page.NextToken;
  } while (token);
  return found;
}

const secretString = async (secrets: SecretsManagerClient, id: string) =>
  (await secrets.send(new GetSecretValueCommand({ SecretId: id }))).SecretString;

/**
 * Step 7, once the api stack is deployed in the copy region and before the other stacks: each
 * replicated secret of the new api stack (infra/disaster-recovery.ts) gets the value of its replica
 * from the lost region. A replica is the secret's own name (CloudFormation names a secret after its
 * logical id, the same in both regions' templates) with the lost region as its primary. A secret
 * already holding the replica's value is left as it is; one without a replica is reported.
 */
export async function carrySecrets(
  cloudFormation: CloudFormationClient,
  secrets: SecretsManagerClient,
  stage: StageName,
): Promise<SecretCarried[]> {
  const { home } = recoveryRegions(stage);
  const resources = await stackSecrets(cloudFormation, stage);
  const replicas = await replicasFrom(secrets, home);
  const carried: SecretCarried[] = [];
  for (const secret of REPLICATED_SECRETS) {
    const resource = resources.find((candidate) =>
      new RegExp(`^${secret}[0-9A-F]{8}$`).test(candidate.LogicalResourceId ?? ''),
    );
    if (!resource?.PhysicalResourceId)
      throw new Error(`${apiStackName(stage)} has no ${secret} secret: deploy it in this region first.`);
    const to = resource.PhysicalResourceId;
    const matching = replicas.filter((replica) => replica.Name?.startsWith(`${resource.LogicalResourceId}-`));
    if (matching.length > 1)
      throw new Error(
        `More than one replica could be ${secret}'s: ${matching.map((replica) => replica.ARN).join(', ')}.`,
      );
    const replica = matching[0];
    if (!replica?.ARN) {
      carried.push({ secret, outcome: 'no replica', to });
      continue;
    }
    const value = await secretString(secrets, replica.ARN);
    if (value === undefined) throw new Error(`${replica.ARN} holds no string.`);
    if ((await secretString(secrets, to)) === value) {
      carried.push({ secret, outcome: 'already', from: replica.ARN, to });
      continue;
    }
    await secrets.send(new PutSecretValueCommand({ SecretId: to, SecretString: value }));
    carried.push({ secret, outcome: 'copied', from: replica.ARN, to });
  }
  return carried;
}
