import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '@functions/commons/config';
import type { Role } from '@shared/enums';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';
import { LIVE_STREAM_SOURCES } from './live-sources';

/**
 * Live push's items (docs/architecture.md "Live push", keys.ts pattern 39): single-use tickets,
 * open WebSocket connections and the last application version pushed; the table's changes the
 * fan-out reads from the stream; and the API Gateway management API that sends a notice down a
 * connection (locally a stand-in on the site's process, infra/local/live-socket.ts).
 */

export interface LiveTicketRecord {
  ticketHash: string;
  userId: string;
  role: Role;
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
      /** When the client said "I have paid", if they did. */
      clientPaidAt: string | null;
    }
  | { kind: 'message'; applicationId: string }
  | { kind: 'chainTransfer'; txId: string; state: string };

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
    const paid = image.clientPaid;
    return {
      kind: 'application',
      inserted: record.eventName === 'INSERT',
      id: text(image.id) ?? pk.slice(sources.application.pkPrefix.length),
      userId: text(image.userId) ?? '',
      status: text(image.status) ?? '',
      version: number(image.version) ?? 0,
      updatedAt: text(image.updatedAt) ?? '',
      clientPaidAt: paid && 'M' in paid && paid.M ? text(paid.M.at) : null,
    };
  }
  if (pk.startsWith(sources.message.pkPrefix) && record.eventName === 'INSERT') {
    return { kind: 'message', applicationId: pk.slice(sources.message.pkPrefix.length) };
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

/**
 * Sends one text frame down a connection through API Gateway's management API (`LIVE_MANAGEMENT_URL`:
 * the stage's https URL; locally the stand-in). Answers false when the connection is gone (410).
 */
export async function postToLiveConnection(connectionId: string, data: string): Promise<boolean> {
  management ??= new ApiGatewayManagementApiClient({ endpoint: requireEnv('LIVE_MANAGEMENT_URL') });
  try {
    await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    return true;
  } catch (error) {
    if (
      error instanceof GoneException ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410
    )
      return false;
    throw error;
  }
}
