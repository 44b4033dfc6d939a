import type { StageName } from './stacks/stages';

/**
 * What the stacks and the disaster-recovery script (infra/ops/restore-from-copy.ts, docs/operations.md
 * "Disaster recovery: losing the stage's region") must agree on, without CDK, so the script loads
 * none: the stack holding the copy vault and the outputs it reads there, and the secrets the stage
 * replicates to its backup region.
 */

/** The stack of the vault the daily backups are copied to, in the stage's backup region. */
export function backupCopyStackName(stage: StageName): string {
  return `exchange-${stage}-backup-copy`;
}

/** The api stack, whose secrets the script fills from their replicas. */
export function apiStackName(stage: StageName): string {
  return `exchange-${stage}-api`;
}

/** Outputs of the backup-copy stack the script starts from. */
export const BACKUP_COPY_OUTPUTS = {
  vaultName: 'CopyVaultName',
  restoreRoleArn: 'RestoreRoleArn',
} as const;

/**
 * The api stack's secrets (their construct ids) replicated to the backup region, with what their
 * loss would cost: the key sealing the second factors (every TOTP secret in the table unreadable),
 * the bot's token and webhook secret (the bot silent until both are put and the webhook set again),
 * and TronGrid's key (calls without one until a new one is made). The JWT signing key and the
 * origin secret are not: a new one costs nothing that a restore has not already ended (sessions)
 * or that is not deployed with it (CloudFront's header).
 */
export const REPLICATED_SECRETS = [
  'MfaSealingKey',
  'TelegramBotToken',
  'TelegramWebhookSecret',
  'TronApiKey',
] as const;

export type ReplicatedSecret = (typeof REPLICATED_SECRETS)[number];
