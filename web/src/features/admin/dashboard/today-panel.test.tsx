import type { DashboardToday } from '@shared/contract/reports';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { TodayPanel } from './today-panel';

const week = ['23', '24', '25', '26', '27', '28', '29'].map((day, index) => ({
  day: `2026-11-${day}`,
  turnover: `${index * 100}.000000`,
  profit: `${index}.500000`,
}));

const FOR_ADMIN: DashboardToday = {
  day: '2026-11-29',
  timeZone: 'Europe/Moscow',
  reportingCurrency: 'USDT',
  turnover: {
    reporting: '1234.560000',
    byCurrency: [
      { currency: 'EUR', amount: '1000.00' },
      { currency: 'USDT', amount: '1234.56' },
    ],
  },
  profit: { reporting: '12.340000', byCurrency: [{ currency: 'EUR', amount: '11.50' }] },
  completed: 3,
  waitingPayment: 2,
  awaitingPayout: 1,
  review: { transfers: 1, amount: '999.000000', more: false },
  own: { completed: 1, turnover: '400.000000' },
  week,
};

/** What the server sends a MANAGER: no profit anywhere. */
const FOR_MANAGER: DashboardToday = {
  ...FOR_ADMIN,
  profit: null,
  week: week.map((point) => ({ ...point, profit: null })),
};

describe("the dashboard's today", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the day so far: money exactly, the open deals, the review list, the own figures and the week', async () => {
    vi.spyOn(adminApi, 'today').mockResolvedValue(FOR_ADMIN);
    renderAdmin(<TodayPanel />);
    const cards = within(await screen.findByRole('list', { name: "Today's figures" }));
    const card = (label: string) => cards.getByText(label).closest('li')!;
    expect(card('Turnover').textContent).toContain('1,234.56 USDT');
    expect(card('Turnover').textContent).toContain('€1,000.00');
    expect(card('Profit').textContent).toContain('12.34 USDT');
    expect(card('Completed deals').textContent).toContain('3');
    expect(within(card('Waiting for payment')).getByRole('link', { name: '2' }).getAttribute('href')).toBe(
      '/admin/application-management?status=WAITING_PAYMENT',
    );
    expect(card('Paid, waiting for payout').textContent).toContain('1');
    expect(card('USDT on the review list').textContent).toContain('999.00 USDT');
    expect(screen.getByRole('link', { name: '1 transfer to review' }).getAttribute('href')).toBe(
      '/admin/payment-gateways',
    );
    expect(screen.getByText('You today: 1 completed deal, 400.00 USDT turnover.')).toBeTruthy();
    // The sparkline's table: every day, today last, turnover and profit.
    const rows = within(screen.getByRole('table', { name: 'The last seven days' })).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows.at(-1)!.textContent).toBe('29/11/2026600.00 USDT6.50 USDT');
  });

  it('shows a manager no profit: no card, no line, no column', async () => {
    vi.spyOn(adminApi, 'today').mockResolvedValue(FOR_MANAGER);
    renderAdmin(<TodayPanel />, { role: 'MANAGER' });
    await screen.findByRole('list', { name: "Today's figures" });
    expect(screen.queryByText('Profit')).toBeNull();
    expect(
      within(screen.getByRole('table', { name: 'The last seven days' })).getAllByRole('columnheader'),
    ).toHaveLength(2);
  });
});
