import type { ExpiredQuote } from '@shared/contract/applications';
import { adminChangeApplicationStatus, adminListApplications } from '@shared/routes/admin-applications';
import { getGeo } from '@shared/routes/geo';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testAdminApplication } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { ApplicationsPage } from './applications-page';

const ROW = testAdminApplication();
const EXPIRED: ExpiredQuote = {
  lockedUntil: '2026-11-20T10:30:00.000Z',
  assetTo: 'usdt-trc20',
  currencyTo: 'USDT',
  lockedRate: 0.985,
  lockedAmountTo: 197,
  currentRate: 0.4925,
  currentAmountTo: 98.5,
  currentRefusal: null,
};

describe('completing an application whose quote lock has ended, from the list', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('shows both amounts from the refusal and sends acceptExpiredQuote only after the confirmation', async () => {
    const message = 'The quote of this application expired at 2026-11-20T10:30:00.000Z: …';
    const api = fakeApi()
      .answer(getGeo, ok([], 'OK'))
      .answer(
        adminListApplications,
        ok({ items: [ROW], total: 1, totalPages: 1, nextCursor: null, window: null }),
      )
      .answer(
        adminChangeApplicationStatus,
        refused(409, message, {
          code: 'ExpiredQuoteNotAccepted',
          params: { lockedUntil: '2026-11-20T10:30:00.000Z', lockedAmountTo: 197, currencyTo: 'USDT' },
          data: EXPIRED,
        }),
        ok({ ...ROW, status: 'COMPLETED' as const }, 'OK'),
      );
    renderAdmin(<ApplicationsPage />, { url: '/admin/application-management' });

    fireEvent.change(await screen.findByLabelText('Status of application 0123456789ab'), {
      target: { value: 'COMPLETED' },
    });
    // From PROCESSING, completing is the deal done at the office: staff confirm it first.
    const office = screen.getByRole('dialog', { name: 'Complete application 0123456789ab at the office?' });
    expect(api.requests(adminChangeApplicationStatus)).toHaveLength(0);
    fireEvent.click(within(office).getByRole('button', { name: 'Complete at the office' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Complete application 0123456789ab at its expired quote?',
    });
    expect(within(dialog).getByText('197 USDT (TRC-20)')).toBeTruthy();
    expect(within(dialog).getByText('98.50 USDT (TRC-20)')).toBeTruthy();
    expect(api.requests(adminChangeApplicationStatus)).toHaveLength(1);
    expect(api.requests(adminChangeApplicationStatus)[0]!.body).not.toHaveProperty('acceptExpiredQuote');
    expect(screen.queryByText(message)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete at the locked amount' }));

    await waitFor(() => expect(api.requests(adminChangeApplicationStatus)).toHaveLength(2));
    const confirmed = api.requests(adminChangeApplicationStatus)[1]!;
    expect(confirmed.params).toEqual({ id: ROW.id });
    expect(confirmed.body).toEqual({
      status: 'COMPLETED',
      expectedStatus: 'PROCESSING',
      acceptExpiredQuote: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
