import type { ExportJobView } from '@shared/contract/exports';
import type { TransactionsPage as Page, TransactionView } from '@shared/contract/transactions';
import { adminCreateExport, adminGetExport } from '@shared/routes/exports';
import { adminListTransactions } from '@shared/routes/transactions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { TransactionsPage } from './transactions-page';

const APP_ID = '7d0c6a0e-1f7b-4c52-9d7e-2b1f6f0a9c11';

function movement(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: `${APP_ID}#in`,
    applicationId: APP_ID,
    applicationShortId: APP_ID.slice(0, 12),
    direction: 'in',
    amount: 500,
    asset: 'card-EUR',
    currency: 'EUR',
    reference: '0xabc123',
    note: null,
    staffId: 'staff-1',
    staffName: 'anna_manager',
    at: '2026-11-20T10:15:00.000Z',
    recordedAtCompletion: false,
    ...overrides,
  };
}

const PERIOD = { from: '2026-10-28', to: '2026-11-26' };
const page = (items: TransactionView[], nextCursor: string | null = null): Page => ({
  items,
  nextCursor,
  period: PERIOD,
  timeZone: 'Europe/Moscow',
});

const FIRST = page(
  [
    movement(),
    movement({
      id: `${APP_ID}#out`,
      direction: 'out',
      amount: 531.25,
      asset: 'usdt-trc20',
      currency: 'USDT',
      reference: null,
      staffName: null,
      recordedAtCompletion: true,
    }),
  ],
  'cursor-2',
);
const SECOND = page([movement({ id: 'b#refund', direction: 'refund', reference: 'R-17' })]);

const rows = () => screen.getAllByRole('row').slice(1);

const EXPORT_ID = '0b7e4c1a-5d2f-4e8a-9c3b-6f1d2a7e8b90';
function exportJob(overrides: Partial<ExportJobView>): ExportJobView {
  return {
    id: EXPORT_ID,
    state: 'preparing',
    format: 'xlsx',
    language: 'en',
    period: { from: 'a', to: 'b' },
    timeZone: 'Europe/Moscow',
    currency: null,
    direction: 'refund',
    fileName: 'transactions_a_b_refund.xlsx',
    createdAt: '2026-11-20T10:15:00.000Z',
    rows: null,
    finishedAt: null,
    downloadUrl: null,
    downloadExpiresAt: null,
    ...overrides,
  };
}

