/**
 * The restore drill (docs/operations.md, "Restoring the table to a point in time"): restores the
 * stage's table to a point in time as a new table, gives it what a restore does not carry, makes
 * its items safe to serve, and with --switch points the stage's parameters at it.
 *
 *   npm run table:restore -- --stage prod --to 2026-01-01T10:00:00Z [--target <name>] [--switch]
 *
 * Uses the operator's AWS credentials; the region is AWS_REGION, else the stage's. Every step is
 * safe to run again: after a failure, run the same command again.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SSMClient } from '@aws-sdk/client-ssm';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isStageName, STAGES } from '../stacks/stages';
import { tableParameterNames } from '../table-switch';
import {
  applyTableSettings,
  defaultTargetName,
  deployCommand,
  makeRestoredItemsSafe,
  readStageTable,
  restoreTable,
  switchStageTable,
} from './table-restore';

const USAGE =
  'Usage: npm run table:restore -- --stage dev|prod --to <ISO time, e.g. 2026-01-01T10:00:00Z> [--target <table>] [--switch]';

function parseRestorePoint(value: string): Date {
  // A zone is required: a restore point read in the operator's local time would be hours off.
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value))
    throw new Error(`--to ${value}: give an ISO time with its zone, e.g. 2026-01-01T10:00:00Z.`);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`--to ${value}: not a valid time.`);
  if (at.getTime() > Date.now()) throw new Error(`--to ${value}: in the future.`);
  return at;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      to: { type: 'string' },
      target: { type: 'string' },
      switch: { type: 'boolean', default: false },
    },
  });
  if (!values.stage || !values.to || !isStageName(values.stage)) throw new Error(USAGE);
  const stage = values.stage;
  const at = parseRestorePoint(values.to);
  const target = values.target ?? defaultTargetName(stage, at);
  const region = process.env.AWS_REGION ?? STAGES[stage].region;
  const dynamo = new DynamoDBClient({ region });
  const db = DynamoDBDocumentClient.from(dynamo);
  const ssm = new SSMClient({ region });

  const current = await readStageTable(ssm, stage);
  console.log(`Stage ${stage} (${region}) uses ${current.name}.`);

  console.log(`1. Restoring ${current.name} to ${at.toISOString()} as ${target} (can take a long time)…`);
  const restored = await restoreTable(dynamo, { source: current.name, target, at });
  console.log(`   ${target} is ACTIVE with its indexes.`);

  console.log('2. Stream (new images), TTL, point-in-time recovery, deletion protection, the backup tag…');
  const { streamArn } = await applyTableSettings(dynamo, target, stage);
  console.log(`   done; stream ${streamArn}`);

  console.log('3. Making the restored items safe to serve…');
  // Everything restored is from before the restored table was created (the restore started after
  // the restore point); the later of the two, should CreationDateTime ever name the source's creation.
  const restoredAt = new Date(Math.max(at.getTime(), restored.CreationDateTime?.getTime() ?? 0));
  const run = await makeRestoredItemsSafe(db, target, restoredAt);
  console.log(
    `   ${run.mailsMarkedUnknown} unsent mails marked unknown (not sent by themselves; see the unsent-mail query), ` +
      `${run.sessionsEnded} sessions ended (everyone logs in again).`,
  );

  const names = tableParameterNames(stage);
  const deploy = deployCommand(stage, STAGES[stage].required);
  if (current.name === target && current.streamArn === streamArn) {
    console.log(
      `4. Stage ${stage} already uses ${target}. If the deploy after the switch did not run yet:\n   ${deploy}`,
    );
    return;
  }
  // Printed either way: the values before are the way back (docs/operations.md).
  console.log(
    `4. ${values.switch ? 'Switching' : 'Not switching (no --switch); with --switch this would set'}:`,
  );
  console.log(`   ${names.name}: ${current.name} -> ${target}`);
  console.log(`   ${names.streamArn}: ${current.streamArn} -> ${streamArn}`);
  if (values.switch) {
    await switchStageTable(ssm, stage, { name: target, streamArn });
    console.log(`   Switched. Deploy now, with this stage's usual context:\n   ${deploy}`);
  } else {
    console.log(`   After a switch, deploy with this stage's usual context:\n   ${deploy}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
