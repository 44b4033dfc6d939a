import { SETTING_DEFAULTS, SETTING_KEYS } from '@shared/constants';
import type { SettingView } from '@shared/contract/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { SettingsPage, settingValueError } from './settings-page';

const messages = { positive: 'positive', min: 'min' };

describe('settingValueError', () => {
  it('refuses a value below zero with the positive-number message', () => {
    expect(settingValueError('-1', 0, messages)).toBe('positive');
  });

  it('accepts zero for a setting whose minimum is zero', () => {
    expect(settingValueError('0', 0, messages)).toBeNull();
  });

  it('refuses a value below the setting minimum', () => {
    expect(settingValueError('0', 1, messages)).toBe('min');
  });

  it('says nothing about an empty field (saving is disabled instead)', () => {
    expect(settingValueError('', 0, messages)).toBeNull();
  });
});

const stored = (staffNotifyEmail: string): SettingView[] =>
  SETTING_KEYS.map((key) => ({
    key,
    value: key === 'staffNotifyEmail' ? staffNotifyEmail : SETTING_DEFAULTS[key].value,
    description: SETTING_DEFAULTS[key].description,
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
  }));

async function staffAddressForm(staffNotifyEmail: string) {
  vi.spyOn(adminApi, 'settings').mockResolvedValue(stored(staffNotifyEmail));
  const save = vi.spyOn(adminApi, 'saveSetting').mockImplementation(async (key, value) => ({
    success: true,
    message: '',
    data: { ...stored('')[0]!, key, value },
  }));
  renderAdmin(<SettingsPage />);
  const field = (await screen.findByLabelText('staffNotifyEmail, email')) as HTMLInputElement;
  const form = within(field.closest('form')!);
  return { field, save, button: form.getByRole('button', { name: 'Save' }) as HTMLButtonElement };
}

describe('the staff address setting', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is an email field that refuses what is not an address, with the server text', async () => {
    const { field, button } = await staffAddressForm('');
    expect(field.type).toBe('email');
    fireEvent.change(field, { target: { value: 'staff at example' } });
    expect(await screen.findByText('The value must be an email address, or empty for none.')).toBeTruthy();
    expect(button.disabled).toBe(true);
  });

  it('saves an address trimmed and in lower case', async () => {
    const { field, save, button } = await staffAddressForm('');
    fireEvent.change(field, { target: { value: ' Staff@Example.com ' } });
    fireEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledWith('staffNotifyEmail', 'staff@example.com'));
  });

  it('saves an empty field, which turns the staff mail off', async () => {
    const { field, save, button } = await staffAddressForm('staff@example.com');
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledWith('staffNotifyEmail', ''));
  });
});
