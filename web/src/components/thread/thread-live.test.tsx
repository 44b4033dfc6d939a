import type { MessageView } from '@shared/contract/messages';
import { createLiveTicket } from '@shared/routes/live';
import { listMyMessages } from '@shared/routes/messages';
import { act, render, screen } from '@testing-library/react';
import { FakeLiveSocket } from '@web/lib/live/fake-live-socket';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { openLiveSocket, signedInWithFakeLive } from '@web/testing/live';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationThread } from './application-thread';

/** Live push in the thread: a new message's notice reads it; no minute's polling while live. */

const APPLICATION = 'app-live-1';

function message(id: string, text: string): MessageView {
  return {
    id,
    from: 'staff',
    mine: false,
    text,
    attachments: [],
    createdAt: `2026-11-20T10:0${id.length}:00.000Z`,
  };
}

beforeAll(async () => {
  await setupTestI18n('en');
});

signedInWithFakeLive(() => testOwnUser());

describe('the thread, live', () => {
  it('shows a new message on its notice and does not poll every minute while live', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reads = 0;
    const api = fakeApi()
      .answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }))
      .answer(listMyMessages, () => {
        reads += 1;
        const items = [message('m1', 'First')];
        if (reads > 1) items.push(message('m22', 'Your payment arrived'));
        return ok({ items, nextCursor: null });
      });
    render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByText('First');
    await openLiveSocket();

    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
    expect(api.requests(listMyMessages)).toHaveLength(1);

    act(() => FakeLiveSocket.latest().receive({ type: 'message.created', id: 'another-application' }));
    act(() => FakeLiveSocket.latest().receive({ type: 'message.created', id: APPLICATION }));

    expect(await screen.findByText('Your payment arrived')).toBeTruthy();
    expect(api.requests(listMyMessages)).toHaveLength(2);
  });
});
