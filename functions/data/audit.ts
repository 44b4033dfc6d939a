import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { currentRequestOrigin } from '@functions/commons/request-origin';
import { shiftDay } from '@shared/business-time';
import { SYSTEM_ID } from '@shared/contract/deal';
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
  | 'ledgerDay'
  | 'partner'
  | 'partnerPayout'
  | 'siteContent'
  | 'blacklist'
  | 'verification';

/** The role an entry names: a staff member's, or SYSTEM for the jobs and the chain watcher. */
export type AuditActorRole = Role | 'SYSTEM';

/**
 * One change: who (a staff member's id, or `system`), when, from where (the request's address and
 * device; null for the system's own work), what, and the touched fields before and after.
 */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string;
  actorRole: AuditActorRole;
  ip: string | null;
  device: string | null;
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * An entry to write: the id is made from the time, which defaults to now; a null actor id is the
 * system (SYSTEM_ACTOR's). The address and device are the request's being served, never a caller's.
 */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at' | 'actorId' | 'ip' | 'device'> & {
  actorId: string | null;
  at?: Date;
};

/**
 * The audit item as a transaction Put, so the record is written in the same transaction as the
 * change it describes (it can neither be lost nor describe a change that did not happen). The Put
 * is conditional on no item having the key: an entry is only ever added, never replaced, and this
 * module has no update or delete of one (docs/decisions.md; test/unit/audit-append-only.test.ts).
 */
