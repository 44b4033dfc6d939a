import { logger } from '@functions/commons/logger';
import { findApplication } from '@functions/data/applications';
import {
  type ConnectionHolder,
  deleteLiveConnection,
  findConnectionHolders,
  type LiveConnectionRecord,
  listConnectionsOfUser,
  listStaffConnections,
  markApplicationVersionSeen,
  postToLiveConnection,
  type TableChange,
  tableChangeOf,
} from '@functions/data/live';
import type { LiveNotice, LiveNoticeType } from '@shared/contract/live';
import { isStaffRole } from '@shared/enums';
import { type DealPlace, dealInScope, narrowsDeals, type StaffScope, scopeOfRole } from '@shared/staff-scope';
import type { DynamoDBRecord } from 'aws-lambda';
import { isSessionLive } from '../accounts/session-liveness';
import { dropConnection } from './connections';

/**
 * The fan-out of live push (docs/architecture.md "Live push"): table changes from the stream become
 * notices `{ type, id }` (never data), each sent to the connections of the application's owner and
 * to every staff connection, once per connection; a connection API Gateway answers 410 for is gone
 * and its item deleted. A staff connection gets a notice only while its holder is still active
 * staff on the session it was opened in, and a deal's only while the deal is within their rights (a
 * MANAGER's scope: their list would not show it, nor let them open it).
 */

interface Notice {
  type: LiveNoticeType;
  id: string;
  /** The application's owner, whose connections get the notice besides staff's; none for a chain transfer or a staff notice. */
  ownerId: string | null;
}

export interface PushResult {
  notices: number;
  sent: number;
  gone: number;
  failed: number;
  /** Staff connections whose holder is no longer active staff on that session: closed, sent nothing. */
  dropped: number;
}

/** Posts at most this many frames at once. */
const CONCURRENT_POSTS = 16;

/** What a change means for the screens, or null when it changes nothing they show. */
async function noticeOf(change: TableChange, now: Date): Promise<Notice | null> {
  if (change.kind === 'application') {
    // A write that leaves `version` alone (the thread's unread counters) or a record seen before: nothing new.
    if (!(await markApplicationVersionSeen(change.id, change.version, now))) return null;
    // This write is the client's "I have paid" (its move, made now): staff hear of it as such.
    const paidNow = change.lastMove === 'markPaid' && change.statusChangedAt === change.updatedAt;
    const type: LiveNoticeType = change.inserted
      ? 'application.created'
      : paidNow
        ? 'application.paid'
        : 'application.changed';
    return { type, id: change.id, ownerId: change.userId || null };
  }
  if (change.kind === 'message') {
    const application = await findApplication(change.applicationId);
    return { type: 'message.created', id: change.applicationId, ownerId: application?.userId ?? null };
  }
  // What happened was told to staff in its own item: the notice is that item, for staff alone.
  if (change.kind === 'staffNotice') return { type: change.type, id: change.id, ownerId: null };
  return { type: 'chainTransfer.review', id: change.txId, ownerId: null };
}

/** The stream records of a batch (new images) as notices, sent. */
export function pushStreamRecords(records: readonly DynamoDBRecord[], now = new Date()): Promise<PushResult> {
  return pushNotices(
    records.flatMap((record) => {
      const change = tableChangeOf(record);
      return change ? [change] : [];
    }),
    now,
  );
}

