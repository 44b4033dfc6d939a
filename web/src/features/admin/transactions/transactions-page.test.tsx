import type { TransactionsPage as Page, TransactionView } from '@shared/contract/transactions';
import { adminExportTransactionsCsv, adminListTransactions } from '@shared/routes/transactions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { document as csvDocument, fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('TransactionsPage', () => {
  beforeAll(startI18n);
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
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

  it('downloads the CSV of the filters shown as a file, and says when the file was cut', async () => {
    const csv = '\uFEFFtime,direction\r\n2026-11-20T10:15:00.000Z,in\r\n';
    const api = fakeApi()
      .answer(adminListTransactions, ok(FIRST))
      .answer(
        adminExportTransactionsCsv,
        csvDocument(csv, { 'Content-Disposition': 'attachment; filename="transactions_a_b_refund.csv"' }),
        csvDocument(csv, {
          'Content-Disposition': 'attachment; filename="transactions_a_b_refund.csv"',
          'X-Export-Truncated': 'true',
        }),
      );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderAdmin(<TransactionsPage />, { url: '/admin/transaction-history?direction=refund' });
    await screen.findByText('0xabc123');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.requests(adminExportTransactionsCsv)[0]!.query).toEqual({ direction: 'refund' });
    expect(clicked[0]!.download).toBe('transactions_a_b_refund.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:csv');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe(csv.slice(1));
    expect(screen.queryByText(/holds the newest/)).toBeNull();
    // The button is disabled until the first download has ended (after the click above was seen).
    const download = screen.getByRole<HTMLButtonElement>('button', { name: 'Download CSV' });
    await waitFor(() => expect(download.disabled).toBe(false));
    fireEvent.click(download);
    expect(
      await screen.findByText(
        'The file holds the newest 10,000 rows only, and its last line says so: download a shorter period for the older ones.',
      ),
    ).toBeTruthy();
  });

  it('says why a download was refused', async () => {
    fakeApi()
      .answer(adminListTransactions, ok(FIRST))
      .answer(adminExportTransactionsCsv, refused(403, 'Insufficient role.', { code: 'RoleTooLow' }));
    renderAdmin(<TransactionsPage />);
    await screen.findByText('0xabc123');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
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
      expect(screen.getByRole('button', { name: 'Скачать CSV' })).toBeTruthy();
    } finally {
      await startI18n();
    }
  });
});
