/**
 * The steps of a point-in-time restore of a stage's table (docs/operations.md, "Restoring the
 * table to a point in time"; the command is restore-table.ts beside this). Each step looks first and
 * changes only what is not yet as it should be, so a run that stopped half-way is simply run again.
 * The clients are the caller's: the SDK's usual configuration, so the same steps run against
 * DynamoDB Local (AWS_ENDPOINT_URL_DYNAMODB) in the restore drill's test.
 */
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ListTagsOfResourceCommand,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  type TableDescription,
  TagResourceCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { GetParameterCommand, PutParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import {
  type DynamoDBDocumentClient,
  ScanCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/data/keys';
import type { OutboxState } from '@functions/data/outbox';
import { GLOBAL_INDEXES, TTL_ATTRIBUTE } from '@functions/data/table-definition';
import type { StageName } from '../stacks/stages';
import { backupTag, tableParameterNames } from '../table-switch';

export interface StageTable {
  name: string;
  streamArn: string;
}

export async function readStageTable(ssm: SSMClient, stage: StageName): Promise<StageTable> {
  const names = tableParameterNames(stage);
  const read = async (name: string) => {
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: name }));
    if (!Parameter?.Value) throw new Error(`The parameter ${name} has no value.`);
    return Parameter.Value;
  };
  return { name: await read(names.name), streamArn: await read(names.streamArn) };
}

/**
 * Step 4: points the stage at another table. Nothing changes until the stacks are deployed again
 * (`deployCommand`): they read the parameters at deploy. The stream first, so a run stopped between
 * the two writes leaves the name, which says which table the stage uses, unchanged.
 */
export async function switchStageTable(ssm: SSMClient, stage: StageName, table: StageTable): Promise<void> {
  const names = tableParameterNames(stage);
  await ssm.send(new PutParameterCommand({ Name: names.streamArn, Value: table.streamArn, Overwrite: true }));
  await ssm.send(new PutParameterCommand({ Name: names.name, Value: table.name, Overwrite: true }));
}

/**
 * The deploy that makes the stacks read the switched parameters. `--force`: the templates do not
 * change (only the parameters' values do), and without it CDK would skip every stack. The context
 * is the stage's usual one (the stage's required keys shown as placeholders).
 */
export function deployCommand(stage: StageName, requiredContext: readonly string[]): string {
  const context = requiredContext.map((key) => ` -c ${key}=<${key}>`).join('');
  // All at once: the versions before the switch name the old table, which IAM no longer grants, so
  // a canary's 90 % on them for 5 minutes would be refused (infra/constructs/canary.ts).
  return `npx cdk deploy 'exchange-${stage}-*' --force -c stage=${stage}${context} -c rollout=all-at-once`;
}

/** `exchange-<stage>-restore-<yyyymmddhhmm>` of the restore point, in UTC. */
export function defaultTargetName(stage: StageName, at: Date): string {
  return `exchange-${stage}-restore-${at.toISOString().slice(0, 16).replace(/\D/g, '')}`;
}

/** How long to wait for DynamoDB, and how often to look. A restore can take hours on a large table. */
export interface Waiting {
  intervalMs: number;
  timeoutMs: number;
}

export const DEFAULT_WAITING: Waiting = { intervalMs: 15_000, timeoutMs: 8 * 3_600_000 };

