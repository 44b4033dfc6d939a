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

const stored = (staffNotifyEmail: string, overrides: Partial<Record<string, Partial<SettingView>>> = {}) =>
  SETTING_KEYS.map(
    (key): SettingView => ({
      key,
      value: key === 'staffNotifyEmail' ? staffNotifyEmail : SETTING_DEFAULTS[key].value,
      description: SETTING_DEFAULTS[key].description,
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
      ...overrides[key],
    }),
  );

async function staffAddressForm(staffNotifyEmail: string) {
  vi.spyOn(adminApi, 'settings').mockResolvedValue(stored(staffNotifyEmail));
  const save = vi.spyOn(adminApi, 'saveSetting').mockImplementation(async (key, value) => ({
    success: true,
    message: '',
    data: { ...stored('')[0]!, key, value },
  }));
  // The staff address is a SUPER_ADMIN's setting (SETTING_DEFAULTS' minRole).
  renderAdmin(<SettingsPage />, { role: 'SUPER_ADMIN' });
  const field = (await screen.findByLabelText(
    'Staff mail about new applications, email',
  )) as HTMLInputElement;
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

/** The settings page as an ADMIN sees it: the server withholds the export token from that role. */
async function settingsAs(role: 'ADMIN' | 'SUPER_ADMIN') {
  const settings = stored('staff@example.com', {
    ratesExportToken:
      role === 'ADMIN' ? { value: '', redacted: true } : { value: 'monitors-token-0123456789' },
  });
  vi.spyOn(adminApi, 'settings').mockResolvedValue(settings);
  const save = vi.spyOn(adminApi, 'saveSetting');
  renderAdmin(<SettingsPage />, { role });
  await screen.findByLabelText('Staff mail about new applications, email');
  const card = (label: string) => {
    const field = screen.getByLabelText(label) as HTMLInputElement;
    return { field, inCard: within(field.closest('.setting') as HTMLElement) };
  };
  return { card, save };
}

describe('settings above the staff member’s role', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it.each([
    ['Required for every staff member', 'On'],
    ['Staff mail about new applications, email', 'staff@example.com'],
  ])('shows %s read-only to an ADMIN, with who may change it and no Save', async (label, value) => {
    const { card, save } = await settingsAs('ADMIN');
    const { field, inCard } = card(label);
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(value);
    expect(inCard.getByText('Only a Super admin can change this setting.')).toBeTruthy();
    expect(inCard.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.change(field, { target: { value: '0' } });
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the export token to an ADMIN as hidden, read-only and empty', async () => {
    const { card } = await settingsAs('ADMIN');
    const { field, inCard } = card("Rate monitors' export token, 16–64 letters, digits, - or _");
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('Hidden');
    expect(inCard.getByText('Hidden: only a Super admin can see or change this setting.')).toBeTruthy();
    expect(inCard.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('leaves an ADMIN the settings of their role to change', async () => {
    const { card } = await settingsAs('ADMIN');
    const { field, inCard } = card('Minimum application amount, USD');
    expect(field.readOnly).toBe(false);
    expect(inCard.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('lets a SUPER_ADMIN change every setting, the token shown', async () => {
    const { card } = await settingsAs('SUPER_ADMIN');
    for (const label of [
      'Staff mail about new applications, email',
      "Rate monitors' export token, 16–64 letters, digits, - or _",
    ]) {
      const { field, inCard } = card(label);
      expect(field.readOnly, label).toBe(false);
      expect(inCard.getByRole('button', { name: 'Save' })).toBeTruthy();
    }
    expect(card("Rate monitors' export token, 16–64 letters, digits, - or _").field.value).toBe(
      'monitors-token-0123456789',
    );
  });
});

describe('an on/off setting', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is a switch named in words, never a box to type 1 or 0 in, and saves 0 or 1', async () => {
    const { save } = await settingsAs('SUPER_ADMIN');
    const toggle = screen.getByRole('switch', { name: 'Required for every staff member' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    const card = within(toggle.closest('.setting') as HTMLElement);
    expect(card.queryByRole('spinbutton')).toBeNull();
    expect(card.queryByRole('textbox')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('staffMfaRequired', 0));
  });

  it('names every setting in words: no field is labelled with its key', async () => {
    await settingsAs('SUPER_ADMIN');
    const labels = [...document.querySelectorAll('.setting label')].map((label) => label.textContent ?? '');
    expect(labels.length).toBeGreaterThan(20);
    const keyed = labels.filter((label) => /^[a-z]+[A-Z][A-Za-z0-9]*\b/.test(label));
    expect(keyed).toEqual([]);
  });
});

describe("the deal's clocks", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lets an ADMIN set the default time to pay, the window every issued instruction gets', async () => {
    const { card, save } = await settingsAs('ADMIN');
    const { field, inCard } = card('Time to pay, minutes');
    expect(field.value).toBe(String(SETTING_DEFAULTS.paymentWindowMinutes.value));
    fireEvent.change(field, { target: { value: '45' } });
    fireEvent.click(inCard.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('paymentWindowMinutes', 45));
  });

  it.each([
    'Time to top up a short payment, minutes',
    'Answer on a held payment, hours',
    'Verification photo retention, days',
  ])('shows %s to an ADMIN to change', async (label) => {
    const { card } = await settingsAs('ADMIN');
    const { field, inCard } = card(label);
    expect(field.readOnly).toBe(false);
    expect(inCard.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe("the business's time zone setting", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  async function timeZoneForm() {
    vi.spyOn(adminApi, 'settings').mockResolvedValue(stored(''));
    const save = vi.spyOn(adminApi, 'saveSetting').mockImplementation(async (key, value) => ({
      success: true,
      message: '',
      data: { ...stored('')[0]!, key, value },
    }));
    renderAdmin(<SettingsPage />, { role: 'SUPER_ADMIN' });
    const field = (await screen.findByLabelText(
      "The business's time zone, an IANA name such as Europe/Moscow",
    )) as HTMLInputElement;
    const form = within(field.closest('form')!);
    return { field, save, button: form.getByRole('button', { name: 'Save' }) as HTMLButtonElement };
  }

  it('shows Europe/Moscow by default and refuses a zone Intl does not know', async () => {
    const { field, button } = await timeZoneForm();
    expect(field.value).toBe('Europe/Moscow');
    fireEvent.change(field, { target: { value: 'Europe/Atlantis' } });
    expect(
      await screen.findByText('Unknown time zone: use an IANA name such as Europe/Moscow.'),
    ).toBeTruthy();
    expect(button.disabled).toBe(true);
  });

  it('saves a known zone, trimmed', async () => {
    const { field, save, button } = await timeZoneForm();
    fireEvent.change(field, { target: { value: ' Asia/Yekaterinburg ' } });
    fireEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledWith('businessTimeZone', 'Asia/Yekaterinburg'));
  });
});
