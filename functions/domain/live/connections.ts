import { createHash, randomBytes } from 'node:crypto';
import { requireEnv } from '@functions/commons/config';
import { logger } from '@functions/commons/logger';
import {
  closeLiveConnection,
  consumeLiveTicket,
  deleteLiveConnection,
  listConnectionsOfUser,
  postToLiveConnection,
  putLiveConnection,
  putLiveTicket,
} from '@functions/data/live';
import {
  LIVE_MAX_CONNECTION_SECONDS,
  LIVE_PING,
  LIVE_TICKET_SECONDS,
  type LiveNotice,
  type LiveTicketData,
} from '@shared/contract/live';
import { isStaffRole } from '@shared/enums';
import type { Principal } from '../accounts/principal';

/**
 * Tickets and connections of live push (docs/architecture.md "Live push"). A browser cannot set
 * headers on a WebSocket, so an authenticated `POST /live/ticket` hands out a random ticket, kept
 * by its hash for LIVE_TICKET_SECONDS, which `$connect` uses up once.
 */

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** Where to connect (`LIVE_URL`) and a fresh single-use ticket for the caller. */
export async function issueLiveTicket(principal: Principal, now = new Date()): Promise<LiveTicketData> {
  const ticket = randomBytes(32).toString('base64url');
  await putLiveTicket({
    ticketHash: hashOf(ticket),
    userId: principal.userId,
    role: principal.role,
    sessionId: principal.sessionId,
    createdAt: now.toISOString(),
    expiresAtMs: now.getTime() + LIVE_TICKET_SECONDS * 1000,
  });
  return { url: requireEnv('LIVE_URL'), ticket };
}

/** Why `$connect` refused: no ticket given, or one unknown, used already or lapsed (one answer). */
export type ConnectRefusal = 'no-ticket' | 'ticket-refused';

/**
 * `$connect`: uses the ticket up and keeps the connection (who, staff or not, in which session,
 * until the 2 h limit).
 * Answers the refusal, or null when the connection is admitted.
 */
export async function admitConnection(
  connectionId: string,
  ticket: string | undefined,
  now = new Date(),
): Promise<ConnectRefusal | null> {
  if (!ticket) return 'no-ticket';
  const used = await consumeLiveTicket(hashOf(ticket), now.getTime());
  if (!used) return 'ticket-refused';
  await putLiveConnection({
    connectionId,
    userId: used.userId,
    staff: isStaffRole(used.role),
    ...(used.sessionId ? { sessionId: used.sessionId } : {}),
    connectedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + LIVE_MAX_CONNECTION_SECONDS,
  });
  return null;
}

/** `$disconnect`, or a connection the management API answered 410 for. */
export async function forgetConnection(connectionId: string): Promise<void> {
  await deleteLiveConnection(connectionId);
}

/**
 * Ends a connection from the server's side: its item goes first (no notice is sent to it from then
 * on), then API Gateway closes the socket (DeleteConnection); the client reconnects with a new
 * ticket if its session still allows one.
 */
export async function dropConnection(connectionId: string): Promise<void> {
  await deleteLiveConnection(connectionId);
  await closeLiveConnection(connectionId);
}

/**
 * Closes a user's live connections when what admitted them ends: all of them on a role change or a
 * deactivation, those of one session on its logout or revoke. Called after the change committed;
 * a failure is logged and never fails the change (the fan-out checks staff connections again
 * before each staff notice). Answers how many were closed.
 */
export async function closeConnectionsOf(
  userId: string,
  options: { sessionId?: string } = {},
  now = new Date(),
): Promise<number> {
  try {
    const connections = (await listConnectionsOfUser(userId, Math.floor(now.getTime() / 1000))).filter(
      (connection) => options.sessionId === undefined || connection.sessionId === options.sessionId,
    );
    const closed = await Promise.allSettled(
      connections.map((connection) => dropConnection(connection.connectionId)),
    );
    const failed = closed.filter((outcome) => outcome.status === 'rejected');
    for (const outcome of failed)
      logger.warn('live: a connection could not be closed', { userId, error: outcome.reason as Error });
    return closed.length - failed.length;
  } catch (error) {
    logger.warn("live: a user's connections could not be listed to close them", {
      userId,
      error: error as Error,
    });
    return 0;
  }
}

/**
 * `$default`: a frame from the client. The heartbeat (`{"action":"ping"}`) is answered `pong`
 * (which also keeps the connection from API Gateway's idle limit); anything else is ignored.
 */
export async function answerFrame(connectionId: string, body: string | undefined): Promise<void> {
  let frame: unknown;
  try {
    frame = JSON.parse(body ?? '');
  } catch {
    return;
  }
  if ((frame as { action?: unknown } | null)?.action !== LIVE_PING.action) return;
  const pong: LiveNotice = { type: 'pong' };
  if (!(await postToLiveConnection(connectionId, JSON.stringify(pong))))
    await deleteLiveConnection(connectionId);
}
