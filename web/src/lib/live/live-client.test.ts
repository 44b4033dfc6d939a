import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLiveSocket } from './fake-live-socket';
import {
  BACKOFF_MAX_MS,
  BACKOFF_MIN_MS,
  backoffDelay,
  LiveClient,
  type LiveNoticeEvent,
  type LiveState,
  PING_MS,
  PONG_TIMEOUT_MS,
  RENEW_AFTER_MS,
  readFrame,
} from './live-client';

const URL_BASE = 'wss://live.example.test/';

function startClient(random = () => 0) {
  let issued = 0;
  const getTicket = vi.fn(async () => {
    issued += 1;
    return { url: URL_BASE, ticket: `ticket-${issued}` };
  });
  const states: LiveState[] = [];
  const notices: LiveNoticeEvent[] = [];
  const client = new LiveClient({
    getTicket,
    socketClass: FakeLiveSocket,
    random,
    onState: (state) => states.push(state),
    onNotice: (notice) => notices.push(notice),
  });
  client.start();
  return { client, getTicket, states, notices };
}

/** Lets the ticket's promise settle (fake timers leave microtasks alone). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  FakeLiveSocket.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the live client', () => {
  it('connects to the ticket answer’s url with its ticket and says live once open', async () => {
    const { client, states } = startClient();
    await settle();

    const socket = FakeLiveSocket.latest();
    expect(socket.url).toBe(`${URL_BASE}?ticket=ticket-1`);
    expect(client.current).toBe('reconnecting');
    socket.open();

    expect(client.current).toBe('live');
    expect(states).toEqual(['reconnecting', 'live']);
    client.stop();
  });

  it('reconnects after a drop with exponential backoff, each time with a new ticket', async () => {
    const { client, getTicket } = startClient(() => 0);
    await settle();
    FakeLiveSocket.latest().open();

    // Three drops in a row without an open between: 1 s, 2 s, 4 s (random 0: the lower half).
    const waits = [1000, 2000, 4000];
    for (const [index, wait] of waits.entries()) {
      FakeLiveSocket.latest().drop();
      expect(client.current).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeLiveSocket.sockets).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeLiveSocket.sockets).toHaveLength(index + 2);
    }

    expect(getTicket).toHaveBeenCalledTimes(4);
    expect(FakeLiveSocket.sockets.map((socket) => socket.ticket)).toEqual([
      'ticket-1',
      'ticket-2',
      'ticket-3',
      'ticket-4',
    ]);
    // An open resets the backoff: the next drop waits 1 s again.
    FakeLiveSocket.latest().open();
    FakeLiveSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeLiveSocket.sockets).toHaveLength(5);
    client.stop();
  });

  it('retries a refused ticket with backoff too', async () => {
    const getTicket = vi
      .fn<() => Promise<{ url: string; ticket: string }>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ url: URL_BASE, ticket: 't' });
    const client = new LiveClient({
      getTicket,
      socketClass: FakeLiveSocket,
      random: () => 0,
      onState: () => undefined,
      onNotice: () => undefined,
    });
    client.start();
    await settle();
    expect(FakeLiveSocket.sockets).toHaveLength(0);
    expect(client.current).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(1000);

    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(FakeLiveSocket.sockets).toHaveLength(1);
    client.stop();
  });

  it('waits between 1 s and 30 s, jittered', () => {
    expect(backoffDelay(0, () => 0)).toBe(BACKOFF_MIN_MS);
    expect(backoffDelay(0, () => 0.999)).toBeLessThan(2000);
    expect(backoffDelay(2, () => 0.5)).toBe(6000);
    expect(backoffDelay(20, () => 0.9999)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    expect(backoffDelay(20, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });

  it('sends the heartbeat every LIVE_PING_SECONDS and replaces a connection that does not answer it', async () => {
    const { client } = startClient();
    await settle();
    const first = FakeLiveSocket.latest();
    first.open();

    await vi.advanceTimersByTimeAsync(PING_MS);
    expect(first.sent).toEqual(['{"action":"ping"}']);
    first.receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS);
    expect(first.closed).toBe(false);

    await vi.advanceTimersByTimeAsync(PING_MS - PONG_TIMEOUT_MS);
    expect(first.sent).toHaveLength(2);
    // No pong this time: taken for dead, closed and reconnected after the backoff.
    await vi.advanceTimersByTimeAsync(PONG_TIMEOUT_MS);
    expect(first.closed).toBe(true);
    expect(client.current).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeLiveSocket.sockets).toHaveLength(2);
    client.stop();
  });

  it('opens a fresh connection with a new ticket before API Gateway’s 2 h end', async () => {
    const { client, getTicket } = startClient();
    await settle();
    const first = FakeLiveSocket.latest();
    first.open();
    // Heartbeats answered all along.
    const answer = setInterval(() => first.receive({ type: 'pong' }), PING_MS);

    await vi.advanceTimersByTimeAsync(RENEW_AFTER_MS - 1);
    expect(FakeLiveSocket.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    clearInterval(answer);

    expect(first.closed).toBe(true);
    expect(FakeLiveSocket.sockets).toHaveLength(2);
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(FakeLiveSocket.latest().ticket).toBe('ticket-2');
    expect(RENEW_AFTER_MS).toBeLessThan(2 * 60 * 60 * 1000);
    client.stop();
  });

  it('passes on notices and ignores frames it does not know', async () => {
    const { client, notices } = startClient();
    await settle();
    const socket = FakeLiveSocket.latest();
    socket.open();

    socket.receive({ type: 'application.created', id: 'a1' });
    socket.receive({ type: 'pong' });
    socket.receive({ type: 'application.deleted', id: 'a2' });
    socket.receive('not json');
    socket.receive({ type: 'message.created' });
    socket.receive({ type: 'chainTransfer.review', id: 'tx1' });

    expect(notices).toEqual([
      { type: 'application.created', id: 'a1' },
      { type: 'chainTransfer.review', id: 'tx1' },
    ]);
    expect(readFrame(42)).toBeNull();
    client.stop();
  });

  it('closes on stop and does not come back', async () => {
    const { client, states } = startClient();
    await settle();
    const socket = FakeLiveSocket.latest();
    socket.open();

    client.stop();
    socket.drop();
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS * 2);

    expect(socket.closed).toBe(true);
    expect(FakeLiveSocket.sockets).toHaveLength(1);
    expect(states.at(-1)).toBe('off');
  });

  it('drops a ticket that arrives after a stop', async () => {
    let release: (value: { url: string; ticket: string }) => void = () => undefined;
    const client = new LiveClient({
      getTicket: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
      socketClass: FakeLiveSocket,
      onState: () => undefined,
      onNotice: () => undefined,
    });
    client.start();
    client.stop();
    release({ url: URL_BASE, ticket: 'late' });
    await settle();

    expect(FakeLiveSocket.sockets).toHaveLength(0);
  });
});