export async function describeTable(
  dynamo: DynamoDBClient,
  name: string,
): Promise<TableDescription | undefined> {
  try {
    return (await dynamo.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

export const isActive = (table: TableDescription) =>
  table.TableStatus === 'ACTIVE' &&
  table.RestoreSummary?.RestoreInProgress !== true &&
  (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');

export async function waitForTable(
  dynamo: DynamoDBClient,
  name: string,
  ready: (table: TableDescription) => boolean,
  waiting: Waiting,
  what: string,
): Promise<TableDescription> {
  const deadline = Date.now() + waiting.timeoutMs;
  for (;;) {
    const table = await describeTable(dynamo, name);
    if (table && ready(table)) return table;
    if (Date.now() > deadline)
      throw new Error(`${name}: still not ${what} after ${waiting.timeoutMs / 60_000} minutes.`);
    await new Promise((resolve) => setTimeout(resolve, waiting.intervalMs));
  }
}

/**
 * Step 1: the source table restored to `at` as a new table, with its indexes, once ACTIVE. A target
 * that already exists is accepted only as this very restore (a re-run): the same restore point, and
 * the same source unless the stage was already switched to it.
 */
export async function restoreTable(
  dynamo: DynamoDBClient,
  input: { source: string; target: string; at: Date },
  waiting = DEFAULT_WAITING,
): Promise<TableDescription> {
  const existing = await describeTable(dynamo, input.target);
  if (existing) {
    const summary = existing.RestoreSummary;
    // To the second, so a restore point given with milliseconds matches however DynamoDB keeps it.
    const second = (at: Date | undefined) => (at ? Math.floor(at.getTime() / 1000) : undefined);
    if (!summary || second(summary.RestoreDateTime) !== second(input.at))
      throw new Error(
        `${input.target} exists but is not a restore to ${input.at.toISOString()}: choose another --target.`,
      );
    if (input.source !== input.target) {
      const source = await describeTable(dynamo, input.source);
      if (summary.SourceTableArn !== source?.TableArn)
        throw new Error(
          `${input.target} exists but was restored from ${summary.SourceTableArn}, not ${input.source}.`,
        );
    }
  } else {
    // No GlobalSecondaryIndexOverride: every index of the source is restored with it.
    await dynamo.send(
      new RestoreTableToPointInTimeCommand({
        SourceTableName: input.source,
        TargetTableName: input.target,
        RestoreDateTime: input.at,
      }),
    );
  }
  const table = await waitForTable(dynamo, input.target, isActive, waiting, 'ACTIVE');
  assertIndexes(input.target, table);
  return table;
}

/** A restored table must have every index of the table definition: the service queries them all. */
export function assertIndexes(name: string, table: TableDescription): void {
  const indexes = (table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort();
  const expected = GLOBAL_INDEXES.map((index) => index.indexName).sort();
  if (indexes.join() !== expected.join())
    throw new Error(`${name} has the indexes [${indexes}], not [${expected}].`);
}

/**
 * Step 2: what a restore does not carry over, as the data stack sets it on the stage's table: the
 * stream of new images (the outbox sender reads it), TTL on `expiresAt`, point-in-time recovery,
 * deletion protection, and the tag the stage's daily backup plan selects its table by. Answers the
 * stream's ARN once the stream exists.
 */
export async function applyTableSettings(
  dynamo: DynamoDBClient,
  tableName: string,
  stage: StageName,
  waiting = DEFAULT_WAITING,
): Promise<{ streamArn: string }> {
  let table = await waitForTable(dynamo, tableName, isActive, waiting, 'ACTIVE');
  const stream = table.StreamSpecification;
  if (stream?.StreamEnabled && stream.StreamViewType !== 'NEW_IMAGE')
    throw new Error(
      `${tableName} streams ${stream.StreamViewType}, not NEW_IMAGE: turn that stream off first.`,
    );
  if (!stream?.StreamEnabled) {
    await dynamo.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      }),
    );
  }
  table = await waitForTable(
    dynamo,
    tableName,
    (described) => isActive(described) && described.LatestStreamArn !== undefined,
    waiting,
    'streaming',
  );

  const { TimeToLiveDescription: ttl } = await dynamo.send(
    new DescribeTimeToLiveCommand({ TableName: tableName }),
  );
  const ttlOn = ttl?.TimeToLiveStatus === 'ENABLED' || ttl?.TimeToLiveStatus === 'ENABLING';
  if (ttlOn && ttl?.AttributeName !== TTL_ATTRIBUTE)
    throw new Error(`${tableName} expires items by ${ttl?.AttributeName}, not ${TTL_ATTRIBUTE}.`);
  if (ttl?.TimeToLiveStatus === 'DISABLING')
    throw new Error(`${tableName}: TTL is being turned off; run again once it is off.`);
  if (!ttlOn) {
    await dynamo.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  }

  const { ContinuousBackupsDescription: backups } = await dynamo.send(
    new DescribeContinuousBackupsCommand({ TableName: tableName }),
  );
  if (backups?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus !== 'ENABLED') {
    await dynamo.send(
      new UpdateContinuousBackupsCommand({
        TableName: tableName,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    );
  }

  if (!table.DeletionProtectionEnabled) {
    await dynamo.send(new UpdateTableCommand({ TableName: tableName, DeletionProtectionEnabled: true }));
    await waitForTable(dynamo, tableName, isActive, waiting, 'ACTIVE');
  }

  const tag = backupTag(stage);
  const { Tags: tags } = await dynamo.send(new ListTagsOfResourceCommand({ ResourceArn: table.TableArn }));
  if (!tags?.some(({ Key, Value }) => Key === tag.key && Value === tag.value)) {
    await dynamo.send(
      new TagResourceCommand({ ResourceArn: table.TableArn, Tags: [{ Key: tag.key, Value: tag.value }] }),
    );
  }
  return { streamArn: table.LatestStreamArn! };
}

/** The mail states that a sender or the re-drive job could still send by itself. */
const UNFINISHED_MAIL: readonly OutboxState[] = ['queued', 'sending', 'failed'];
const UNKNOWN: OutboxState = 'unknown';
const WRITES_AT_ONCE = 25;

export interface SafeItemsRun {
  /** Outbox mails set from queued, sending or failed to `unknown`. */
  mailsMarkedUnknown: number;
  /** Session families ended (every refresh token of theirs is refused). */
  sessionsEnded: number;
}

/**
 * Step 3: the restored items made safe to serve. A mail still unsent at the restore point may have
 * been sent since, so it becomes `unknown`: neither the stream-fed sender nor the re-drive job sends
 * it again by itself, and it stays on the unsent index for staff to decide (no mail twice). Every
 * session family is ended: its refresh tokens may have been rotated or revoked since, and would
 * work again. Nothing else changes: reserves, counters and the rest are as at the restore point.
 *
 * Only items from before `restoredAt` (the restored table's creation) are touched: a mail queued or a
 * session started by the service on this table after a switch is left alone, so running this again
 * later is safe. A Scan, once per restore (not a request path; the service itself never scans).
 */
export async function makeRestoredItemsSafe(
  db: DynamoDBDocumentClient,
  tableName: string,
  restoredAt: Date,
  now = new Date(),
): Promise<SafeItemsRun> {
  const run: SafeItemsRun = { mailsMarkedUnknown: 0, sessionsEnded: 0 };
  const unfinished = Object.fromEntries(UNFINISHED_MAIL.map((state, index) => [`:state${index}`, state]));
  const unfinishedList = Object.keys(unfinished).join(', ');
  const values = {
    ':session': keys.sessionPrefix,
    ':outbox': keys.outboxPrefix,
    ':before': restoredAt.toISOString(),
  };
  const sessionCondition =
    'begins_with(pk, :session) AND attribute_not_exists(revokedAt) AND createdAt < :before';
  const mailCondition = `begins_with(pk, :outbox) AND mailState IN (${unfinishedList}) AND queuedAt < :before`;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        ConsistentRead: true,
        FilterExpression: `(${sessionCondition}) OR (${mailCondition})`,
        ProjectionExpression: 'pk, sk',
        ExpressionAttributeValues: { ...values, ...unfinished },
        ExclusiveStartKey: startKey,
      }),
    );
    const items = page.Items ?? [];
    // A few writes at a time: a page can hold many sessions, and each write waits for its answer.
    for (let start = 0; start < items.length; start += WRITES_AT_ONCE) {
      const batch = items.slice(start, start + WRITES_AT_ONCE);
      await Promise.all(
        batch.map(async ({ pk, sk }) => {
          if (String(pk).startsWith(keys.sessionPrefix)) {
            const ended = await conditionalUpdate(db, {
              TableName: tableName,
              Key: { pk, sk },
              UpdateExpression: 'SET revokedAt = :now, revokedReason = :reason',
              ConditionExpression: sessionCondition,
              ExpressionAttributeValues: {
                ':session': values[':session'],
                ':before': values[':before'],
                ':now': now.toISOString(),
                ':reason': 'table-restore',
              },
            });
            if (ended) run.sessionsEnded += 1;
          } else {
            const marked = await conditionalUpdate(db, {
              TableName: tableName,
              Key: { pk, sk },
              UpdateExpression: 'SET mailState = :unknown',
              ConditionExpression: mailCondition,
              ExpressionAttributeValues: {
                ':outbox': values[':outbox'],
                ':before': values[':before'],
                ':unknown': UNKNOWN,
                ...unfinished,
              },
            });
            if (marked) run.mailsMarkedUnknown += 1;
          }
        }),
      );
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return run;
}

/** False when the item no longer matched (a re-run, or it moved on meanwhile). */
async function conditionalUpdate(db: DynamoDBDocumentClient, input: UpdateCommandInput): Promise<boolean> {
  try {
    await db.send(new UpdateCommand(input));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
