import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { shiftDay } from '@shared/contract/transactions';
import type { Role } from '@shared/enums';
import { db, tableName } from './client';
import { keys } from './keys';
import { decodeFilteredCursor, encodeFilteredCursor } from './query-window';
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
  | 'chainTransfer'
  | 'staffInvitation'
  | 'ledgerAccount'
  | 'ledgerDay';

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

/** An action a list wants; with `field`, only its entries whose `after` holds that field. */
export interface AuditMatch {
  action: string;
  field?: string;
}

/** Entries of some actions (and one actor) within a period of UTC days, both included. */
export interface AuditDaysFilter {
  from: string;
  to: string;
  matches: readonly AuditMatch[];
  actorId?: string | undefined;
}

/** Items each day's Query evaluates at most (the filter then keeps the wanted ones). */
const AUDIT_DAY_QUERY_LIMIT = 300;

/** An audit sort key `{at}#{rand}`, or `{day}T~`: below the end of that day (the whole day to read). */
const AUDIT_SORT_KEY = /^(\d{4}-\d{2}-\d{2})T(~|[\d:.]+Z#[0-9a-f]{8})$/;

/** The filter a cursor was handed out for: a cursor continues only the list it came from. */
function auditFilterTag(filter: AuditDaysFilter): string {
  const matches = filter.matches.map((match) => `${match.action}:${match.field ?? ''}`).join(',');
  return [filter.from, filter.to, filter.actorId ?? '', matches].join('/');
}

function encodeAuditCursor(filter: AuditDaysFilter, sortKey: string): string {
  return encodeFilteredCursor(auditFilterTag(filter), sortKey);
}

/** The sort key a cursor of this filter continues below: an audit id of a day in its period. */
function decodeAuditCursor(filter: AuditDaysFilter, cursor: string): string {
  return decodeFilteredCursor(auditFilterTag(filter), cursor, (key) => {
    const day = AUDIT_SORT_KEY.exec(key)?.[1];
    return day !== undefined && day >= filter.from && day <= filter.to;
  });
}

function auditFilterExpression(filter: AuditDaysFilter) {
  const names: Record<string, string> = { '#action': 'action' };
  const values: Record<string, unknown> = {};
  const alternatives = filter.matches.map((match, index) => {
    values[`:a${index}`] = match.action;
    if (!match.field) return `#action = :a${index}`;
    names['#after'] = 'after';
    names[`#f${index}`] = match.field;
    return `(#action = :a${index} AND attribute_exists(#after.#f${index}))`;
  });
  let expression = `(${alternatives.join(' OR ')})`;
  if (filter.actorId !== undefined) {
    values[':actor'] = filter.actorId;
    expression += ' AND actorId = :actor';
  }
  return { expression, names, values };
}

/**
 * One page of a period's audit entries of some actions, newest first (pattern 22's day index): the
 * days from the cursor's (else `to`) back to `from`, each a Query of its partition below the
 * cursor's key with a FilterExpression, until `limit` entries are found, the period ends or
 * `maxQueries` Queries were made — then the cursor says where the next page goes on (null: the
 * period is read). A page costs the days' entries it reads, wanted or not (docs/decisions.md).
 */
export async function readAuditDays(
  filter: AuditDaysFilter,
  page: { limit: number; cursor?: string | undefined; maxQueries: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  if (filter.matches.length === 0) return { entries: [], nextCursor: null };
  let below = page.cursor ? decodeAuditCursor(filter, page.cursor) : `${filter.to}T~`;
  let day = below.slice(0, 10);
  const { expression, names, values } = auditFilterExpression(filter);
  const entries: AuditEntry[] = [];
  for (let queries = 0; day >= filter.from; queries += 1) {
    if (queries === page.maxQueries) return { entries, nextCursor: encodeAuditCursor(filter, below) };
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :day AND gsi1sk < :below',
        FilterExpression: expression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ':day': keys.auditDayPartition(day), ':below': below },
        ScanIndexForward: false,
        Limit: AUDIT_DAY_QUERY_LIMIT,
      }),
    );
    for (const item of result.Items ?? []) {
      // One more than the page holds tells that more follow: the page ends at the one before it.
      if (entries.length === page.limit) {
        return { entries, nextCursor: encodeAuditCursor(filter, entries[entries.length - 1]!.id) };
      }
      entries.push(toAuditEntry(item));
    }
    const last = result.LastEvaluatedKey?.gsi1sk;
    if (typeof last === 'string') {
      below = last;
    } else {
      day = shiftDay(day, -1);
      below = `${day}T~`;
    }
  }
  return { entries, nextCursor: null };
}
