import type { Report, ReportFigures } from '@shared/contract/reports';
import { adminReport } from '@shared/routes/reports';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test-utils';
import { reportCsv } from './report-export';
import { ReportsPage } from './reports-page';

// jsdom draws no canvas (uPlot asks matchMedia and a 2D context): the chart stands in as its name.
// The real chart is drawn and looked at in the browser (test/e2e/business-day/reports.ts).
vi.mock('./series-chart', () => ({ default: () => <p>turnover chart</p> }));

function figures(overrides: Partial<ReportFigures> = {}): ReportFigures {
  return {
    funnel: { created: 10, taken: 8, instructed: 6, paid: 5, completed: 4 },
    outcomes: { completed: 4, expired: 2, cancelled: 1, rejected: 1 },
    turnover: [
      { currency: 'EUR', amount: '2357.00' },
      { currency: 'USDT', amount: '2538.730000' },
    ],
    profit: [{ currency: 'EUR', amount: '44.18' }],
    reporting: {
      currency: 'USDT',
      turnover: '2538.730000',
      profit: '47.710000',
      partnerShares: '4.770000',
      profitAfterShares: '42.940000',
      dealsLeftOut: 0,
    },
    dealsWithoutProfit: 0,
    ticket: { count: 4, average: '634.68', median: '531' },
    clients: { new: 3, returning: 1 },
    clicks: 0,
    times: { toTake: { count: 8, median: 37, p90: 1230 }, toPayout: { count: 3, median: 245, p90: 3725 } },
    ...overrides,
  };
}

const REPORT: Report = {
  from: '2026-11-29',
  to: '2026-11-29',
  timeZone: 'Europe/Moscow',
  figures: figures(),
  previous: {
    from: '2026-11-28',
    to: '2026-11-28',
    figures: figures({
      reporting: {
        currency: 'USDT',
        turnover: '2000.000000',
        profit: '50.000000',
        partnerShares: '0.000000',
        profitAfterShares: '50.000000',
        dealsLeftOut: 0,
      },
      outcomes: { completed: 2, expired: 0, cancelled: 0, rejected: 0 },
    }),
  },
  series: [{ period: '2026-11-29', turnover: '2538.730000', profit: '47.710000' }],
  breakdown: {
    by: 'direction',
    rows: [
      { value: 'card-EUR>usdt-trc20', label: null, figures: figures() },
      { value: 'individual', label: null, figures: figures() },
    ],
  },
};

describe('ReportsPage', () => {
  beforeEach(() => {
    // 22:30 UTC on the 28th is already the 29th in Moscow, the business's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T22:30:00.000Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("asks for the business's today, then shows every figure beside the period before's (en)", async () => {
    await setupTestI18n('en');
    const api = fakeApi().answer(adminReport, ok(REPORT));
    renderAdmin(<ReportsPage />, { role: 'ADMIN', url: '/admin/analytics-reports' });
    await screen.findByRole('heading', { name: 'Analytics and reports' });
    const figuresList = within(await screen.findByRole('list', { name: 'Key figures' }));
    expect(figuresList.getByText('2,538.73 USDT')).toBeTruthy();
    expect(figuresList.getByText('+26.9 % against 2,000.00 USDT before')).toBeTruthy();
    expect(figuresList.getByText('+100 % against 2 before')).toBeTruthy();
    expect(screen.getByText('Payment confirmed')).toBeTruthy();
    expect(await screen.findByText('turnover chart')).toBeTruthy();
    const toTake = within(screen.getByRole('row', { name: /^From created to taken/ }));
    expect(toTake.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '37s',
      '20m 30s',
      '8',
      '37s',
    ]);
    expect(screen.getByText('Card EUR → USDT (TRC-20)')).toBeTruthy();
    expect(screen.getByText('Individual requests')).toBeTruthy();
    // First the browser's today (UTC here: the 28th); once the answer names Moscow, the business's.
    expect(api.requests(adminReport)[0]!.query).toEqual({
      from: '2026-11-28',
      to: '2026-11-28',
      breakdown: 'direction',
    });
    await vi.waitFor(() =>
      expect(api.requests(adminReport).at(-1)!.query).toEqual({
        from: '2026-11-29',
        to: '2026-11-29',
        breakdown: 'direction',
      }),
    );
  });

  it('asks for the week and the breakdown chosen, and shows the series as a table (ru)', async () => {
    await setupTestI18n('ru');
    const api = fakeApi().answer(adminReport, ok(REPORT));
    renderAdmin(<ReportsPage />, { role: 'ADMIN', url: '/admin/analytics-reports' });
    await screen.findByRole('list', { name: 'Главные показатели' });
    fireEvent.click(screen.getByRole('button', { name: 'Неделя' }));
    fireEvent.change(screen.getByLabelText('Разбивка'), { target: { value: 'staff' } });
    await vi.waitFor(() =>
      expect(api.requests(adminReport).at(-1)!.query).toEqual({
        from: '2026-11-23',
        to: '2026-11-29',
        breakdown: 'staff',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Показать таблицей' }));
    const table = within(screen.getByRole('table', { name: 'Оборот и прибыль, USDT' }));
    expect(table.getByText(/^2\s538,73 USDT$/)).toBeTruthy();
  });

  it('shows the clicks of each source beside its deals, and of all sources among the key figures', async () => {
    await setupTestI18n('en');
    const bySource: Report = {
      ...REPORT,
      figures: figures({ clicks: 120 }),
      breakdown: {
        by: 'source',
        rows: [
          { value: 'monitor:www.bestchange.ru', label: null, figures: figures({ clicks: 100 }) },
          { value: 'direct', label: null, figures: figures() },
        ],
      },
    };
    fakeApi().answer(adminReport, ok(bySource));
    renderAdmin(<ReportsPage />, { role: 'ADMIN', url: '/admin/analytics-reports' });
    const figuresList = within(await screen.findByRole('list', { name: 'Key figures' }));
    expect(figuresList.getByText('Clicks from links')).toBeTruthy();
    expect(figuresList.getByText('120')).toBeTruthy();
    const header = screen.getByRole('columnheader', { name: 'Clicks' });
    expect(header.nextElementSibling?.textContent).toBe('Created');
    const monitor = within(screen.getByRole('row', { name: /^Monitor: www\.bestchange\.ru/ }));
    expect(
      monitor
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(['100', '10']);
    const direct = within(screen.getByRole('row', { name: /^Direct/ }));
    expect(direct.getAllByRole('cell')[0]!.textContent).toBe('0');
  });

  it("writes the report's CSV in the reader's dialect, each figure beside the period before's", async () => {
    const i18n = await setupTestI18n('ru');
    const t = i18n.getFixedT('ru', 'admin');
    const csv = reportCsv(REPORT, t, 'ru', (_, row) => row.value);
    const lines = csv.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      'Раздел;Строка;Показатель;Валюта;2026-11-29 – 2026-11-29;Ранее: 2026-11-28 – 2026-11-28',
    );
    expect(lines).toContain('Весь бизнес;;Оборот, USDT;USDT;2538,730000;2000,000000');
    expect(lines).toContain('Весь бизнес;;Завершены;;4;2');
    expect(lines).toContain('По признаку: направление;card-EUR>usdt-trc20;Прибыль;EUR;44,18;');
  });
});
