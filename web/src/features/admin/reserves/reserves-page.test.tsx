import type { ReserveView } from '@shared/contract/reserves';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { refusalError } from '@web/testing/fake-api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { ReservesPage } from './reserves-page';

const reserve = (code: string, amount: number, alertLevel: number): ReserveView => ({
  code,
  amount,
  alertLevel,
  belowAlert: amount < alertLevel,
  alertedAt: amount < alertLevel ? '2026-03-01T10:00:00.000Z' : null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
});

const STORED = [
  reserve('AED', 370_000, 37_000),
  reserve('EUR', 93_000, 9_300),
  reserve('GEL', 100, 500),
  reserve('USDT', 250_000, 25_000),
];

function openPage(stored = STORED) {
  vi.spyOn(adminApi, 'reserves').mockResolvedValue(stored);
  const save = vi.spyOn(adminApi, 'saveReserves');
  renderAdmin(<ReservesPage />, { url: '/admin/reserves' });
  return save;
}

const rowOf = (code: string) => screen.getByRole('rowheader', { name: code }).closest('tr')!;

async function edit(code: string, values: { amount?: string; alertLevel?: string }) {
  fireEvent.click(await screen.findByRole('button', { name: `Edit the ${code} reserve` }));
  const row = within(rowOf(code));
  if (values.amount !== undefined) {
    fireEvent.change(row.getByLabelText(`Amount of ${code} held`), { target: { value: values.amount } });
  }
  if (values.alertLevel !== undefined) {
    fireEvent.change(row.getByLabelText(`Alert level of ${code}`), { target: { value: values.alertLevel } });
  }
  fireEvent.click(row.getByRole('button', { name: 'Save' }));
  return row;
}

describe('ReservesPage', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists the reserves below their alert level first, marked, then USDT and the base currencies', async () => {
    openPage();
    await screen.findByRole('rowheader', { name: 'GEL' });
    const codes = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(codes).toEqual(['GEL', 'USDT', 'EUR', 'AED']);
    expect(within(rowOf('GEL')).getByText('Below alert level')).toBeTruthy();
    expect(within(rowOf('GEL')).getByText(/^Staff alerted /)).toBeTruthy();
    expect(within(rowOf('USDT')).getByText('OK')).toBeTruthy();
    expect(within(rowOf('USDT')).getByText('250,000 USDT')).toBeTruthy();
  });

  it("names who last changed a reserve, never the staff member's id", async () => {
    const id = '5f0c7c1e-2b7a-4d8e-9c1a-0a1b2c3d4e5f';
    openPage([
      { ...reserve('EUR', 93_000, 9_300), updatedBy: id, updatedByName: 'olga' },
      reserve('USDT', 250_000, 25_000),
    ]);
    await screen.findByRole('rowheader', { name: 'EUR' });
    expect(within(rowOf('EUR')).getByText('olga')).toBeTruthy();
    expect(within(rowOf('USDT')).getByText('system')).toBeTruthy();
    expect(document.body.textContent).not.toContain(id);
  });

  it('shows only the reserves below their alert level when filtered', async () => {
    openPage();
    await screen.findByRole('rowheader', { name: 'GEL' });
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'below' } });
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['GEL']);
  });

  it("refuses what the server would, with the server's texts, before sending", async () => {
    const save = openPage();
    const row = await edit('EUR', { amount: '-5', alertLevel: 'lots' });
    expect(row.getByText('Must be 0 or more.')).toBeTruthy();
    expect(row.getByText('Enter a number, 0 or more.')).toBeTruthy();

    fireEvent.change(row.getByLabelText('Amount of EUR held'), { target: { value: '10.005' } });
    fireEvent.change(row.getByLabelText('Alert level of EUR'), { target: { value: '1000' } });
    fireEvent.click(row.getByRole('button', { name: 'Save' }));
    expect(row.getByText('At most 2 decimal places.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves an amount with a decimal comma and thousands spaces, and shows the reserves answered', async () => {
    const save = openPage().mockResolvedValue({
      success: true,
      message: 'Reserves saved.',
      data: { changed: 1, reserves: [STORED[0]!, reserve('EUR', 1_234.5, 2_000), STORED[2]!, STORED[3]!] },
    });
    await edit('EUR', { amount: '1 234,5', alertLevel: '2000' });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ reserves: [{ code: 'EUR', amount: 1234.5, alertLevel: 2000 }] }),
    );
    expect(await screen.findByText('1,234.5 EUR')).toBeTruthy();
    expect(within(rowOf('EUR')).getByText('Below alert level')).toBeTruthy();
  });

  it('allows USDT its six decimals', async () => {
    const save = openPage().mockResolvedValue({
      success: true,
      message: '',
      data: { changed: 1, reserves: STORED },
    });
    await edit('USDT', { amount: '1000.123456' });
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        reserves: [{ code: 'USDT', amount: 1000.123456, alertLevel: 25_000 }],
      }),
    );
  });

  it("shows the server's refusal of a field under its cell", async () => {
    openPage().mockRejectedValue(
      refusalError(400, 'Validation failed.', {
        code: 'ValidationFailed',
        errors: [
          {
            path: 'reserves.0.alertLevel',
            param: 'reserves.0.alertLevel',
            code: 'decimalPlaces',
            params: { decimals: 2 },
            msg: 'At most 2 decimal places.',
          },
        ],
      }),
    );
    const row = await edit('GEL', { alertLevel: '600' });
    expect(await row.findByText('At most 2 decimal places.')).toBeTruthy();
  });

  it("takes only the alert level of a currency the books hold, and sends its accounts' amount back unchanged", async () => {
    const booked = { ...reserve('USDT', 250_000, 25_000), booked: true };
    const save = openPage([booked]);
    save.mockResolvedValue({ success: true, message: '', data: { changed: 1, reserves: [booked] } });

    const row = await edit('USDT', { alertLevel: '30000' });

    expect(row.queryByLabelText('Amount of USDT held')).toBeNull();
    expect(row.getByRole('link', { name: 'What its accounts hold: change it on Accounts' })).toBeTruthy();
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        reserves: [{ code: 'USDT', amount: 250_000, alertLevel: 30_000 }],
      }),
    );
  });
});
