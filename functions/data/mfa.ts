import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { keepSessionThroughEpoch } from './session-epoch';
import { type TransactItem, TransactionCancelledError, transactWrite } from './transactions';
import type { UserRecord } from './users';

/**
 * The second factor lives on the user item (docs/architecture.md §4): `mfaPendingSecret` while
 * being set up, then `mfaEnabled`, `mfaSecret` (both secrets sealed by the domain),
 * `mfaLastStep` (the last TOTP step used, so a code works once) and `mfaRecoveryHashes` (a string
 * set of the unused recovery codes' hashes).
 */

/** What a right code uses up: a TOTP step, or one recovery code. */
export type MfaCodeUse = { kind: 'step'; step: number } | { kind: 'recovery'; hash: string };

async function conditionalUpdate(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
  try {
    await db.send(new UpdateCommand(input));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Stores a new pending secret, unless the account already has TOTP on. False when it does. */
export function setPendingMfaSecret(userId: string, sealedSecret: string): Promise<boolean> {
  return conditionalUpdate({
    TableName: tableName,
    Key: keys.user(userId),
    UpdateExpression: 'SET mfaPendingSecret = :secret',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mfaEnabled) OR mfaEnabled = :false)',
    ExpressionAttributeValues: { ':secret': sealedSecret, ':false': false },
  });
}

/**
 * Turns TOTP on with the pending secret that was read (a newer set-up, or any session change, in
 * between wins: false), and ends every session of the user but `keepSessionId`: the session epoch
 * moves on, and the kept session moves with it, in one transaction (with `extraItems`: the notice mail).
 */
export async function enableMfaSecret(
  user: Pick<UserRecord, 'id' | 'sessionEpoch'>,
  input: { pendingSecret: string; step: number; recoveryHashes: string[]; keepSessionId: string },
  extraItems: TransactItem[] = [],
): Promise<boolean> {
  const oldEpoch = user.sessionEpoch ?? 0;
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName,
          Key: keys.user(user.id),
          UpdateExpression:
            'SET mfaEnabled = :true, mfaSecret = :secret, mfaLastStep = :step, mfaRecoveryHashes = :hashes, sessionEpoch = :new REMOVE mfaPendingSecret',
          ConditionExpression: 'mfaPendingSecret = :secret AND sessionEpoch = :old',
          ExpressionAttributeValues: {
            ':true': true,
            ':secret': input.pendingSecret,
            ':step': input.step,
            ':hashes': new Set(input.recoveryHashes),
            ':new': oldEpoch + 1,
            ':old': oldEpoch,
          },
        },
      },
      keepSessionThroughEpoch(input.keepSessionId, oldEpoch),
      ...extraItems,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed) return false;
    throw error;
  }
}

/** Uses up a code: a later TOTP step than any before, or a recovery code still unused. False when lost. */
export function markMfaCodeUsed(userId: string, use: MfaCodeUse): Promise<boolean> {
  const base = { TableName: tableName, Key: keys.user(userId) };
  return use.kind === 'step'
    ? conditionalUpdate({
        ...base,
        UpdateExpression: 'SET mfaLastStep = :step',
        ConditionExpression:
          'mfaEnabled = :true AND (attribute_not_exists(mfaLastStep) OR mfaLastStep < :step)',
        ExpressionAttributeValues: { ':step': use.step, ':true': true },
      })
    : conditionalUpdate({
        ...base,
        UpdateExpression: 'DELETE mfaRecoveryHashes :used',
        ConditionExpression: 'mfaEnabled = :true AND contains(mfaRecoveryHashes, :hash)',
        ExpressionAttributeValues: { ':used': new Set([use.hash]), ':hash': use.hash, ':true': true },
      });
}

const CLEAR_MFA =
  'SET mfaEnabled = :false REMOVE mfaSecret, mfaPendingSecret, mfaLastStep, mfaRecoveryHashes';

/** Turns TOTP off (the owner, with a code). */
export async function clearMfa(userId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.user(userId),
      UpdateExpression: CLEAR_MFA,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':false': false },
    }),
  );
}

/**
 * Turns another user's TOTP off and ends their sessions, with the staff action's own items
 * (audit, the actor's role check) in the same transaction. False when a condition failed.
 */
export async function resetMfa(userId: string, extraItems: TransactItem[]): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName,
          Key: keys.user(userId),
          UpdateExpression: `${CLEAR_MFA} ADD sessionEpoch :one`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':false': false, ':one': 1 },
        },
      },
      ...extraItems,
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.conditionFailed) return false;
    throw error;
  }
}