/** Turns a batch of table changes into notices and sends them; failures to send are logged, not retried. */
export async function pushNotices(changes: readonly TableChange[], now = new Date()): Promise<PushResult> {
  const notices = new Map<string, Notice>();
  for (const change of changes) {
    const notice = await noticeOf(change, now);
    if (notice) notices.set(`${notice.type}#${notice.id}`, notice);
  }
  const result: PushResult = { notices: notices.size, sent: 0, gone: 0, failed: 0, dropped: 0 };
  if (notices.size === 0) return result;

  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { staff, dropped } = await stillStaff(await listStaffConnections(nowSeconds), now);
  result.dropped = dropped.size;
  const places = await dealPlaces(
    notices.values(),
    staff.some(({ scope }) => narrowsDeals(scope)),
  );
  const owners = new Map<string, Promise<LiveConnectionRecord[]>>();
  const frames: Array<{ connectionId: string; data: string }> = [];
  for (const notice of notices.values()) {
    // Undefined: no deal's notice, or nobody online narrowed; null: the deal is gone.
    const place = DEAL_NOTICES.has(notice.type) ? places.get(notice.id) : undefined;
    const recipients = new Set(
      staff
        .filter(({ scope }) => place === undefined || dealInScope(scope, place ?? NO_PLACE))
        .map(({ connection }) => connection.connectionId),
    );
    if (notice.ownerId) {
      let own = owners.get(notice.ownerId);
      if (!own) {
        own = listConnectionsOfUser(notice.ownerId, nowSeconds);
        owners.set(notice.ownerId, own);
      }
      for (const connection of await own)
        if (!dropped.has(connection.connectionId)) recipients.add(connection.connectionId);
    }
    const data = JSON.stringify({ type: notice.type, id: notice.id } satisfies LiveNotice);
    for (const connectionId of recipients) frames.push({ connectionId, data });
  }

  const gone = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < frames.length) {
      const frame = frames[next++]!;
      if (gone.has(frame.connectionId)) continue;
      try {
        if (await postToLiveConnection(frame.connectionId, frame.data)) result.sent += 1;
        else gone.add(frame.connectionId);
      } catch (error) {
        result.failed += 1;
        logger.warn('live: a notice could not be sent', error as Error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_POSTS, frames.length) }, worker));
  for (const connectionId of gone) await deleteLiveConnection(connectionId);
  result.gone = gone.size;
  return result;
}

/** The notices about a deal: its id is the application's. */
const DEAL_NOTICES: ReadonlySet<LiveNoticeType> = new Set([
  'application.created',
  'application.paid',
  'application.changed',
  'message.created',
  'chain.application',
]);

/** Where a deal no longer found is: nowhere a narrowed scope reaches. */
const NO_PLACE: DealPlace = { city: null, assetFrom: null, assetTo: null };

/**
 * The places of the deals the notices are about, by application id (null: not found): read only
 * when some staff member online is narrowed (one GetItem per deal), else none (everyone gets all).
 */
async function dealPlaces(
  notices: Iterable<Notice>,
  needed: boolean,
): Promise<Map<string, DealPlace | null>> {
  const places = new Map<string, DealPlace | null>();
  if (!needed) return places;
  for (const notice of notices) {
    if (!DEAL_NOTICES.has(notice.type) || places.has(notice.id)) continue;
    places.set(notice.id, (await findApplication(notice.id)) ?? null);
  }
  return places;
}

/** A staff connection the fan-out may send to, and the rights its holder has over deals. */
interface StaffConnection {
  connection: LiveConnectionRecord;
  scope: StaffScope | null;
}

/**
 * The staff connections whose holder is still active staff, on a session still live (when the
 * connection knows its session): a connection keeps the staff flag of its ticket, so without this a
 * demotion, a deactivation, a logout or a revoked session whose closing failed (or has not happened
 * yet) would go on getting every application's notices. One consistent BatchGetItem of the holders
 * and their sessions; the others are dropped (item deleted, socket closed) and get nothing.
 */
async function stillStaff(
  connections: LiveConnectionRecord[],
  now: Date,
): Promise<{ staff: StaffConnection[]; dropped: Set<string> }> {
  const dropped = new Set<string>();
  if (connections.length === 0) return { staff: [], dropped };
  const { users, sessions } = await findConnectionHolders(
    connections.map((connection) => connection.userId),
    connections.flatMap((connection) => (connection.sessionId ? [connection.sessionId] : [])),
  );
  const staff = connections.flatMap((connection): StaffConnection[] => {
    const holder: ConnectionHolder | undefined = users.get(connection.userId);
    const entitled =
      holder?.isActive === true &&
      isStaffRole(holder.role) &&
      (connection.sessionId === undefined || isSessionLive(sessions.get(connection.sessionId), holder, now));
    if (!entitled) {
      dropped.add(connection.connectionId);
      return [];
    }
    return [{ connection, scope: scopeOfRole(holder.role, holder.staffScope) }];
  });
  if (dropped.size === 0) return { staff, dropped };
  logger.info('live: staff connections whose holder lost staff access closed', { count: dropped.size });
  const outcomes = await Promise.allSettled([...dropped].map((connectionId) => dropConnection(connectionId)));
  for (const outcome of outcomes)
    if (outcome.status === 'rejected')
      logger.warn('live: a connection no longer staff could not be closed', outcome.reason as Error);
  return { staff, dropped };
}
