/**
 * Disaster recovery (docs/operations.md, "Disaster recovery: losing the stage's region"): brings
 * the stage's table back in its backup region from the latest copy there, names it in that
 * region's table parameters and prints the deploys that bring the service up on it; with
 * --secrets, after the api stack's deploy there, gives its secrets the values replicated from the
 * lost region.
 *
 *   npm run dr:restore -- --stage prod [--source-table <table>] [--recovery-point <arn>] [--target <table>]
 *   npm run dr:restore -- --stage prod --secrets
 *
 * Uses the operator's AWS credentials, always in the stage's backup region (infra/stacks/stages.ts).
 * Every step is safe to run again: after a failure, run the same command again.
 */
import { parseArgs } from 'node:util';
import { BackupClient } from '@aws-sdk/client-backup';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SSMClient } from '@aws-sdk/client-ssm';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { apiStackName } from '../disaster-recovery';
import { isStageName, STAGES, type StageName } from '../stacks/stages';
import { tableParameterNames } from '../table-switch';
import {
  carrySecrets,
  type RecoveryOptions,
  recoverTable,
  recoveryContext,
  recoveryRegions,
} from './copy-restore';

const USAGE =
  'Usage: npm run dr:restore -- --stage prod [--source-table <table>] [--recovery-point <arn>] [--target <table>]\n' +
  '       npm run dr:restore -- --stage prod --secrets   (after the api stack is deployed in the backup region)';

/** What a second factor, the bot or TronGrid lose without the secret's old value. */
const WITHOUT_REPLICA: Record<string, string> = {
  MfaSealingKey:
    'every stored two-step secret is unreadable: staff log in with a recovery code and set two-step verification up again, or a SUPER_ADMIN resets theirs',
  TelegramBotToken: 'put the bot token again (docs/operations.md "The Telegram bot", step 3)',
  TelegramWebhookSecret: "press Set webhook on the admin area's Security page once the site is up",
  TronApiKey:
    'the watcher calls TronGrid without a key until one is put (docs/operations.md "The TRON provider (TronGrid)")',
};

async function restoreTable(stage: StageName, options: RecoveryOptions) {
  const { copy, home } = recoveryRegions(stage);
  const dynamo = new DynamoDBClient({ region: copy });
  const clients = {
    backup: new BackupClient({ region: copy }),
    cloudFormation: new CloudFormationClient({ region: copy }),
    dynamo,
    db: DynamoDBDocumentClient.from(dynamo),
    ssm: new SSMClient({ region: copy }),
  };
  console.log(`Stage ${stage}: restoring its table in ${copy} from the copies of ${home}'s.`);
  const recovery = await recoverTable(clients, stage, options, (line) => console.log(line));
  const names = tableParameterNames(stage);
  console.log(
    `   ${recovery.safe.mailsMarkedUnknown} unsent mails marked unknown, ${recovery.safe.sessionsEnded} sessions ended.`,
  );
  console.log(
    `   ${names.name} = ${recovery.target}, ${names.streamArn} = ${recovery.streamArn} in ${copy}` +
      (recovery.parameters === 'already' ? ' (already).' : '.'),
  );
  const context = recoveryContext(stage, STAGES[stage].required);
  console.log('Next (docs/operations.md "Disaster recovery"), with the rest of the stage\'s usual context:');
  console.log(`   npx cdk deploy ${apiStackName(stage)} ${context}`);
  console.log(`   npm run dr:restore -- --stage ${stage} --secrets`);
  console.log(`   npx cdk deploy 'exchange-${stage}-*' ${context}`);
}

async function restoreSecrets(stage: StageName) {
  const { copy, home } = recoveryRegions(stage);
  console.log(
    `Stage ${stage}: the ${apiStackName(stage)} secrets in ${copy} from their replicas of ${home}…`,
  );
  const carried = await carrySecrets(
    new CloudFormationClient({ region: copy }),
    new SecretsManagerClient({ region: copy }),
    stage,
  );
  for (const secret of carried)
    console.log(
      secret.outcome === 'no replica'
        ? `   ${secret.secret}: no replica in ${copy}; ${WITHOUT_REPLICA[secret.secret]}.`
        : `   ${secret.secret}: ${secret.outcome === 'copied' ? 'copied' : 'already'} from ${secret.from}.`,
    );
  console.log(`Next: npx cdk deploy 'exchange-${stage}-*' ${recoveryContext(stage, STAGES[stage].required)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      'source-table': { type: 'string' },
      'recovery-point': { type: 'string' },
      target: { type: 'string' },
      secrets: { type: 'boolean', default: false },
    },
  });
  if (!values.stage || !isStageName(values.stage)) throw new Error(USAGE);
  if (values.secrets) await restoreSecrets(values.stage);
  else
    await restoreTable(values.stage, {
      sourceTable: values['source-table'],
      recoveryPointArn: values['recovery-point'],
      target: values.target,
    });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