export function auditPut(entry: NewAuditEntry): TransactItem {
  const at = (entry.at ?? new Date()).toISOString();
  const id = `${at}#${randomBytes(4).toString('hex')}`;
  const origin = currentRequestOrigin();
  const record: AuditEntry = {
    id,
    at,
    actorId: entry.actorId ?? SYSTEM_ID,
    actorRole: entry.actorId === null ? 'SYSTEM' : entry.actorRole,
    ip: origin?.ip ?? null,
    device: origin?.device ?? null,
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
      ConditionExpression: 'attribute_not_exists(pk)',
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
  const { id, at, actorId, actorRole, ip, device, action, targetType, targetId, before, after } =
    item as unknown as AuditEntry;
  // Entries written before the trail kept the origin have neither field.
  return {
    id,
    at,
    actorId,
    actorRole,
    ip: ip ?? null,
    device: device ?? null,
    action,
    targetType,
    targetId,
    before,
    after,
  };
}

/** An action a list wants; with `field`, only its entries whose `after` holds that field. */
export interface AuditMatch {
  action: string;
  field?: string;
}

/**
 * Which entries a list wants: those of a period (instants, `since` included, `until` excluded,
 * ISO), of any of `matches` (absent: any action) and `targetTypes` (absent: any), of one actor;
 * with `target`, one object's own trail (its partition) rather than the period's days.
 */
export interface AuditFilter {
  since: string;
  until: string;
  matches?: readonly AuditMatch[] | undefined;
  targetTypes?: readonly AuditTargetType[] | undefined;
  actorId?: string | undefined;
  target?: { type: AuditTargetType; id: string } | undefined;
}

/** Items each Query evaluates at most (the filter then keeps the wanted ones). */
const AUDIT_QUERY_LIMIT = 300;

/** An audit sort key `{at}#{rand}`, or `{day}T~`: below the end of that day (the whole day to read). */
const AUDIT_SORT_KEY = /^(\d{4}-\d{2}-\d{2})T(~|[\d:.]+Z#[0-9a-f]{8})$/;

/** The filter a cursor was handed out for: a cursor continues only the list it came from. */
function auditFilterTag(filter: AuditFilter): string {
  const matches = filter.matches?.map((match) => `${match.action}:${match.field ?? ''}`).join(',');
  const target = filter.target ? `${filter.target.type}:${filter.target.id}` : '';
  return [
    filter.since,
    filter.until,
    filter.actorId ?? '',
    matches ?? '*',
    filter.targetTypes?.join(',') ?? '*',
    target,
  ].join('/');
}

/** The sort key a cursor of this filter continues below: an audit key within its period. */
function decodeAuditCursor(filter: AuditFilter, cursor: string): string {
  return decodeFilteredCursor(auditFilterTag(filter), cursor, (key) => {
    const day = AUDIT_SORT_KEY.exec(key)?.[1];
    return day !== undefined && key > filter.since && day <= filter.until.slice(0, 10);
  });
}

function auditFilterExpression(filter: AuditFilter) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  if (filter.matches) {
    names['#action'] = 'action';
    const alternatives = filter.matches.map((match, index) => {
      values[`:a${index}`] = match.action;
      if (!match.field) return `#action = :a${index}`;
      names['#after'] = 'after';
      names[`#f${index}`] = match.field;
      return `(#action = :a${index} AND attribute_exists(#after.#f${index}))`;
    });
    parts.push(`(${alternatives.join(' OR ')})`);
  }
  if (filter.targetTypes) {
    const types = filter.targetTypes.map((type, index) => {
      values[`:t${index}`] = type;
      return `:t${index}`;
    });
    parts.push(`targetType IN (${types.join(', ')})`);
  }
  if (filter.actorId !== undefined) {
    values[':actor'] = filter.actorId;
    parts.push('actorId = :actor');
  }
  const expression =
    parts.length === 0
      ? {}
      : {
          FilterExpression: parts.join(' AND '),
          ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        };
  return { expression, values };
}

/** The UTC day whose partition holds the entries just below `key` (an id, `{day}T~` or an instant). */
function dayBelow(key: string): string {
  return AUDIT_SORT_KEY.test(key)
    ? key.slice(0, 10)
    : new Date(Date.parse(key) - 1).toISOString().slice(0, 10);
}

/**
 * One page of the entries a filter wants, newest first. A period is read by its UTC days (pattern
 * 22's day index; a business day spans two of them): each day a Query of its partition between the
 * period's start and the cursor's key (else the period's end) with a FilterExpression, back to the
 * period's first day; one object's trail is the same over its own partition. A page ends when
 * `limit` entries are found, the period ends or `maxQueries` Queries were made; the cursor says
 * where the next goes on (null: all read). A page costs the entries it reads, wanted or not
 * (docs/decisions.md).
 */
export async function readAudit(
  filter: AuditFilter,
  page: { limit: number; cursor?: string | undefined; maxQueries: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  if (filter.matches?.length === 0 || filter.targetTypes?.length === 0 || filter.since >= filter.until)
    return { entries: [], nextCursor: null };
  const cursorOf = (key: string) => encodeFilteredCursor(auditFilterTag(filter), key);
  let below = page.cursor ? decodeAuditCursor(filter, page.cursor) : filter.until;
  let day = dayBelow(below);
  const firstDay = filter.since.slice(0, 10);
  const { expression, values } = auditFilterExpression(filter);
  const entries: AuditEntry[] = [];
  for (let queries = 0; day >= firstDay; queries += 1) {
    if (queries === page.maxQueries) return { entries, nextCursor: cursorOf(below) };
    const bounds = { ':since': filter.since, ':below': below };
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        ...(filter.target
          ? {
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :since AND :below',
              ExpressionAttributeValues: {
                ...values,
                ...bounds,
                ':pk': keys.auditPartition(filter.target.type, filter.target.id),
              },
            }
          : {
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :day AND gsi1sk BETWEEN :since AND :below',
              ExpressionAttributeValues: { ...values, ...bounds, ':day': keys.auditDayPartition(day) },
            }),
        ...expression,
        ScanIndexForward: false,
        Limit: AUDIT_QUERY_LIMIT,
      }),
    );
    for (const item of result.Items ?? []) {
      // BETWEEN includes its bound: the cursor's own entry was on the page before.
      if (item.sk === below) continue;
      // One more than the page holds tells that more follow: the page ends at the one before it.
      if (entries.length === page.limit) return { entries, nextCursor: cursorOf(entries.at(-1)!.id) };
      entries.push(toAuditEntry(item));
    }
    const last = (filter.target ? result.LastEvaluatedKey?.sk : result.LastEvaluatedKey?.gsi1sk) as
      | string
      | undefined;
    if (last !== undefined) {
      below = last;
    } else if (filter.target) {
      break;
    } else {
      day = shiftDay(day, -1);
      below = `${day}T~`;
    }
  }
  return { entries, nextCursor: null };
}
