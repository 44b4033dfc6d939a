import type { OwnUser } from '@shared/contract/users';
import { act, waitFor } from '@testing-library/react';
import { FakeLiveSocket } from '@web/lib/live/fake-live-socket';
import { configureLive } from '@web/lib/live/live-store';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * For each test of the calling file: `user` signed in, the tab's live connection a FakeLiveSocket
 * (no network, backoff without jitter); after it, the real connection class, real timers and no one
 * signed in.
 */
export function signedInWithFakeLive(user: () => OwnUser): void {
  beforeEach(() => {
    FakeLiveSocket.reset();
    configureLive({ socketClass: FakeLiveSocket, random: () => 0 });
    useAuthStore.setState({ ...initialAuthState, initializing: false, isAuthenticated: true, user: user() });
  });
  afterEach(() => {
    configureLive({});
    vi.useRealTimers();
    useAuthStore.setState(initialAuthState);
  });
}

/** Waits for the tab's one live connection and opens it, as the server would. */
export async function openLiveSocket(): Promise<void> {
  await waitFor(() => expect(FakeLiveSocket.sockets).toHaveLength(1));
  act(() => FakeLiveSocket.latest().open());
}
