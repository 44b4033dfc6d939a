import type { ExpiredQuote } from '@shared/contract/applications';
import { OPEN_STATUSES, staffMovesFrom } from '@shared/lifecycle';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { StatusSelect } from './status-select';

const ID = '0123456789abcdef';
const AMOUNTS = { amountFrom: 500, assetFrom: 'card-EUR', amountTo: 512.5, assetTo: 'usdt-trc20' };

describe('StatusSelect', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  const select = () => screen.getByLabelText('Status of application 0123456789ab');

  it('sends a status other than rejected straight away', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(
      <StatusSelect applicationId={ID} status="PENDING" own={false} amounts={AMOUNTS} onChange={onChange} />,
    );
    fireEvent.change(select(), { target: { value: 'PROCESSING' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('PROCESSING', undefined));
  });

  it('asks for a reason instead of sending when rejected is chosen', () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(
      <StatusSelect applicationId={ID} status="PENDING" own={false} amounts={AMOUNTS} onChange={onChange} />,
    );
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    expect(screen.getByLabelText(/Reason for rejection/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a blank reason with the spec message', () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(
      <StatusSelect applicationId={ID} status="PENDING" own={false} amounts={AMOUNTS} onChange={onChange} />,
    );
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Reason for rejection required.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('rejects with the trimmed reason', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(
      <StatusSelect
        applicationId={ID}
        status="PROCESSING"
        own={false}
        amounts={AMOUNTS}
        onChange={onChange}
      />,
    );
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), {
      target: { value: ' Documents missing ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('REJECTED', 'Documents missing'));
  });

  it('keeps showing the current status when the rejection is cancelled', () => {
    renderAdmin(
      <StatusSelect applicationId={ID} status="PENDING" own={false} amounts={AMOUNTS} onChange={vi.fn()} />,
    );
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((select() as HTMLSelectElement).value).toBe('PENDING');
  });

  it('offers only the moves the lifecycle allows from the current status, in its order', () => {
    renderAdmin(
      <StatusSelect applicationId={ID} status="PENDING" own={false} amounts={AMOUNTS} onChange={vi.fn()} />,
    );
    const options = [...(select() as HTMLSelectElement).options];
    // shared/lifecycle.ts lists take, then staff's cancel, then reject (open statuses).
    expect(options.map((option) => [option.value, option.disabled])).toEqual([
      ['PENDING', true],
      ['PROCESSING', false],
      ['CANCELLED', false],
      ['REJECTED', false],
    ]);
  });

  it.each(OPEN_STATUSES)('offers from %s exactly the status moves of the lifecycle', (status) => {
    renderAdmin(
      <StatusSelect applicationId={ID} status={status} own={false} amounts={AMOUNTS} onChange={vi.fn()} />,
    );
    const offered = [...(select() as HTMLSelectElement).options].filter((option) => !option.disabled);
    expect(offered.map((option) => option.value)).toEqual(staffMovesFrom(status));
  });

  describe('completing at the office (PROCESSING → COMPLETED)', () => {
    const dialog = () =>
      screen.getByRole('dialog', { name: 'Complete application 0123456789ab at the office?' });

    it('asks first, saying both movements are recorded, and sends nothing until confirmed', () => {
      const onChange = vi.fn().mockResolvedValue(null);
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="PROCESSING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      expect(
        within(dialog()).getByText(
          "A deal done face to face: the client's payment and the payout are both recorded as money movements when it completes.",
        ),
      ).toBeTruthy();
      expect(onChange).not.toHaveBeenCalled();
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(onChange).not.toHaveBeenCalled();
      expect((select() as HTMLSelectElement).value).toBe('PROCESSING');
    });

    it('completes once confirmed', async () => {
      const onChange = vi.fn().mockResolvedValue(null);
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="PROCESSING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Complete at the office' }));
      await waitFor(() => expect(onChange).toHaveBeenCalledWith('COMPLETED', undefined));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('shows the amounts the reserves move by', () => {
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="PROCESSING"
          own={false}
          amounts={AMOUNTS}
          onChange={vi.fn()}
        />,
      );
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      expect(within(dialog()).getByText('500 Card EUR')).toBeTruthy();
      expect(within(dialog()).getByText('512.50 USDT (TRC-20)')).toBeTruthy();
    });
  });

  describe('completing from EXCHANGING', () => {
    const dialog = () => screen.getByRole('dialog', { name: 'Complete application 0123456789ab?' });

    it('asks first, showing what the client gives and receives, and sends nothing until confirmed', () => {
      const onChange = vi.fn().mockResolvedValue(null);
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      expect(within(dialog()).getByText('The client gives')).toBeTruthy();
      expect(within(dialog()).getByText('500 Card EUR')).toBeTruthy();
      expect(within(dialog()).getByText('The client receives')).toBeTruthy();
      expect(within(dialog()).getByText('512.50 USDT (TRC-20)')).toBeTruthy();
      expect(onChange).not.toHaveBeenCalled();
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(onChange).not.toHaveBeenCalled();
      expect((select() as HTMLSelectElement).value).toBe('EXCHANGING');
    });

    it('completes once confirmed', async () => {
      const onChange = vi.fn().mockResolvedValue(null);
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Complete' }));
      await waitFor(() => expect(onChange).toHaveBeenCalledWith('COMPLETED', undefined));
    });
  });

  it.each(['COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED'])(
    'shows %s as a badge with no control',
    (status) => {
      renderAdmin(
        <StatusSelect applicationId={ID} status={status} own={false} amounts={AMOUNTS} onChange={vi.fn()} />,
      );
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(document.querySelector(`.status-fixed[data-status="${status}"] .badge`)).toBeTruthy();
    },
  );

  it('offers no control on the staff member’s own application and says so', () => {
    renderAdmin(
      <StatusSelect applicationId={ID} status="PENDING" own amounts={AMOUNTS} onChange={vi.fn()} />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Your own')).toBeTruthy();
  });

  describe('completing after the quote lock ended', () => {
    const expired: ExpiredQuote = {
      lockedUntil: '2026-11-20T10:30:00.000Z',
      assetTo: 'usdt-trc20',
      currencyTo: 'USDT',
      lockedRate: 1.97,
      lockedAmountTo: 197,
      currentRate: 0.985,
      currentAmountTo: 98.5,
      currentRefusal: null,
    };
    /** The server refuses the first completion with the figures, and accepts the confirmed one. */
    const serverAsking = () => vi.fn().mockResolvedValueOnce(expired).mockResolvedValue(null);
    const dialog = () =>
      screen.getByRole('dialog', { name: 'Complete application 0123456789ab at its expired quote?' });
    /** Chooses COMPLETED and confirms the amounts (the first question). */
    const completeConfirmed = () => {
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Complete application 0123456789ab?' })).getByRole(
          'button',
          {
            name: 'Complete',
          },
        ),
      );
    };

    it('shows the locked and the fresh amount and sends nothing more until staff confirm', async () => {
      const onChange = serverAsking();
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );

      completeConfirmed();

      await waitFor(() => expect(dialog()).toBeTruthy());
      expect(within(dialog()).getByText('197 USDT (TRC-20)')).toBeTruthy();
      expect(within(dialog()).getByText('98.50 USDT (TRC-20)')).toBeTruthy();
      expect(within(dialog()).getByText('Paid out at the locked rate')).toBeTruthy();
      expect(within(dialog()).getByText('A fresh quote gives now')).toBeTruthy();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith('COMPLETED', undefined);
    });

    it('completes with acceptExpiredQuote once staff confirm', async () => {
      const onChange = serverAsking();
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      completeConfirmed();
      await waitFor(() => expect(dialog()).toBeTruthy());

      fireEvent.click(within(dialog()).getByRole('button', { name: 'Complete at the locked amount' }));

      await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('COMPLETED', undefined, true));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('completes nothing when staff cancel', async () => {
      const onChange = serverAsking();
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      completeConfirmed();
      await waitFor(() => expect(dialog()).toBeTruthy());

      fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).toBeNull();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect((select() as HTMLSelectElement).value).toBe('EXCHANGING');
    });

    it('says when no fresh quote is available, with the reason worded by its code', async () => {
      const onChange = vi.fn().mockResolvedValueOnce({
        ...expired,
        currentRate: null,
        currentAmountTo: null,
        currentRefusal: 'No exchange rate is available for card-EUR → usdt-trc20 (worded by the server).',
        currentRefusalCode: 'NoRatePublished',
        currentRefusalParams: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' },
      });
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );

      completeConfirmed();

      await waitFor(() => expect(dialog()).toBeTruthy());
      expect(within(dialog()).getByText('no fresh quote now')).toBeTruthy();
      expect(
        within(dialog()).getByText(
          'No exchange rate is available for this pair now. You can submit an individual request instead.',
        ),
      ).toBeTruthy();
    });

    it('asks for the office confirmation first, then for the expired quote, from PROCESSING', async () => {
      const onChange = serverAsking();
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="PROCESSING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );
      fireEvent.change(select(), { target: { value: 'COMPLETED' } });
      fireEvent.click(screen.getByRole('button', { name: 'Complete at the office' }));

      await waitFor(() => expect(dialog()).toBeTruthy());
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Complete at the locked amount' }));

      await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('COMPLETED', undefined, true));
      expect(onChange).toHaveBeenCalledTimes(2);
    });

    it('completes once confirmed within the lock, with no second question', async () => {
      const onChange = vi.fn().mockResolvedValue(null);
      renderAdmin(
        <StatusSelect
          applicationId={ID}
          status="EXCHANGING"
          own={false}
          amounts={AMOUNTS}
          onChange={onChange}
        />,
      );

      completeConfirmed();

      await waitFor(() => expect(onChange).toHaveBeenCalledWith('COMPLETED', undefined));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  });
});
