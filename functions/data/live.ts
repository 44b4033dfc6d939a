import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '@functions/commons/config';
import { STAFF_NOTICE_TYPES, type StaffNoticeType } from '@shared/contract/live';
import type { Role } from '@shared/enums';
import type { MoveName } from '@shared/lifecycle';
import type { StaffScope } from '@shared/staff-scope';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { LIVE_STREAM_SOURCES } from './live-sources';
import type { SessionRecord } from './sessions';
import type { UserRecord } from './users';

/**
 * Live push's items (docs/architecture.md "Live push", keys.ts pattern 39): single-use tickets,
 * open WebSocket connections and the last application version pushed; the table's changes the
 * fan-out reads from the stream; and the API Gateway management API that sends a notice down a
 * connection or closes it (locally a stand-in on the site's process, infra/local/live-socket.ts).
 */

export interface LiveTicketRecord {
  ticketHash: string;
  userId: string;
  role: Role;
  /** The session the ticket was asked in: its connection ends with it (a logout, a revoke). */
  sessionId?: string;
  createdAt: string;
  /** Epoch ms after which the ticket is refused; the TTL attribute only cleans up later. */
  expiresAtMs: number;
}

/** Stores a ticket by the hash of the value handed out. */
export async function putLiveTicket(ticket: LiveTicketRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.liveTicket(ticket.ticketHash),
        ...ticket,
        expiresAt: Math.ceil(ticket.expiresAtMs / 1000) + 60,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Uses a ticket up: deleted only while it exists and has not lapsed (a used one is gone, an
 * expired one stays for the TTL), in one conditional write, so two connections racing with one
 * ticket get one. Answers the ticket, or undefined when it is unknown, used or expired.
 */
export async function consumeLiveTicket(
  ticketHash: string,
  nowMs: number,
): Promise<LiveTicketRecord | undefined> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.liveTicket(ticketHash),
        ConditionExpression: 'attribute_exists(pk) AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':now': nowMs },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    return {
      ticketHash: Attributes.ticketHash as string,
      userId: Attributes.userId as string,
      role: Attributes.role as Role,
      sessionId: Attributes.sessionId as string | undefined,
      createdAt: Attributes.createdAt as string,
      expiresAtMs: Attributes.expiresAtMs as number,
    };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export interface LiveConnectionRecord {
  connectionId: string;
  userId: string;
  /** Staff get every notice; the connection is in the staff index then. */
  staff: boolean;
  /** The session its ticket was asked in; absent on connections admitted before it was kept. */
  sessionId?: string;
  connectedAt: string;
  /** Epoch seconds: API Gateway closes a connection at 2 h; the TTL removes the item then. */
  expiresAt: number;
}

export async function putLiveConnection(connection: LiveConnectionRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.liveConnection(connection.connectionId),
        ...connection,
        gsi1pk: keys.liveConnectionsOfUser(connection.userId),
        gsi1sk: connection.connectionId,
        ...(connection.staff ? { gsi2pk: keys.liveStaffConnections, gsi2sk: connection.connectionId } : {}),
      },
    }),
  );
}

export async function deleteLiveConnection(connectionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.liveConnection(connectionId) }));
}

/** A page of the index at a time; connections of one user, or of all staff, are few. */
const CONNECTIONS_PAGE = 500;

async function queryConnections(
  index: 'gsi1' | 'gsi2',
  partition: string,
  nowSeconds: number,
): Promise<LiveConnectionRecord[]> {
  const found: LiveConnectionRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: { ':pk': partition },
        Limit: CONNECTIONS_PAGE,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      // The TTL removes a connection past its 2 h some time later; API Gateway has closed it already.
      if ((item.expiresAt as number) <= nowSeconds) continue;
      found.push({
        connectionId: item.connectionId as string,
        userId: item.userId as string,
        staff: item.staff === true,
        ...(typeof item.sessionId === 'string' ? { sessionId: item.sessionId } : {}),
        connectedAt: item.connectedAt as string,
        expiresAt: item.expiresAt as number,
      });
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}

export function listConnectionsOfUser(userId: string, nowSeconds: number): Promise<LiveConnectionRecord[]> {
  return queryConnections('gsi1', keys.liveConnectionsOfUser(userId), nowSeconds);
}

export function listStaffConnections(nowSeconds: number): Promise<LiveConnectionRecord[]> {
  return queryConnections('gsi2', keys.liveStaffConnections, nowSeconds);
}

/**
 * What the fan-out reads of a staff connection's holder: still active staff, still on that session,
 * and a MANAGER's scope (which deals' notices they get).
 */
export type ConnectionHolder = Pick<UserRecord, 'id' | 'role' | 'isActive' | 'sessionEpoch' | 'staffScope'>;
export type ConnectionSession = Pick<SessionRecord, 'id' | 'userId' | 'epoch' | 'endsAtMs' | 'revokedAt'>;

/** BatchGetItem takes at most this many keys a call. */
const BATCH_GET_KEYS = 100;

/**
 * The users and session families of the staff connections, read consistently in BatchGetItem calls
 * of up to 100 keys (the staff online: one call), only the fields the check needs.
 */
