import { Stack, type StackProps } from 'aws-cdk-lib';
import { BackupVault } from 'aws-cdk-lib/aws-backup';
import type { Construct } from 'constructs';
import type { ServiceConfig } from './service-config';

export interface BackupCopyStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/**
 * The vault in the stage's backup region that the data stack's daily table backups are copied to,
 * so a region's loss (or an account-level mistake in it) does not take the backups with it.
 */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    this.vault = new BackupVault(this, 'CopyVault', { removalPolicy: props.config.settings.removalPolicy });
  }
}
