import { SETTING_DEFAULTS } from '@shared/constants';
import type { SettingView } from '@shared/contract/admin';
import type { TelegramBotStatus } from '@shared/contract/telegram';
import { adminPutSetting } from '@shared/routes/settings';
import {
  adminTelegramSetWebhook,
  adminTelegramStatus,
  adminTelegramTestMessage,
} from '@shared/routes/telegram';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { done, fakeApi, ok, refused } from '@web/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { TelegramPanel } from './telegram-panel';

const GROUP = { id: '-1001234567890', title: 'Exchange staff', seenAt: '2026-11-25T10:00:00.000Z' };
const OTHER = { id: '-1009876543210', title: 'Old team', seenAt: '2026-11-01T10:00:00.000Z' };

/** A configured bot whose webhook points elsewhere, no staff group yet, one send error. */
function botStatus(changes: Partial<TelegramBotStatus> = {}): TelegramBotStatus {
  return {
    configured: true,
    username: 'exchange_bot',
    webhook: {
      set: false,
      url: 'https://old.example.com/api/telegram/webhook',
      pendingUpdates: 3,
      lastErrorAt: '2026-11-26T09:00:00.000Z',
      lastErrorMessage: 'Wrong response from the webhook: 502 Bad Gateway',
    },
    webhookError: null,
    lastUpdateAt: '2026-11-26T08:00:00.000Z',
    staffChatId: '',
    groups: [GROUP, OTHER],
    recentErrors: [
      { at: '2026-11-26T07:00:00.000Z', kind: 'status', error: 'Forbidden: bot was blocked by the user' },
    ],
    ...changes,
  };
}

const chatSetting = (value: string): SettingView => ({
  key: 'telegramStaffChatId',
  value,
  description: SETTING_DEFAULTS.telegramStaffChatId.description,
  updatedAt: '2026-11-26T10:00:00.000Z',
  updatedBy: 'boss',
});

const panel = async () =>
  within((await screen.findByRole('region', { name: 'Telegram bot' })) as HTMLElement);
const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);

