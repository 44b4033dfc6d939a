import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/enums';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** What a staff action touched. */
export type AuditTargetType =
  | 'application'
  | 'user'
  | 'geo'
  | 'setting'
  | 'rates'
  | 'reserves'
  | 'paymentTemplate'
  | 'chainTransfer';

/** One staff action: who, when, what, and the touched fields before and after. */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string;
  actorRole: Role;
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** An entry to write: the id is made from the time, which defaults to now. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'> & { at?: Date };

/**
 * The audit item as a transaction Put, so the record is written in the same transaction as the
 * change it describes (it can neither be lost nor describe a change that did not happen).
 */
export function auditPut(entry: NewAuditEntry): TransactItem {
  const at = (entry.at ?? new Date()).toISOString();
  const id = `${at}#${randomBytes(4).toString('hex')}`;
  const record: AuditEntry = {
    id,
    at,
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
  };
  return {
    Put: {
      TableName: tableName,
      Item: {
        pk: keys.auditPartition(entry.targetType, entry.targetId),
        sk: id,
        gsi1pk: keys.auditDay(at),
        gsi1sk: id,
        ...record,
      },
    },
  };
}

/** The audit trail of one target, newest first (access pattern 22). */
export async function listAuditFor(
  targetType: AuditTargetType,
  targetId: string,
  limit = 50,
): Promise<AuditEntry[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditPartition(targetType, targetId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toAuditEntry);
}

function toAuditEntry(item: Record<string, unknown>): AuditEntry {
  const { id, at, actorId, actorRole, action, targetType, targetId, before, after } =
    item as unknown as AuditEntry;
  return { id, at, actorId, actorRole, action, targetType, targetId, before, after };
}