describe('TransactionsPage', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists each movement: time, direction, amount and asset, reference, application, staff', async () => {
    fakeApi().answer(adminListTransactions, ok(FIRST));
    renderAdmin(<TransactionsPage />, { role: 'MANAGER', url: '/admin/transaction-history' });
    await screen.findByText('0xabc123');
    expect(screen.getByText('2026-10-28 to 2026-11-26 (days in Europe/Moscow), newest first.')).toBeTruthy();
    const [paidIn, paidOut] = rows().map((row) => within(row));
    expect(paidIn!.getByText('Client paid in')).toBeTruthy();
    expect(paidIn!.getByText('Card EUR')).toBeTruthy();
    expect(paidIn!.getByText('anna_manager')).toBeTruthy();
    expect(paidIn!.queryByText('recorded at completion')).toBeNull();
    const link = paidIn!.getByRole('link', { name: APP_ID.slice(0, 12) });
    expect(link.getAttribute('href')).toBe(`/admin/application-management?open_id=${APP_ID}`);
    expect(paidOut!.getByText('Office paid out')).toBeTruthy();
    expect(paidOut!.getByText('531.25')).toBeTruthy();
    expect(paidOut!.getByText('USDT (TRC-20)')).toBeTruthy();
    expect(paidOut!.getByText('recorded at completion')).toBeTruthy();
    expect(paidOut!.getByText('account removed')).toBeTruthy();
    expect(paidOut!.getByText('—')).toBeTruthy();
  });

  it("writes each time in the business's zone: 22:30 UTC is 01:30 the next day in Moscow", async () => {
    fakeApi().answer(adminListTransactions, ok(page([movement({ at: '2026-11-20T22:30:00.000Z' })])));
    renderAdmin(<TransactionsPage />, { role: 'MANAGER', url: '/admin/transaction-history' });
    await screen.findByText('0xabc123');
    expect(within(rows()[0]!).getByText('21/11/2026, 01:30')).toBeTruthy();
  });

  it("names the system as the one who recorded the chain watcher's movement, not a removed account", async () => {
    fakeApi().answer(adminListTransactions, ok(page([movement({ staffId: 'system', staffName: null })])));
    renderAdmin(<TransactionsPage />);
    await screen.findByText('0xabc123');

    const [watched] = rows().map((row) => within(row));
    expect(watched!.getByText('system')).toBeTruthy();
    expect(watched!.queryByText('account removed')).toBeNull();
  });

  it('pages by cursor: older sends the cursor it was given, newer goes back, a filter starts again', async () => {
    const api = fakeApi().answer(adminListTransactions, (request) =>
      ok(request.query.cursor === 'cursor-2' ? SECOND : FIRST),
    );
    renderAdmin(<TransactionsPage />);
    await screen.findByText('0xabc123');
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('R-17');
    expect(screen.getByText('Page 2')).toBeTruthy();
    // The next page names the period the first one answered, so midnight cannot move it.
    expect(api.requests(adminListTransactions).at(-1)!.query).toEqual({ ...PERIOD, cursor: 'cursor-2' });
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('0xabc123');
    expect(api.requests(adminListTransactions).at(-1)!.query).toEqual({});
    // On page 2 again, a direction sends no cursor: the old one belongs to the old filter.
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('R-17');
    fireEvent.change(screen.getByRole('combobox', { name: 'Movement' }), { target: { value: 'refund' } });
    await waitFor(() =>
      expect(api.requests(adminListTransactions).at(-1)!.query).toEqual({ direction: 'refund' }),
    );
    expect(await screen.findByText('Page 1')).toBeTruthy();
  });

  it('applies the period and the currency when submitted, and refuses a period that ends before it starts', async () => {
    const api = fakeApi().answer(adminListTransactions, ok(FIRST));
    renderAdmin(<TransactionsPage />);
    await screen.findByText('0xabc123');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The period must not end before it starts.');
    expect(api.requests(adminListTransactions)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'euro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a currency code such as USD or USDT.');
    expect(api.requests(adminListTransactions)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'usdt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.requests(adminListTransactions).at(-1)!.query).toEqual({
        from: '2026-11-10',
        to: '2026-11-20',
        currency: 'USDT',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('exports the filters shown as XLSX in the interface’s language: preparing, then ready, downloaded by a fresh link', async () => {
    const api = fakeApi()
      .answer(adminListTransactions, ok(FIRST))
      .answer(adminCreateExport, ok(exportJob({ state: 'preparing' })))
      .answer(
        adminGetExport,
        ok(exportJob({ state: 'ready', rows: 2500, downloadUrl: 'https://files.example/first' })),
        ok(exportJob({ state: 'ready', rows: 2500, downloadUrl: 'https://files.example/fresh' })),
      );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderAdmin(<TransactionsPage />, { url: '/admin/transaction-history?direction=refund' });
    await screen.findByText('0xabc123');

    fireEvent.change(screen.getByRole('combobox', { name: 'File format' }), { target: { value: 'xlsx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    expect(
      await screen.findByText('Preparing transactions_a_b_refund.xlsx… A long period may take a minute.'),
    ).toBeTruthy();
    expect(api.requests(adminCreateExport)[0]!.body).toEqual({
      direction: 'refund',
      format: 'xlsx',
      language: 'en',
    });
    // The page asks for the state until the worker has written the file.
    expect(
      await screen.findByText('transactions_a_b_refund.xlsx is ready: 2,500 rows.', undefined, {
        timeout: 3_000,
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.getAttribute('href')).toBe('https://files.example/fresh');
    expect(clicked[0]!.download).toBe('transactions_a_b_refund.xlsx');
    expect(api.requests(adminGetExport).map((request) => request.params)).toEqual([
      { id: EXPORT_ID },
      { id: EXPORT_ID },
    ]);
  });

  it('says when the file could not be prepared', async () => {
    fakeApi()
      .answer(adminListTransactions, ok(FIRST))
      .answer(adminCreateExport, ok(exportJob({ state: 'preparing' })))
      .answer(adminGetExport, ok(exportJob({ state: 'failed' })));
    renderAdmin(<TransactionsPage />);
    await screen.findByText('0xabc123');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert', undefined, { timeout: 3_000 })).textContent).toBe(
      'The file could not be prepared. Try again, or export a shorter period.',
    );
  });

  it('says why an export was refused', async () => {
    fakeApi()
      .answer(adminListTransactions, ok(FIRST))
      .answer(adminCreateExport, refused(403, 'Insufficient role.', { code: 'RoleTooLow' }));
    renderAdmin(<TransactionsPage />);
    await screen.findByText('0xabc123');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        'You do not have permission to do this.',
      ]),
    );
  });

  it('speaks Russian', async () => {
    await setupTestI18n('ru');
    try {
      fakeApi().answer(adminListTransactions, ok(FIRST));
      renderAdmin(<TransactionsPage />);
      await screen.findByText('0xabc123');
      expect(screen.getByRole('heading', { name: 'История транзакций' })).toBeTruthy();
      expect(within(rows()[0]!).getByText('Оплата клиента')).toBeTruthy();
      expect(screen.getByText('записано при завершении')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Выгрузить' })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Формат файла' })).toBeTruthy();
    } finally {
      await startI18n();
    }
  });
});
