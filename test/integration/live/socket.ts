import type { LiveNotice } from '@shared/contract/live';
import { createLiveTicket } from '@shared/routes/live';
import WebSocket from 'ws';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';

/** How long a test waits for a notice: generous, so a loaded machine never fails a test by timing. */
export const NOTICE_TIMEOUT_MS = 15_000;

/** A ticket of the user's, from the route. */
export async function ticketOf(user: TestUser): Promise<{ url: string; ticket: string }> {
  const answer = await call(createLiveTicket, { token: user.token });
  if (answer.status !== 200 || !answer.body.data)
    throw new Error(`No ticket: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** What opening a socket came to: open, or refused with the handshake's HTTP status. */
export type Opened = { kind: 'open'; socket: LiveSocket } | { kind: 'refused'; status: number };

/** A connected `ws` client that keeps every frame it received, in order. */
export class LiveSocket {
  readonly frames: LiveNotice[] = [];
  private waiters: Array<() => void> = [];
  private readonly closing: Promise<number>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as LiveNotice);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closing = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  /** Resolves with the close code once the socket is closed (by either side), or fails after the timeout. */
  async closed(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `The socket was not closed within ${NOTICE_TIMEOUT_MS} ms; got ${JSON.stringify(this.frames)}`,
            ),
          ),
        NOTICE_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([this.closing, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves with the first frame (from `from` on) that matches, or fails after the timeout. */
  async next(match: (frame: LiveNotice) => boolean, from = 0): Promise<LiveNotice> {
    const deadline = Date.now() + NOTICE_TIMEOUT_MS;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `No matching frame within ${NOTICE_TIMEOUT_MS} ms; got ${JSON.stringify(this.frames)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.ws.once('close', () => resolve()));
    this.ws.close();
    await closed;
  }
}

/** Opens `url` as a browser would (no headers of ours); resolves open or refused. */
export function open(url: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve({ kind: 'open', socket: new LiveSocket(ws) }));
    ws.once('unexpected-response', (_request, response) => {
      resolve({ kind: 'refused', status: response.statusCode ?? 0 });
      response.resume();
      ws.terminate();
    });
    ws.once('error', (error) => reject(error));
  });
}

/** Opens a socket with a fresh ticket of the user's (fails loudly if refused). */
export async function connect(user: TestUser): Promise<LiveSocket> {
  const { url, ticket } = await ticketOf(user);
  const opened = await open(`${url}?ticket=${encodeURIComponent(ticket)}`);
  if (opened.kind !== 'open') throw new Error(`Connection refused: ${opened.status}`);
  return opened.socket;
}
