import type { ApplicationView } from '@shared/contract/applications';
import { shortId } from '@shared/ids';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { geoKeyName } from '@web/lib/geo-names';
import { useToastStore } from '@web/stores/toast-store';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { referralLink, statusDisplay } from '../lib/display';
import { MyApplications } from './my-applications';

const base: ApplicationView = {
  id: 'abcdef1234567890',
  requestType: 'STANDARD',
  status: 'PENDING',
  amountFrom: 1500,
  amountTo: 1480.5,
  amountUSD: 1500,
  assetFrom: 'cash-USD',
  assetTo: 'usdt-trc20',
  currencyFrom: 'USD',
  currencyTo: 'USDT',
  continent: 'europe',
  country: 'europe.germany',
  city: 'europe.germany.berlin',
  details: null,
  contactData: { telegram: '@anna' },
  originFunds: 'N/A',
  rejectionReason: null,
  rate: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const calls: string[] = [];
function stubApplications(items: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/cancel')) {
        return new Response(JSON.stringify({ success: true, message: 'Application cancelled.' }), {
          status: 200,
        });
      }
      return new Response(JSON.stringify({ success: true, message: '', data: { items } }), { status: 200 });
    }),
  );
}

function renderList() {
  return render(
    <MemoryRouter>
      <MyApplications />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  calls.length = 0;
  useToastStore.getState().clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('my applications', () => {
  it('asks for the latest 10 applications, newest first', async () => {
    stubApplications([]);

    renderList();

    await screen.findByText('You have no applications yet.');
    expect(calls[0]).toBe('/api/applications?limit=10&sortBy=createdAt&sortOrder=desc');
  });

  it('shows ids as 8 characters with the status and the pair', async () => {
    stubApplications([base]);

    renderList();

    const row = (await screen.findByText('abcdef12')).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('1,500 Cash USD')).toBeTruthy();
    expect(within(row).getByText('Berlin')).toBeTruthy();
  });

  it('shows the rejection reason of a rejected application', async () => {
    stubApplications([{ ...base, status: 'REJECTED', rejectionReason: 'Documents missing' }]);

    renderList();

    expect(await screen.findByText('Reason: Documents missing')).toBeTruthy();
  });

  it('shows an unknown status as unknown', async () => {
    stubApplications([{ ...base, status: 'SOMETHING_NEW' }]);

    renderList();

    expect(await screen.findByText('Unknown')).toBeTruthy();
  });

  it('offers cancel only for pending applications', async () => {
    stubApplications([base, { ...base, id: 'zzzzzzzz999', status: 'COMPLETED' }]);

    renderList();

    await screen.findByText('abcdef12');
    expect(screen.getAllByRole('button', { name: /Cancel application/ })).toHaveLength(1);
  });

  it('cancels only after the confirmation toast is accepted', async () => {
    stubApplications([base]);
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel application abcdef12' }));

    const confirmation = useToastStore.getState().toasts[0]!;
    expect(confirmation).toMatchObject({ type: 'custom', duration: 10_000 });
    expect(calls.some((url) => url.endsWith('/cancel'))).toBe(false);

    confirmation.actions![0]!.onClick();

    await waitFor(() => expect(calls).toContain('/api/applications/abcdef1234567890/cancel'));
  });
});

describe('profile display rules', () => {
  it('colours the display-only statuses like their groups', () => {
    expect(statusDisplay('WAITING_PAYMENT')).toEqual({ tone: 'info', known: true });
    expect(statusDisplay('EXPIRED')).toEqual({ tone: 'danger', known: true });
    expect(statusDisplay('COMPLETED')).toEqual({ tone: 'success', known: true });
    expect(statusDisplay('WHATEVER')).toEqual({ tone: 'neutral', known: false });
  });

  it('builds ids, place names and referral links for display', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
    expect(geoKeyName('north_america.usa.new_york')).toBe('New York');
    expect(referralLink('https://exchange.example/', 'ANNA 1')).toBe(
      'https://exchange.example/?ref=ANNA%201',
    );
  });
});
