import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { BackupVault } from 'aws-cdk-lib/aws-backup';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { BACKUP_COPY_OUTPUTS } from '../disaster-recovery';
import type { ServiceConfig } from './service-config';

export interface BackupCopyStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/** AWS's policy for the role AWS Backup restores with (DynamoDB's restores among them). */
const RESTORES_POLICY = 'service-role/AWSBackupServiceRolePolicyForRestores';

/**
 * The vault in the stage's backup region that the data stack's daily table backups are copied to,
 * so a region's loss (or an account-level mistake in it) does not take the backups with it; and
 * the role AWS Backup restores them with after that loss (infra/ops/restore-from-copy.ts).
 *
 * The vault is locked in governance mode: no copy can be deleted, or its retention shortened,
 * before the stage's `keepDays`, except by someone allowed to remove the lock itself
 * (`backup:DeleteBackupVaultLockConfiguration`), which no role of the service has. The minimum is
 * the copies' own retention (the copy rule's `deleteAfter`, data-stack.ts): a copy kept less long
 * would be refused. No maximum, and no date after which the lock could no longer be removed
 * (compliance mode): a stage that is given up can still be cleaned up.
 */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    const { backup, removalPolicy } = props.config.settings;
    if (!backup) throw new Error(`Stage "${props.config.stage}" has no backup settings`);
    this.vault = new BackupVault(this, 'CopyVault', {
      removalPolicy,
      lockConfiguration: { minRetention: Duration.days(backup.keepDays) },
    });

    const restoreRole = new Role(this, 'RestoreRole', {
      description:
        'AWS Backup restores the copied table backups with it (docs/operations.md, disaster recovery)',
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(RESTORES_POLICY)],
    });
    Validations.of(restoreRole).acknowledge({
      id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${RESTORES_POLICY}]`,
      reason:
        "AWS Backup's own service policy for restores: the restored table's name is chosen at the restore, " +
        'so no narrower resource is known in advance; only the operator starts a restore with this role.',
    });

    new CfnOutput(this, BACKUP_COPY_OUTPUTS.vaultName, {
      description: 'The vault the daily table backups are copied to (npm run dr:restore reads it)',
      value: this.vault.backupVaultName,
    });
    new CfnOutput(this, BACKUP_COPY_OUTPUTS.restoreRoleArn, {
      description: 'The role AWS Backup restores a copy with (npm run dr:restore passes it)',
      value: restoreRole.roleArn,
    });
  }
}
