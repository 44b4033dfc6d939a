import type { CurrencyValue } from '@shared/contract/rates';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { CurrencyRow } from './rate-rows';

const rub: CurrencyValue = {
  code: 'RUB',
  usdValue: 0.0107,
  cashStep: 1,
  updatedAt: '2026-11-26T10:00:00.000Z',
  updatedBy: 'staff-1',
  updatedByName: 'olga',
};

const row = (currency: CurrencyValue) =>
  renderAdmin(
    <table>
      <tbody>
        <CurrencyRow currency={currency} onSaved={() => {}} />
      </tbody>
    </table>,
  );

describe("a currency's row on the rates page", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the cash step and who changed it, and saves a new step with the value', async () => {
    const save = vi.spyOn(adminApi, 'saveRates').mockResolvedValue({ success: true } as never);
    row(rub);
    expect(screen.getByText('1 RUB')).toBeTruthy();
    expect(screen.getByText('olga')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit RUB' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Cash step of RUB' }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ currencies: [{ code: 'RUB', usdValue: 0.0107, cashStep: 100 }] }),
    );
  });

  it('refuses a step with more than whole cents before sending, and clears it when emptied', async () => {
    const save = vi.spyOn(adminApi, 'saveRates').mockResolvedValue({ success: true } as never);
    row(rub);
    fireEvent.click(screen.getByRole('button', { name: 'Edit RUB' }));
    const step = screen.getByRole('textbox', { name: 'Cash step of RUB' });
    fireEvent.change(step, { target: { value: '0.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/at most 2 decimals/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(step, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ currencies: [{ code: 'RUB', usdValue: 0.0107, cashStep: null }] }),
    );
  });

  it('has no cash step for USDT', () => {
    row({ ...rub, code: 'USDT', usdValue: 1, cashStep: null });
    fireEvent.click(screen.getByRole('button', { name: 'Edit USDT' }));
    expect(screen.queryByRole('textbox', { name: 'Cash step of USDT' })).toBeNull();
  });
});