describe('the security page’s Telegram bot panel', () => {
  beforeEach(startI18n);
  afterEach(cleanup);

  it('shows a SUPER_ADMIN the bot, the webhook pointed elsewhere, the last update and errors, and sets the webhook', async () => {
    const onChanged = vi.fn();
    const set = botStatus({
      webhook: {
        set: true,
        url: 'https://exchange.example.com/api/telegram/webhook',
        pendingUpdates: 0,
        lastErrorAt: null,
        lastErrorMessage: null,
      },
    });
    const api = fakeApi()
      .answer(adminTelegramStatus, ok(botStatus()))
      .answer(adminTelegramSetWebhook, ok(set));
    renderAdmin(<TelegramPanel onChanged={onChanged} />, { role: 'SUPER_ADMIN' });
    const view = await panel();

    const bot = (await view.findByRole('link', { name: /@exchange_bot/ })) as HTMLAnchorElement;
    expect(bot.href).toBe('https://t.me/exchange_bot');
    expect(bot.target).toBe('_blank');
    expect(view.getByText('Pointed elsewhere')).toBeTruthy();
    expect(view.getByText('https://old.example.com/api/telegram/webhook')).toBeTruthy();
    expect(view.getByText('Pending updates: 3')).toBeTruthy();
    expect(view.getByText(/^Last error .*: Wrong response from the webhook: 502 Bad Gateway$/)).toBeTruthy();
    expect(view.getByText('Alerts go to: no group chosen (no alerts are sent)')).toBeTruthy();
    const errors = within(view.getByRole('table', { name: 'Recent send errors' }));
    expect(errors.getByText('Forbidden: bot was blocked by the user')).toBeTruthy();

    fireEvent.click(view.getByRole('button', { name: 'Set webhook' }));

    expect(await view.findByText('Set')).toBeTruthy();
    expect(view.getByText('https://exchange.example.com/api/telegram/webhook')).toBeTruthy();
    expect(view.queryByText(/^Last error/)).toBeNull();
    expect(api.requests(adminTelegramSetWebhook)).toHaveLength(1);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(toasts()).toContain('The webhook points at this exchange now.');
  });

  it('shows an ADMIN everything read-only: no webhook, group or test controls', async () => {
    fakeApi().answer(adminTelegramStatus, ok(botStatus({ staffChatId: GROUP.id })));
    renderAdmin(<TelegramPanel onChanged={() => {}} />, { role: 'ADMIN' });
    const view = await panel();

    expect(await view.findByText('Alerts go to: Exchange staff (-1001234567890)')).toBeTruthy();
    expect(view.getByText('Pointed elsewhere')).toBeTruthy();
    expect(view.getByText('Forbidden: bot was blocked by the user')).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Set webhook' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Send test message' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(view.queryByLabelText('Group chat id')).toBeNull();
    expect(
      view.getByText(
        'Only a Super admin can set the webhook, choose the staff group or send a test message.',
      ),
    ).toBeTruthy();
  });

  it('saves the staff group picked from the bot’s groups through the settings route', async () => {
    const onChanged = vi.fn();
    const api = fakeApi()
      .answer(adminTelegramStatus, ok(botStatus()))
      .answer(adminPutSetting, ok(chatSetting(GROUP.id)));
    renderAdmin(<TelegramPanel onChanged={onChanged} />, { role: 'SUPER_ADMIN' });
    const view = await panel();
    const save = (await view.findByRole('button', { name: 'Save' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(view.getByLabelText('Groups the bot is in'), { target: { value: GROUP.id } });
    expect((view.getByLabelText('Group chat id') as HTMLInputElement).value).toBe(GROUP.id);
    fireEvent.click(save);

    await waitFor(() => expect(api.requests(adminPutSetting)).toHaveLength(1));
    expect(api.requests(adminPutSetting)[0]).toMatchObject({
      params: { key: 'telegramStaffChatId' },
      body: { value: GROUP.id },
    });
    expect(await view.findByText('Alerts go to: Exchange staff (-1001234567890)')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(toasts()).toContain('Staff group saved.');
  });

  it('takes a typed id of a group the bot has not seen, and refuses one that is not a chat id before saving', async () => {
    const api = fakeApi()
      .answer(adminTelegramStatus, ok(botStatus({ groups: [] })))
      .answer(adminPutSetting, ok(chatSetting('-1005555555555')));
    renderAdmin(<TelegramPanel onChanged={() => {}} />, { role: 'SUPER_ADMIN' });
    const view = await panel();
    const field = (await view.findByLabelText('Group chat id')) as HTMLInputElement;
    expect(view.getByRole('option', { name: 'The bot has not been added to a group yet' })).toBeTruthy();

    fireEvent.change(field, { target: { value: 'staff group' } });
    expect(
      view.getByText(
        'The value must be a Telegram chat id (digits, a minus for a group), or empty for none.',
      ),
    ).toBeTruthy();
    expect((view.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(field, { target: { value: '-1005555555555' } });
    fireEvent.click(view.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.requests(adminPutSetting)).toHaveLength(1));
    expect(api.requests(adminPutSetting)[0]!.body).toEqual({ value: '-1005555555555' });
    expect(await view.findByText('Alerts go to: -1005555555555')).toBeTruthy();
  });

  it('says the refusal of the test message when no staff group is set, and its success once one is', async () => {
    const api = fakeApi()
      .answer(adminTelegramStatus, ok(botStatus()))
      .answer(
        adminTelegramTestMessage,
        refused(409, 'No staff chat.', { code: 'TelegramStaffChatMissing' }),
        done('Queued.'),
      );
    renderAdmin(<TelegramPanel onChanged={() => {}} />, { role: 'SUPER_ADMIN' });
    const view = await panel();

    fireEvent.click(await view.findByRole('button', { name: 'Send test message' }));
    expect(await view.findByText('Choose the staff group chat first.')).toBeTruthy();

    fireEvent.click(view.getByRole('button', { name: 'Send test message' }));
    expect(await view.findByText('A test message was queued for the staff group.')).toBeTruthy();
    expect(view.queryByText('Choose the staff group chat first.')).toBeNull();
    expect(api.requests(adminTelegramTestMessage)).toHaveLength(2);
  });

  it('says how an operator turns the bot on when none is configured, and nothing else', async () => {
    fakeApi().answer(
      adminTelegramStatus,
      ok(
        botStatus({
          configured: false,
          username: null,
          webhook: null,
          lastUpdateAt: null,
          groups: [],
          recentErrors: [],
        }),
      ),
    );
    renderAdmin(<TelegramPanel onChanged={() => {}} />, { role: 'SUPER_ADMIN' });
    const view = await panel();

    expect(await view.findByText('Not configured')).toBeTruthy();
    expect(
      view.getByText(/An operator turns it on .*"The Telegram bot" in docs\/operations\.md/),
    ).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Set webhook' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Send test message' })).toBeNull();
  });

  it('says why the webhook is unknown when Telegram could not be asked', async () => {
    fakeApi().answer(
      adminTelegramStatus,
      ok(botStatus({ webhook: null, webhookError: 'Telegram did not answer in 3 s', lastUpdateAt: null })),
    );
    renderAdmin(<TelegramPanel onChanged={() => {}} />, { role: 'ADMIN' });
    const view = await panel();

    expect(
      await view.findByText('Telegram could not be asked about the webhook: Telegram did not answer in 3 s'),
    ).toBeTruthy();
    expect(view.getByText('none yet')).toBeTruthy();
  });
});
