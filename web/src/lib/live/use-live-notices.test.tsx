import { createLiveTicket } from '@shared/routes/live';
import { act, render, screen } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { openLiveSocket, signedInWithFakeLive } from '@web/testing/live';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeLiveSocket } from './fake-live-socket';
import type { LiveNoticeEvent, LiveState } from './live-client';
import { LiveIndicator } from './live-indicator';
import { useLiveStore } from './live-store';
import { useLiveNotices, usePollWhileNotLive } from './use-live-notices';

function Listener({ id, seen }: { id?: string; seen: (notice: LiveNoticeEvent) => void }) {
  const state = useLiveNotices({ types: ['application.changed'], ...(id ? { id } : {}) }, seen);
  return <LiveIndicator state={state} />;
}

beforeAll(async () => {
  await setupTestI18n('en');
});

signedInWithFakeLive(() => testOwnUser());

async function openSocket() {
  await openLiveSocket();
}

describe('useLiveNotices', () => {
  it('opens one connection for the tab with a ticket and hands each listener the notices it asked for', async () => {
    const api = fakeApi().answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 'tk1' }));
    const first = vi.fn();
    const second = vi.fn();
    render(
      <>
        <Listener id="a1" seen={first} />
        <Listener seen={second} />
      </>,
    );
    await openSocket();

    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: 'a2' }));
    act(() => FakeLiveSocket.latest().receive({ type: 'application.paid', id: 'a1' }));
    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: 'a1' }));

    expect(FakeLiveSocket.sockets).toHaveLength(1);
    expect(FakeLiveSocket.latest().url).toBe('wss://live.test/?ticket=tk1');
    expect(api.requests(createLiveTicket)).toHaveLength(1);
    expect(first.mock.calls).toEqual([[{ type: 'application.changed', id: 'a1' }]]);
    expect(second.mock.calls).toEqual([
      [{ type: 'application.changed', id: 'a2' }],
      [{ type: 'application.changed', id: 'a1' }],
    ]);
    expect(screen.getAllByText('live')).toHaveLength(2);
  });

  it('says reconnecting while the socket is down', async () => {
    fakeApi().answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 'tk1' }));
    render(<Listener seen={() => undefined} />);
    await openSocket();

    act(() => FakeLiveSocket.latest().drop());

    expect(screen.getByText('reconnecting…')).toBeTruthy();
    expect(useLiveStore.getState().state).toBe('reconnecting');
  });

  it('closes the connection on logout and keeps it while screens come and go', async () => {
    fakeApi().answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 'tk1' }));
    const { unmount } = render(<Listener seen={() => undefined} />);
    await openSocket();

    unmount();
    expect(FakeLiveSocket.latest().closed).toBe(false);
    act(() => useAuthStore.getState().clearAuth());

    expect(FakeLiveSocket.latest().closed).toBe(true);
    expect(useLiveStore.getState().state).toBe('off');
  });

  it('does not connect when no one is logged in', async () => {
    useAuthStore.setState(initialAuthState);
    render(<Listener seen={() => undefined} />);
    await act(() => Promise.resolve());

    expect(FakeLiveSocket.sockets).toHaveLength(0);
    expect(screen.queryByText('live')).toBeNull();
  });
});

function Poller({ state, refresh }: { state: LiveState; refresh: () => void }) {
  usePollWhileNotLive(state, refresh, 1000);
  return null;
}

describe('usePollWhileNotLive', () => {
  it('reads once on becoming live, even when the screen never saw the connection opening', () => {
    const refresh = vi.fn();
    const { rerender } = render(<Poller state="off" refresh={refresh} />);

    rerender(<Poller state="live" refresh={refresh} />);
    rerender(<Poller state="live" refresh={refresh} />);

    expect(refresh).toHaveBeenCalledOnce();
  });

  it('does not read when mounted live (it has just loaded), and reads again after a drop', () => {
    const refresh = vi.fn();
    const { rerender } = render(<Poller state="live" refresh={refresh} />);
    expect(refresh).not.toHaveBeenCalled();

    rerender(<Poller state="reconnecting" refresh={refresh} />);
    rerender(<Poller state="live" refresh={refresh} />);

    expect(refresh).toHaveBeenCalledOnce();
  });
});