export async function findConnectionHolders(
  userIds: Iterable<string>,
  sessionIds: Iterable<string>,
): Promise<{ users: Map<string, ConnectionHolder>; sessions: Map<string, ConnectionSession> }> {
  const wanted = [
    ...[...new Set(userIds)].map((id) => keys.user(id)),
    ...[...new Set(sessionIds)].map((id) => keys.session(id)),
  ];
  const users = new Map<string, ConnectionHolder>();
  const sessions = new Map<string, ConnectionSession>();
  for (let start = 0; start < wanted.length; start += BATCH_GET_KEYS) {
    let requestKeys: Record<string, unknown>[] | undefined = wanted.slice(start, start + BATCH_GET_KEYS);
    while (requestKeys && requestKeys.length > 0) {
      const result: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: requestKeys,
              ConsistentRead: true,
              ProjectionExpression:
                'sk, id, userId, #role, isActive, sessionEpoch, staffScope, epoch, endsAtMs, revokedAt',
              ExpressionAttributeNames: { '#role': 'role' },
            },
          },
        }),
      );
      for (const item of result.Responses?.[tableName] ?? []) {
        if (item.sk === keys.user('').sk) {
          users.set(String(item.id), {
            id: String(item.id),
            role: item.role as Role,
            isActive: item.isActive === true,
            sessionEpoch: (item.sessionEpoch as number | undefined) ?? 0,
            ...(item.staffScope ? { staffScope: item.staffScope as StaffScope } : {}),
          });
        } else {
          sessions.set(String(item.id), {
            id: String(item.id),
            userId: String(item.userId),
            epoch: item.epoch as number,
            endsAtMs: item.endsAtMs as number,
            ...(typeof item.revokedAt === 'string' ? { revokedAt: item.revokedAt } : {}),
          });
        }
      }
      requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return { users, sessions };
}

/** Keeps a pushed application version a month: a counter write after that pushes one notice more. */
const SEEN_DAYS = 30;

/**
 * Records that this version of the application was pushed: true the first time a version above
 * the last one pushed is seen, false for the same version again (a write that leaves `version`
 * alone, such as the thread's unread counters, or a stream record delivered twice).
 */
export async function markApplicationVersionSeen(
  applicationId: string,
  version: number,
  now: Date,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.liveSeen(applicationId),
        UpdateExpression: 'SET version = :version, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
        ExpressionAttributeValues: {
          ':version': version,
          ':expiresAt': Math.floor(now.getTime() / 1000) + SEEN_DAYS * 24 * 60 * 60,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One change of the table the fan-out may turn into a notice, read from its stream record. */
export type TableChange =
  | {
      kind: 'application';
      inserted: boolean;
      id: string;
      userId: string;
      status: string;
      version: number;
      updatedAt: string;
      /** The lifecycle's last move and when it was made: the notice is the move's, not guessed from the state. */
      lastMove: MoveName | null;
      statusChangedAt: string | null;
    }
  | { kind: 'message'; applicationId: string }
  | { kind: 'chainTransfer'; txId: string; state: string }
  | { kind: 'staffNotice'; type: StaffNoticeType; id: string };

const text = (value: AttributeValue | undefined): string | null =>
  value && 'S' in value && value.S !== undefined ? value.S : null;
const number = (value: AttributeValue | undefined): number | null =>
  value && 'N' in value && value.N !== undefined ? Number(value.N) : null;

/** Reads a stream record (new image) as a table change, or null for anything the fan-out ignores. */
export function tableChangeOf(record: DynamoDBRecord): TableChange | null {
  const image = record.dynamodb?.NewImage;
  const pk = text(record.dynamodb?.Keys?.pk) ?? '';
  const sk = text(record.dynamodb?.Keys?.sk) ?? '';
  if (!image || (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY')) return null;
  const sources = LIVE_STREAM_SOURCES;
  if (pk.startsWith(sources.application.pkPrefix) && sk === sources.application.sk) {
    return {
      kind: 'application',
      inserted: record.eventName === 'INSERT',
      id: text(image.id) ?? pk.slice(sources.application.pkPrefix.length),
      userId: text(image.userId) ?? '',
      status: text(image.status) ?? '',
      version: number(image.version) ?? 0,
      updatedAt: text(image.updatedAt) ?? '',
      lastMove: text(image.lastMove) as MoveName | null,
      statusChangedAt: text(image.statusChangedAt),
    };
  }
  if (pk.startsWith(sources.message.pkPrefix) && record.eventName === 'INSERT') {
    return { kind: 'message', applicationId: pk.slice(sources.message.pkPrefix.length) };
  }
  if (pk.startsWith(sources.staffNotice.pkPrefix) && record.eventName === 'INSERT') {
    const type = text(image.type) as StaffNoticeType | null;
    const id = text(image.id);
    return type && STAFF_NOTICE_TYPES.includes(type) && id ? { kind: 'staffNotice', type, id } : null;
  }
  if (pk.startsWith(sources.chainTransfer.pkPrefix) && text(image.state) === sources.chainTransfer.state) {
    return {
      kind: 'chainTransfer',
      txId: text(image.txId) ?? pk.slice(sources.chainTransfer.pkPrefix.length),
      state: sources.chainTransfer.state,
    };
  }
  return null;
}

let management: ApiGatewayManagementApiClient | undefined;

/** The management API (`LIVE_MANAGEMENT_URL`: the stage's https URL; locally the stand-in). */
function managementApi(): ApiGatewayManagementApiClient {
  management ??= new ApiGatewayManagementApiClient({ endpoint: requireEnv('LIVE_MANAGEMENT_URL') });
  return management;
}

const isGone = (error: unknown) =>
  error instanceof GoneException ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

/**
 * Sends one text frame down a connection through API Gateway's management API. Answers false when
 * the connection is gone (410).
 */
export async function postToLiveConnection(connectionId: string, data: string): Promise<boolean> {
  try {
    await managementApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Closes a connection from the server's side (DeleteConnection); one already gone (410) is closed too. */
export async function closeLiveConnection(connectionId: string): Promise<void> {
  try {
    await managementApi().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
