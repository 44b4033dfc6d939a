import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { StatusSelect } from './status-select';

const ID = '0123456789abcdef';

describe('StatusSelect', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  const select = () => screen.getByLabelText('Status of application 0123456789ab');

  it('sends a status other than rejected straight away', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(<StatusSelect applicationId={ID} status="PENDING" own={false} onChange={onChange} />);
    fireEvent.change(select(), { target: { value: 'PROCESSING' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('PROCESSING', undefined));
  });

  it('asks for a reason instead of sending when rejected is chosen', () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(<StatusSelect applicationId={ID} status="PENDING" own={false} onChange={onChange} />);
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    expect(screen.getByLabelText(/Reason for rejection/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a blank reason with the spec message', () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(<StatusSelect applicationId={ID} status="PENDING" own={false} onChange={onChange} />);
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Reason for rejection required.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('rejects with the trimmed reason', async () => {
    const onChange = vi.fn().mockResolvedValue(undefined);
    renderAdmin(<StatusSelect applicationId={ID} status="PROCESSING" own={false} onChange={onChange} />);
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), {
      target: { value: ' Documents missing ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('REJECTED', 'Documents missing'));
  });

  it('keeps showing the current status when the rejection is cancelled', () => {
    renderAdmin(<StatusSelect applicationId={ID} status="PENDING" own={false} onChange={vi.fn()} />);
    fireEvent.change(select(), { target: { value: 'REJECTED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((select() as HTMLSelectElement).value).toBe('PENDING');
  });

  it('offers only the moves the lifecycle allows from the current status', () => {
    renderAdmin(<StatusSelect applicationId={ID} status="PENDING" own={false} onChange={vi.fn()} />);
    const options = [...(select() as HTMLSelectElement).options];
    expect(options.map((option) => [option.value, option.disabled])).toEqual([
      ['PENDING', true],
      ['PROCESSING', false],
      ['REJECTED', false],
      ['CANCELLED', false],
    ]);
  });

  it.each(['COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED'])(
    'shows %s as a badge with no control',
    (status) => {
      renderAdmin(<StatusSelect applicationId={ID} status={status} own={false} onChange={vi.fn()} />);
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(document.querySelector(`.status-fixed[data-status="${status}"] .badge`)).toBeTruthy();
    },
  );

  it('offers no control on the staff member’s own application and says so', () => {
    renderAdmin(<StatusSelect applicationId={ID} status="PENDING" own onChange={vi.fn()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Your own')).toBeTruthy();
  });
});
