import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '@functions/data/table-definition';
import { CfnOutput, Duration, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  type IBackupVault,
} from 'aws-cdk-lib/aws-backup';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { backupTag, tableParameterNames } from '../table-switch';
import { uploadsBucket } from '../uploads-bucket';
import type { ServiceConfig } from './service-config';

export interface DataStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The vault in the stage's backup region that daily backups are copied to (prod). */
  readonly backupCopyVault?: IBackupVault;
}

/**
 * The single table, built from the same definition the local stack and the tests use, with its
 * stream; the SSM parameters through which every other stack finds it (constructs/stage-table.ts);
 * and, where the stage has one, a daily AWS Backup of it copied to another region; the uploads
 * bucket of the messages' attachments (infra/uploads-bucket.ts).
 *
 * In the stage's backup region after the loss of its own (`config.inCopyRegion`), no table and no
 * parameters: `npm run dr:restore` restores the table there from the copies and writes the
 * parameters naming it, which the other stacks read at deploy. A table created here would be an
 * empty second one, and parameters created here would collide with the script's. The daily backup
 * then stays in this region: there is no other to copy to.
 */
export class DataStack extends Stack {
  /** Absent in the backup region, where the stage serves the restored table. */
  readonly table?: Table;
  readonly uploads: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const tag = backupTag(config.stage);
    if (!config.inCopyRegion) {
      this.table = this.stageTable(config);
      // The backup plan selects its table by this tag (below), which a restore also puts on the
      // table it switches the stage to (infra/ops/table-restore.ts).
      Tags.of(this.table).add(tag.key, tag.value);
    }

    const { backup } = config.settings;
    if (backup) {
      const vault = new BackupVault(this, 'BackupVault', { removalPolicy: config.settings.removalPolicy });
      const copyVault = props.backupCopyVault;
      const plan = new BackupPlan(this, 'BackupPlan', {
        backupVault: vault,
        backupPlanRules: [
          new BackupPlanRule({
            ruleName: copyVault ? 'DailyWithCopy' : 'Daily',
            scheduleExpression: Schedule.cron({ hour: '3', minute: '0' }),
            deleteAfter: Duration.days(backup.keepDays),
            // Kept as long as the copy vault's lock requires (backup-copy-stack.ts): a shorter
            // retention would have the copy refused.
            ...(copyVault
              ? {
                  copyActions: [
                    { destinationBackupVault: copyVault, deleteAfter: Duration.days(backup.keepDays) },
                  ],
                }
              : {}),
          }),
        ],
      });
      // By tag, not by this table: a restore tags the table it switches the stage to, and the plan
      // then backs that one up too (infra/ops/table-restore.ts); in the backup region, the only
      // table so tagged is the one restored from the copies.
      const selection = plan.addSelection('Table', {
        resources: [BackupResource.fromTag(tag.key, tag.value)],
      });
      Validations.of(selection).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
        reason:
          "AWS Backup's own service policy for taking backups; the plan's selection limits it to this table.",
      });
    }

    this.uploads = uploadsBucket(this, {
      stage: config.stage,
      siteUrl: config.siteUrl,
      removalPolicy: config.settings.removalPolicy,
    });
    new CfnOutput(this, 'UploadsBucketName', {
      description: 'The bucket of the messages\' attachments (docs/operations.md "Uploads bucket")',
      value: this.uploads.bucketName,
    });

    if (this.table)
      new CfnOutput(this, 'TableName', {
        description: 'The table this stack created (npm run admin:password needs it as TABLE_NAME)',
        value: this.table.tableName,
      });
  }

  /** The table and the parameters naming it to every other stack. */
  private stageTable(config: ServiceConfig): Table {
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: config.settings.tableDeletionProtection,
      removalPolicy: config.settings.removalPolicy,
      // The outbox sender reads new outbox items from the stream (the mail stack).
      stream: StreamViewType.NEW_IMAGE,
    });
    for (const index of GLOBAL_INDEXES) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    const parameters = tableParameterNames(config.stage);
    new StringParameter(this, 'TableNameParameter', {
      parameterName: parameters.name,
      description: "The stage's table; a restore switches it (docs/operations.md)",
      stringValue: table.tableName,
    });
    new StringParameter(this, 'TableStreamParameter', {
      parameterName: parameters.streamArn,
      description: "The stream of the stage's table; a restore switches it with the name",
      stringValue: table.tableStreamArn!,
    });
    return table;
  }
}
