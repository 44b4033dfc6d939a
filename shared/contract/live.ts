import * as z from 'zod/mini';
import { schema } from '../schema';

/**
 * Live notices (docs/architecture.md "Live push"): the server pushes a small notice over
 * a WebSocket when something a screen shows changed, and the screen refetches over HTTP as it
 * always did. A notice names what changed, never its data.
 */

/**
 * - `application.created`: a new application (id: the application's);
 * - `application.paid`: its client said "I have paid" (id: the application's);
 * - `application.changed`: any other change to it: status, fields, assignee, instructions, payout;
 * - `message.created`: a new message in its thread (id: the application's);
 * - `chainTransfer.review`: a USDT transfer joined the chain review list (id: its txId);
 * - `chain.application`: a chain event of a deal, for staff's attention: its USDT arrived (as asked,
 *   short, over, late) or its payout's hash does not match (id: the application's);
 * - `chain.transfer`: USDT arrived that pays no deal the watcher knows (id: its txId);
 * - `verification.submitted`: a client sent verification photos to staff's queue (id: the request's).
 * The owner of an application gets the notices of it; staff get every notice, the chain events alone.
 */
export const STAFF_NOTICE_TYPES = ['chain.application', 'chain.transfer', 'verification.submitted'] as const;
export type StaffNoticeType = (typeof STAFF_NOTICE_TYPES)[number];

export const LIVE_NOTICE_TYPES = [
  'application.created',
  'application.paid',
  'application.changed',
  'message.created',
  'chainTransfer.review',
  ...STAFF_NOTICE_TYPES,
] as const;
export type LiveNoticeType = (typeof LIVE_NOTICE_TYPES)[number];

/** One text frame from the server: a notice, or the answer to the client's heartbeat. */
export const liveNoticeSchema = /* @__PURE__ */ schema(() =>
  z.union([
    z.object({ type: z.enum(LIVE_NOTICE_TYPES), id: z.string() }),
    z.object({ type: z.literal('pong') }),
  ]),
);
export type LiveNotice = z.infer<typeof liveNoticeSchema>;

/** The client's heartbeat frame (`{"action":"ping"}`), sent while connected; the server answers `pong`. */
export const LIVE_PING = { action: 'ping' } as const;

/**
 * POST /live/ticket: where to connect and a single-use ticket (valid LIVE_TICKET_SECONDS) to
 * connect with: `${url}?ticket=${ticket}`. A browser cannot set headers on a WebSocket.
 */
export const liveTicketDataSchema = /* @__PURE__ */ schema(() =>
  z.object({ url: z.string(), ticket: z.string() }),
);
export type LiveTicketData = z.infer<typeof liveTicketDataSchema>;

/** How long a ticket may wait before it is used, once. */
export const LIVE_TICKET_SECONDS = 60;
/** API Gateway's WebSocket limits: a connection lasts at most 2 h and an idle one 10 min. */
export const LIVE_MAX_CONNECTION_SECONDS = 2 * 60 * 60;
export const LIVE_IDLE_SECONDS = 10 * 60;
/** The client's heartbeat interval: well inside the idle limit. */
export const LIVE_PING_SECONDS = 4 * 60;
