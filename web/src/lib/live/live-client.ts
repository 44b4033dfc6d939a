import {
  LIVE_MAX_CONNECTION_SECONDS,
  LIVE_NOTICE_TYPES,
  LIVE_PING,
  LIVE_PING_SECONDS,
  type LiveNoticeType,
  type LiveTicketData,
} from '@shared/contract/live';

/**
 * One live connection (shared/contract/live.ts): a ticket asked for before every
 * connect (re-authorized each time), `${url}?ticket=${ticket}`, notices as JSON text frames, the
 * heartbeat every LIVE_PING_SECONDS, a fresh connection before API Gateway ends one at
 * LIVE_MAX_CONNECTION_SECONDS, and after any drop a reconnect with exponential backoff plus jitter
 * (1 s … 30 s). The socket class, the clock (the global timers) and the randomness are the
 * caller's, so tests drive it with a fake socket and fake timers.
 */

/** `live`: connected; `reconnecting`: should be connected and is trying; `off`: not started or stopped. */
export type LiveState = 'live' | 'reconnecting' | 'off';

/** A notice: what changed (never its data). */
export interface LiveNoticeEvent {
  type: LiveNoticeType;
  id: string;
}

/** What the client needs of a WebSocket (the browser's, or a test's fake). */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type LiveSocketClass = new (url: string) => LiveSocket;

export interface LiveClientOptions {
  /** Asks the API for a ticket (POST /api/live/ticket); a rejection is retried with backoff. */
  getTicket: () => Promise<LiveTicketData>;
  socketClass: LiveSocketClass;
  onState: (state: LiveState) => void;
  onNotice: (notice: LiveNoticeEvent) => void;
  /** 0 ≤ x < 1; Math.random by default. */
  random?: () => number;
}

export const BACKOFF_MIN_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** No frame this long after a heartbeat: the connection is taken for dead and replaced. */
export const PONG_TIMEOUT_MS = 20_000;
/** A connection is replaced this long before API Gateway would end it. */
export const RENEW_MARGIN_MS = 5 * 60_000;
export const RENEW_AFTER_MS = LIVE_MAX_CONNECTION_SECONDS * 1000 - RENEW_MARGIN_MS;
export const PING_MS = LIVE_PING_SECONDS * 1000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop): "equal jitter", half
 * the capped exponential step plus a random part of the other half: 1–2 s, 2–4 s, 4–8 s, … 15–30 s.
 */
export function backoffDelay(attempt: number, random: () => number): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (attempt + 1));
  return cap / 2 + random() * (cap / 2);
}

const noticeTypes: readonly string[] = LIVE_NOTICE_TYPES;

/** A text frame read as a notice, `'pong'`, or null for anything else (ignored). */
export function readFrame(data: unknown): LiveNoticeEvent | 'pong' | null {
  if (typeof data !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  if (!frame || typeof frame !== 'object') return null;
  const { type, id } = frame as { type?: unknown; id?: unknown };
  if (type === 'pong') return 'pong';
  if (typeof type === 'string' && noticeTypes.includes(type) && typeof id === 'string' && id !== '')
    return { type: type as LiveNoticeType, id };
  return null;
}

export class LiveClient {
  private readonly random: () => number;
  private socket: LiveSocket | null = null;
  private running = false;
  /** Moves on with every connect and stop: an older ticket answer or socket event is dropped. */
  private generation = 0;
  /** Reconnect attempts since the last connection that opened. */
  private attempt = 0;
  private state: LiveState = 'off';
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: LiveClientOptions) {
    this.random = options.random ?? Math.random;
  }

  get current(): LiveState {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Closes the connection and stops trying (a logout). */
  stop(): void {
    this.running = false;
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.closeSocket();
    this.setState('off');
  }

  /** A reconnect now instead of after the backoff's wait (the browser came back online). */
  reconnectNow(): void {
    if (!this.running || this.retryTimer === undefined) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    void this.connect();
  }

  private setState(state: LiveState) {
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }

  private async connect() {
    const generation = ++this.generation;
    this.retryTimer = undefined;
    this.setState('reconnecting');
    let ticket: LiveTicketData;
    try {
      ticket = await this.options.getTicket();
    } catch {
      if (generation === this.generation) this.retry();
      return;
    }
    if (generation !== this.generation) return;
    const separator = ticket.url.includes('?') ? '&' : '?';
    const socket = new this.options.socketClass(
      `${ticket.url}${separator}ticket=${encodeURIComponent(ticket.ticket)}`,
    );
    this.socket = socket;
    const mine = () => this.socket === socket && generation === this.generation;
    socket.onopen = () => {
      if (!mine()) return;
      this.attempt = 0;
      this.setState('live');
      this.pingTimer = setInterval(() => this.ping(), PING_MS);
      this.renewTimer = setTimeout(() => this.renew(), RENEW_AFTER_MS);
    };
    socket.onmessage = (event) => {
      if (!mine()) return;
      // Any frame shows the connection is alive.
      clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
      const frame = readFrame(event.data);
      if (frame && frame !== 'pong') this.options.onNotice(frame);
    };
    socket.onclose = () => {
      if (!mine()) return;
      this.closeSocket();
      this.retry();
    };
    // An error is followed by a close, which reconnects.
    socket.onerror = () => undefined;
  }

  private ping() {
    if (!this.socket) return;
    try {
      this.socket.send(JSON.stringify(LIVE_PING));
    } catch {
      this.replace();
      return;
    }
    if (this.pongTimer === undefined) this.pongTimer = setTimeout(() => this.replace(), PONG_TIMEOUT_MS);
  }

  /** The connection's time is nearly up: a new one at once, with a new ticket. */
  private renew() {
    this.closeSocket();
    void this.connect();
  }

  /** The connection went quiet or broke: dropped, and reconnected as after any drop. */
  private replace() {
    this.closeSocket();
    this.retry();
  }

  private retry() {
    if (!this.running) return;
    this.setState('reconnecting');
    const delay = backoffDelay(this.attempt, this.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private closeSocket() {
    clearInterval(this.pingTimer);
    clearTimeout(this.renewTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = undefined;
    this.renewTimer = undefined;
    this.pongTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is dropped either way.
    }
  }
}
