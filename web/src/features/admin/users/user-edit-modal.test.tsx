import type { RatesData } from '@shared/contract/rates';
import { FULL_SCOPE } from '@shared/staff-scope';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { refusalError } from '@web/testing/fake-api';
import { testCity, testContinent, testCountry, testUser } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { UserEditModal } from './user-edit-modal';

const USER = testUser({ id: 'user-1', email: 'anna@example.test', referralCode: 'ABC' });
const MANAGER = testUser({ id: 'manager-1', email: 'max@example.test', role: 'MANAGER', scope: FULL_SCOPE });

/** The cities (one switched off) and directions a manager's rights are chosen from. */
function choices() {
  vi.spyOn(adminApi, 'geo').mockResolvedValue([
    testContinent('europe', 'Europe', [
      testCountry('europe.spain', 'Spain', 'EUR', [
        testCity('europe.spain.madrid', 'Madrid'),
        testCity('europe.spain.valencia', 'Valencia', { isActive: false }),
      ]),
    ]),
  ]);
  vi.spyOn(adminApi, 'rates').mockResolvedValue({
    directions: [
      { assetFrom: 'cash-EUR', assetTo: 'usdt-trc20' },
      { assetFrom: 'usdt-trc20', assetTo: 'card-EUR' },
    ],
  } as RatesData);
}

const optionsOf = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((option) => [
    option.value,
    option.textContent,
  ]);

describe('UserEditModal', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers an ADMIN only the roles below ADMIN', () => {
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />, { role: 'ADMIN' });
    const options = Array.from((screen.getByLabelText('Role') as HTMLSelectElement).options).map(
      (o) => o.value,
    );
    expect(options).toEqual(['USER', 'MANAGER']);
  });

  it('sends only the changed fields, an emptied username as null', async () => {
    const update = vi
      .spyOn(adminApi, 'updateUser')
      .mockResolvedValue({ success: true, message: '', data: USER });
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('user-1', { username: null }));
  });

  it("shows a manager's rights: every city there is and every direction to choose from", async () => {
    choices();
    renderAdmin(<UserEditModal user={MANAGER} onClose={() => {}} onSaved={() => {}} />);
    const rights = screen.getByRole('group', { name: 'Rights of this manager' });

    fireEvent.click(await within(rights).findByLabelText('All cities'));
    fireEvent.click(within(rights).getByLabelText('All directions'));

    expect(optionsOf('Cities they handle')).toEqual([
      ['europe.spain.madrid', 'Madrid'],
      ['europe.spain.valencia', 'Valencia'],
    ]);
    expect(optionsOf('Directions they handle')).toEqual([
      ['cash-EUR→usdt-trc20', 'Cash EUR → USDT (TRC-20)'],
      ['usdt-trc20→card-EUR', 'USDT (TRC-20) → Card EUR'],
    ]);
    expect((within(rights).getByLabelText('May record refunds') as HTMLInputElement).checked).toBe(true);
  });

  it('sends the cities chosen and the refund right taken away, as the scope', async () => {
    choices();
    const update = vi
      .spyOn(adminApi, 'updateUser')
      .mockResolvedValue({ success: true, message: '', data: MANAGER });
    renderAdmin(<UserEditModal user={MANAGER} onClose={() => {}} onSaved={() => {}} />);

    fireEvent.click(await screen.findByLabelText('All cities'));
    const cities = screen.getByLabelText('Cities they handle') as HTMLSelectElement;
    cities.options[0]!.selected = true;
    fireEvent.change(cities);
    fireEvent.click(screen.getByLabelText('May record refunds'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() =>
      expect(update).toHaveBeenCalledWith('manager-1', {
        scope: { cities: ['europe.spain.madrid'], directions: null, mayRefund: false },
      }),
    );
  });

  it('asks for at least one city once "all cities" is unticked, and saves nothing until then', async () => {
    choices();
    const update = vi.spyOn(adminApi, 'updateUser');
    renderAdmin(<UserEditModal user={MANAGER} onClose={() => {}} onSaved={() => {}} />);

    fireEvent.click(await screen.findByLabelText('All cities'));

    expect(screen.getByText('Choose at least one, or tick “all”.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(update).not.toHaveBeenCalled();
  });

  it('shows no rights for a client', () => {
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Rights of this manager' })).toBeNull();
  });

  it('hides the rights once a manager is made a client, and sends no scope with the new role', async () => {
    choices();
    const update = vi
      .spyOn(adminApi, 'updateUser')
      .mockResolvedValue({ success: true, message: '', data: MANAGER });
    renderAdmin(<UserEditModal user={MANAGER} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.click(await screen.findByLabelText('May record refunds'));

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'USER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('group', { name: 'Rights of this manager' })).toBeNull();
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('manager-1', { role: 'USER' }));
  });

  it('shows a server field error under its field', async () => {
    vi.spyOn(adminApi, 'updateUser').mockRejectedValue(
      refusalError(409, 'This email is already in use.', {
        code: 'UserFieldTaken',
        errors: [{ path: 'email', param: 'email', code: 'emailInUse', msg: 'This email is already in use.' }],
      }),
    );
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This email is already in use.',
    );
  });
});
