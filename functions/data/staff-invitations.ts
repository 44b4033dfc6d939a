import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language, Role } from '@shared/enums';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * A staff invitation (access pattern 42): who is invited, with which role, by whom; the hash of
 * the link's secret (a resend replaces it, so the older link stops working) and when the link lapses.
 * Accepting or revoking deletes it; the audit keeps the history.
 */
export interface StaffInvitationRecord {
  id: string;
  email: string;
  role: Role;
  language: Language;
  invitedBy: string;
  createdAt: string;
  /** When the current link was mailed (the first mail, or the latest resend). */
  sentAt: string;
  expiresAtMs: number;
  secretHash: string;
  /** The sealed TOTP secret offered on the accept page, until the invitation is accepted. */
  mfaPendingSecret?: string;
}

/** Kept 30 days after the link lapses (the list shows it expired, to resend), then the TTL removes it. */
const KEEP_AFTER_EXPIRY_S = 30 * 24 * 60 * 60;

function item(invitation: StaffInvitationRecord) {
  return {
    ...keys.staffInvitation(invitation.id),
    ...invitation,
    expiresAt: Math.ceil(invitation.expiresAtMs / 1000) + KEEP_AFTER_EXPIRY_S,
  };
}

function fromItem(raw: Record<string, unknown>): StaffInvitationRecord {
  const { pk: _pk, sk: _sk, expiresAt: _ttl, ...record } = raw;
  return record as unknown as StaffInvitationRecord;
}

/** The new invitation's Put, for the transaction that also queues its mail and audit entry. */
export function staffInvitationPut(invitation: StaffInvitationRecord): TransactItem {
  return {
    Put: { TableName: tableName, Item: item(invitation), ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

export async function findStaffInvitation(id: string): Promise<StaffInvitationRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.staffInvitation(id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : undefined;
}

/** Every stored invitation (pending or lapsed), oldest first: one small partition. */
export async function listStaffInvitations(): Promise<StaffInvitationRecord[]> {
  const found: StaffInvitationRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.staffInvitationPartition },
        ExclusiveStartKey: start,
      }),
    );
    for (const raw of page.Items ?? []) found.push(fromItem(raw));
    start = page.LastEvaluatedKey;
  } while (start);
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** A resend's Update: a new secret and expiry, only while the invitation still has the hash read. */
export function staffInvitationRenewal(
  invitation: StaffInvitationRecord,
  next: { secretHash: string; expiresAtMs: number; sentAt: string },
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.staffInvitation(invitation.id),
      UpdateExpression:
        'SET secretHash = :new, expiresAtMs = :expiresAtMs, sentAt = :sentAt, expiresAt = :ttl REMOVE mfaPendingSecret',
      ConditionExpression: 'secretHash = :old',
      ExpressionAttributeValues: {
        ':new': next.secretHash,
        ':old': invitation.secretHash,
        ':expiresAtMs': next.expiresAtMs,
        ':sentAt': next.sentAt,
        ':ttl': Math.ceil(next.expiresAtMs / 1000) + KEEP_AFTER_EXPIRY_S,
      },
    },
  };
}

/** The invitation's Delete, for a revoke or an acceptance: only while it has the hash read (and, accepting, is unexpired). */
export function staffInvitationDelete(
  invitation: Pick<StaffInvitationRecord, 'id' | 'secretHash'>,
  unexpiredAt?: Date,
): TransactItem {
  return {
    Delete: {
      TableName: tableName,
      Key: keys.staffInvitation(invitation.id),
      ConditionExpression: unexpiredAt ? 'secretHash = :hash AND expiresAtMs > :nowMs' : 'secretHash = :hash',
      ExpressionAttributeValues: {
        ':hash': invitation.secretHash,
        ...(unexpiredAt ? { ':nowMs': unexpiredAt.getTime() } : {}),
      },
    },
  };
}

/**
 * The accepting transaction's check that the invitation's sender is still an active holder of one of
 * `roles` (those that may grant the invited role): a sender deactivated or demoted after sending
 * makes the acceptance fail, whatever became of the invitation meanwhile.
 */
export function inviterStillGrants(inviterId: string, roles: readonly Role[]): TransactItem {
  if (roles.length === 0) throw new Error('No role may grant this invitation');
  const names = roles.map((_, index) => `:role${index}`);
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.user(inviterId),
      ConditionExpression: `isActive = :true AND #role IN (${names.join(', ')})`,
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':true': true,
        ...Object.fromEntries(roles.map((role, index) => [names[index]!, role])),
      },
    },
  };
}

/** Stores the TOTP secret offered on the accept page; false when the link was replaced or revoked meanwhile. */
export async function setInvitationPendingSecret(
  invitation: Pick<StaffInvitationRecord, 'id' | 'secretHash'>,
  sealedSecret: string,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.staffInvitation(invitation.id),
        UpdateExpression: 'SET mfaPendingSecret = :secret',
        // The first secret offered stays: every tab the link is opened in shows the same one.
        ConditionExpression: 'secretHash = :hash AND attribute_not_exists(mfaPendingSecret)',
        ExpressionAttributeValues: { ':secret': sealedSecret, ':hash': invitation.secretHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
