import { getMyApplication } from '@shared/routes/applications';
import { getGeo } from '@shared/routes/geo';
import { createLiveTicket } from '@shared/routes/live';
import { listMyMessages } from '@shared/routes/messages';
import { act, render, screen, waitFor } from '@testing-library/react';
import { paths } from '@web/config/paths';
import { FakeLiveSocket } from '@web/lib/live/fake-live-socket';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testApplicationDetail, testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { openLiveSocket, signedInWithFakeLive } from '@web/testing/live';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_REFRESH_MS } from '../lib/use-order';
import { OrderPage } from './order-page';

/** Live push on the order page: a notice reads it again; it polls only while not live. */

const ID = 'live000000order1';

function renderOrder() {
  return render(
    <MemoryRouter initialEntries={[paths.order.replace(':id', ID)]}>
      <Routes>
        <Route path={paths.order} element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** No thread (its own timer and notices are its own): the page's reads alone. */
function orderApi() {
  let read = 0;
  return fakeApi()
    .answer(getGeo, ok([]))
    .answer(listMyMessages, ok({ items: [], nextCursor: null }))
    .answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }))
    .answer(getMyApplication, () => {
      read += 1;
      // From the third read on (the first, then the one on becoming live), staff have taken it.
      return ok(
        testApplicationDetail({
          id: ID,
          status: read > 2 ? 'PROCESSING' : 'PENDING',
          allowedActions: ['cancel'],
        }),
      );
    });
}

beforeAll(async () => {
  await setupTestI18n('en');
});

signedInWithFakeLive(() => testOwnUser());

async function liveOrderPage() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const api = orderApi();
  renderOrder();
  await screen.findByRole('heading', { level: 1 });
  await openLiveSocket();
  // Becoming live reads the page once (what changed before the connection opened).
  await waitFor(() => expect(api.requests(getMyApplication)).toHaveLength(2));
  return api;
}

describe('the order page, live', () => {
  it('shows staff’s step on a notice of it, without a reload', async () => {
    const api = await liveOrderPage();
    expect(screen.getByText('live')).toBeTruthy();

    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: 'someone-elses' }));
    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: ID }));

    await waitFor(() => expect(api.requests(getMyApplication)).toHaveLength(3));
    expect(await screen.findByText('Taken by staff', { selector: '.badge' })).toBeTruthy();
  });

  it('does not poll while live, polls while reconnecting and stops again once live', async () => {
    const api = await liveOrderPage();

    await act(() => vi.advanceTimersByTimeAsync(3 * ORDER_REFRESH_MS));
    expect(api.requests(getMyApplication)).toHaveLength(2);

    act(() => FakeLiveSocket.latest().drop());
    expect(screen.getByText('reconnecting…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));
    expect(api.requests(getMyApplication)).toHaveLength(3);

    // The reconnect (after the backoff's real 1 s): live again, read once for the gap, no polling.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    expect(FakeLiveSocket.sockets).toHaveLength(2);
    act(() => FakeLiveSocket.latest().open());
    await waitFor(() => expect(api.requests(getMyApplication)).toHaveLength(4));
    await act(() => vi.advanceTimersByTimeAsync(3 * ORDER_REFRESH_MS));
    expect(api.requests(getMyApplication)).toHaveLength(4);
  });
});
