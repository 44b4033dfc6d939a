import type { AdminApplicationView } from '@shared/contract/applications';
import { adminGetApplication, adminListApplications } from '@shared/routes/admin-applications';
import { adminListManagers } from '@shared/routes/admin-users';
import { adminAuditTrail } from '@shared/routes/audit';
import { adminChainReview } from '@shared/routes/chain';
import { getGeo } from '@shared/routes/geo';
import { createLiveTicket } from '@shared/routes/live';
import { adminListMessages } from '@shared/routes/messages';
import { act, screen, waitFor } from '@testing-library/react';
import { FakeLiveSocket } from '@web/lib/live/fake-live-socket';
import { configureLive } from '@web/lib/live/live-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testAdminApplication, testAdminApplicationDetail, testOwnUser } from '@web/testing/fixtures';
import { openLiveSocket, signedInWithFakeLive } from '@web/testing/live';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationsPage } from '../applications/applications-page';
import { ChainReview } from '../payment-templates/chain-review';
import { renderAdmin, startI18n } from '../test-utils';
import { ADMIN_POLL_MS } from './admin-live';

/** Live push on the admin screens: a notice reads the list, the detail, the review list again. */

const FIRST = testAdminApplication({ id: 'aaaaaaaaaaaa0001' });
const NEW = testAdminApplication({
  id: 'bbbbbbbbbbbb0002',
  user: { email: 'new@example.com', telegramId: null },
});

function page(items: AdminApplicationView[]) {
  return ok({ items, total: items.length, totalPages: 1, nextCursor: null, window: null });
}

beforeAll(startI18n);

signedInWithFakeLive(() => testOwnUser({ id: 'staff-1', role: 'ADMIN' }));

async function goLive() {
  await openLiveSocket();
}

describe('the admin applications list, live', () => {
  it('shows a new application without a reload, and reads again only for what concerns the page', async () => {
    let lists = 0;
    const api = fakeApi()
      .answer(getGeo, ok([]))
      .answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }))
      .answer(adminListApplications, () => {
        lists += 1;
        return page(lists > 2 ? [NEW, FIRST] : [FIRST]);
      });
    renderAdmin(<ApplicationsPage />, { url: '/admin/application-management' });
    await screen.findByText(FIRST.user!.email);
    await goLive();
    // Becoming live reads once (the gap before the connection).
    await waitFor(() => expect(api.requests(adminListApplications)).toHaveLength(2));

    // A change to an application not on the page (no status filter): nothing to read.
    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: 'cccccccccccc0003' }));
    expect(api.requests(adminListApplications)).toHaveLength(2);

    act(() => FakeLiveSocket.latest().receive({ type: 'application.created', id: NEW.id }));

    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(api.requests(adminListApplications)).toHaveLength(3);
    // A message on a row shown reads it again (its unread badge).
    act(() => FakeLiveSocket.latest().receive({ type: 'message.created', id: FIRST.id }));
    await waitFor(() => expect(api.requests(adminListApplications)).toHaveLength(4));
  });

  it('polls only while reconnecting', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi()
      .answer(getGeo, ok([]))
      .answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }))
      .answer(adminListApplications, page([FIRST]));
    renderAdmin(<ApplicationsPage />, { url: '/admin/application-management' });
    await screen.findByText(FIRST.user!.email);
    await goLive();
    await waitFor(() => expect(api.requests(adminListApplications)).toHaveLength(2));

    await act(() => vi.advanceTimersByTimeAsync(3 * ADMIN_POLL_MS));
    expect(api.requests(adminListApplications)).toHaveLength(2);

    act(() => FakeLiveSocket.latest().drop());
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_POLL_MS));
    expect(api.requests(adminListApplications)).toHaveLength(3);
  });

  it('does not poll without a live connection at all, as before live push', async () => {
    configureLive({});
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi()
      .answer(getGeo, ok([]))
      .answer(adminListApplications, page([FIRST]));
    renderAdmin(<ApplicationsPage />, { url: '/admin/application-management' });
    await screen.findByText(FIRST.user!.email);

    await act(() => vi.advanceTimersByTimeAsync(3 * ADMIN_POLL_MS));

    expect(api.requests(adminListApplications)).toHaveLength(1);
  });
});

describe('the admin application detail, live', () => {
  it('reads the open application again on a notice of it', async () => {
    let details = 0;
    const api = fakeApi()
      .answer(getGeo, ok([]))
      .answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }))
      .answer(adminListApplications, page([FIRST]))
      .answer(adminListManagers, ok([]))
      .answer(adminListMessages, ok({ items: [], nextCursor: null }))
      // An ADMIN's detail shows the deal's own audit trail.
      .answer(adminAuditTrail, ok({ items: [], nextCursor: null, period: null, timeZone: 'Europe/Moscow' }))
      .answer(adminGetApplication, () => {
        details += 1;
        return ok(
          testAdminApplicationDetail({
            ...FIRST,
            adminNote: details > 2 ? 'The client called' : null,
          }),
        );
      });
    renderAdmin(<ApplicationsPage />, { url: `/admin/application-management?open_id=${FIRST.id}` });
    await screen.findByRole('dialog');
    await goLive();
    await waitFor(() => expect(api.requests(adminGetApplication)).toHaveLength(2));

    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: 'cccccccccccc0003' }));
    act(() => FakeLiveSocket.latest().receive({ type: 'application.paid', id: FIRST.id }));

    await waitFor(() => expect(api.requests(adminGetApplication)).toHaveLength(3));
    expect(await screen.findByDisplayValue('The client called')).toBeTruthy();
  });
});

describe('the chain review list, live', () => {
  it('reads the list again when a transfer joins it', async () => {
    let reads = 0;
    const api = fakeApi()
      .answer(createLiveTicket, ok({ url: 'wss://live.test/', ticket: 't' }))
      .answer(adminChainReview, () => {
        reads += 1;
        return ok({
          wallets: [],
          transfers:
            reads > 2
              ? [
                  {
                    txId: 'f'.repeat(64),
                    from: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
                    to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
                    amount: '12.345678',
                    reason: 'unknown' as const,
                    seenAt: '2026-11-20T10:00:00.000Z',
                    blockTime: '2026-11-20T09:59:00.000Z',
                    application: null,
                  },
                ]
              : [],
        });
      });
    renderAdmin(<ChainReview />, { url: '/admin/payments' });
    await screen.findByText('No transfer is waiting.');
    await goLive();
    await waitFor(() => expect(api.requests(adminChainReview)).toHaveLength(2));

    act(() => FakeLiveSocket.latest().receive({ type: 'application.changed', id: 'x' }));
    act(() => FakeLiveSocket.latest().receive({ type: 'chainTransfer.review', id: 'f'.repeat(64) }));

    await waitFor(() => expect(api.requests(adminChainReview)).toHaveLength(3));
    expect(await screen.findByText(/12\.345678/)).toBeTruthy();
  });
});
