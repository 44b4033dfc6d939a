import { createLiveTicket } from '@shared/routes/live';
import { useAuthStore } from '@web/stores/auth-store';
import { create } from 'zustand';
import { call } from '../api-client';
import { LiveClient, type LiveNoticeEvent, type LiveSocketClass, type LiveState } from './live-client';

/**
 * The tab's one live connection, shared by its screens: started by the first screen that listens
 * while someone is logged in, kept while they stay logged in (screens come and go), closed on
 * logout, restarted for another user. Only the pages that listen import this module, so the landing
 * page's JavaScript carries none of it. Its state is a zustand store as the app's other stores.
 */
export const useLiveStore = create<{ state: LiveState }>()(() => ({ state: 'off' }));

type Listener = (notice: LiveNoticeEvent) => void;
const listeners = new Set<Listener>();

interface LiveSetup {
  socketClass?: LiveSocketClass;
  random?: () => number;
}

/**
 * The browser's WebSocket; none in the web tests (jsdom has one that would reach for a network),
 * where a test that wants the client injects a fake socket class with `configureLive`.
 */
let setup: LiveSetup = {
  socketClass:
    import.meta.env.MODE === 'test' || typeof WebSocket === 'undefined'
      ? undefined
      : (WebSocket as unknown as LiveSocketClass),
};

let client: LiveClient | null = null;
/** Whose connection it is: a login as someone else reconnects with their ticket. */
let clientUser: string | null = null;

async function askTicket() {
  return (await call(createLiveTicket)).data;
}

/** Opens the tab's connection if someone is logged in and there is none (idempotent). */
export function ensureLive(): void {
  const user = useAuthStore.getState().user;
  if (!user || !setup.socketClass) return;
  if (client && clientUser === user.id) return;
  client?.stop();
  clientUser = user.id;
  client = new LiveClient({
    getTicket: askTicket,
    socketClass: setup.socketClass,
    ...(setup.random ? { random: setup.random } : {}),
    onState: (state) => useLiveStore.setState({ state }),
    onNotice: (notice) => {
      for (const listener of [...listeners]) listener(notice);
    },
  });
  client.start();
}

export function stopLive(): void {
  client?.stop();
  client = null;
  clientUser = null;
  useLiveStore.setState({ state: 'off' });
}

/** Adds a notice listener; answers its removal. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: the socket class (a fake) and the randomness the next connection uses; stops the current one. */
export function configureLive(next: LiveSetup): void {
  stopLive();
  setup = next;
}

// A logout (or a lost session) closes the connection; another user gets their own.
useAuthStore.subscribe((state, previous) => {
  if (!state.user) {
    if (client) stopLive();
  } else if (client && state.user.id !== previous.user?.id) {
    ensureLive();
  }
});

// Back online: try at once rather than at the end of the backoff's wait.
if (typeof window !== 'undefined') window.addEventListener('online', () => client?.reconnectNow());
