import type { LiveSocket } from './live-client';

/**
 * A WebSocket stand-in for the web tests (no network): each instance is kept in `sockets`; the
 * test opens it, sends it frames and drops it as a server would, and reads what the client sent.
 */
export class FakeLiveSocket implements LiveSocket {
  static sockets: FakeLiveSocket[] = [];

  static reset(): void {
    FakeLiveSocket.sockets = [];
  }

  static latest(): FakeLiveSocket {
    const socket = FakeLiveSocket.sockets.at(-1);
    if (!socket) throw new Error('No live socket was opened');
    return socket;
  }

  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  readonly sent: string[] = [];
  closed = false;

  constructor(readonly url: string) {
    FakeLiveSocket.sockets.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  /** The server accepted the connection. */
  open(): void {
    this.onopen?.({});
  }

  /** A text frame from the server. */
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The server (or the network) ended the connection. */
  drop(): void {
    this.closed = true;
    this.onclose?.({});
  }

  /** The ticket the connection was opened with. */
  get ticket(): string | null {
    return new URL(this.url).searchParams.get('ticket');
  }
}
