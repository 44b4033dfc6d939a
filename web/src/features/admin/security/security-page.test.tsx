import { SETTING_DEFAULTS } from '@shared/constants';
import type { SettingView } from '@shared/contract/admin';
import type {
  AmlStatus,
  SecurityAuditEntry,
  SecurityAuditPage,
  StaffSessions,
} from '@shared/contract/security';
import type { TelegramBotStatus } from '@shared/contract/telegram';
import {
  adminAmlStatus,
  adminRevokeSession,
  adminSecurityAudit,
  adminSecuritySessions,
} from '@shared/routes/security';
import { adminGetSetting, adminPutSetting } from '@shared/routes/settings';
import { adminTelegramStatus } from '@shared/routes/telegram';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { done, fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { SecurityPage } from './security-page';

const SESSION_A = '0b6f4a7e-3a52-4d1c-9a0e-5c3f2b1d7e01';
const SESSION_B = '0b6f4a7e-3a52-4d1c-9a0e-5c3f2b1d7e02';
const SESSION_OWN = '0b6f4a7e-3a52-4d1c-9a0e-5c3f2b1d7e03';

const SESSIONS: StaffSessions = {
  staff: [
    {
      id: 'boss',
      username: 'boss',
      email: 'boss@example.com',
      role: 'SUPER_ADMIN',
      mfaEnabled: true,
      sessions: [
        {
          id: SESSION_OWN,
          createdAt: '2026-11-26T08:00:00.000Z',
          lastRefreshedAt: '2026-11-26T09:00:00.000Z',
          endsAt: '2026-12-26T08:00:00.000Z',
          current: true,
        },
      ],
    },
    {
      id: 'anna',
      username: 'anna_manager',
      email: 'anna@example.com',
      role: 'MANAGER',
      mfaEnabled: false,
      sessions: [
        {
          id: SESSION_A,
          createdAt: '2026-11-25T10:00:00.000Z',
          lastRefreshedAt: null,
          endsAt: '2026-12-25T10:00:00.000Z',
          current: false,
        },
        {
          id: SESSION_B,
          createdAt: '2026-11-20T10:00:00.000Z',
          lastRefreshedAt: '2026-11-26T07:00:00.000Z',
          endsAt: '2026-12-20T10:00:00.000Z',
          current: false,
        },
      ],
    },
    { id: 'ivan', username: null, email: 'ivan@example.com', role: 'ADMIN', mfaEnabled: true, sessions: [] },
  ],
};

const mfaSetting = (value: number): SettingView => ({
  key: 'staffMfaRequired',
  value,
  description: SETTING_DEFAULTS.staffMfaRequired.description,
  updatedAt: '2026-11-01T00:00:00.000Z',
  updatedBy: 'boss',
});

function entry(overrides: Partial<SecurityAuditEntry>): SecurityAuditEntry {
  return {
    id: '2026-11-26T10:00:00.000Z#0a0b0c0d',
    at: '2026-11-26T10:00:00.000Z',
    kind: 'role',
    action: 'user.role',
    actorId: 'boss',
    actorRole: 'SUPER_ADMIN',
    actorName: 'boss',
    targetType: 'user',
    targetId: 'anna',
    targetName: 'anna_manager',
    before: { role: 'USER' },
    after: { role: 'MANAGER' },
    ...overrides,
  };
}

const PERIOD = { from: '2026-10-28', to: '2026-11-26' };
const FIRST: SecurityAuditPage = {
  items: [
    entry({}),
    entry({
      id: '2026-11-26T09:00:00.000Z#0a0b0c0e',
      kind: 'setting',
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'ratesExportToken',
      targetName: null,
      before: { value: null, description: 'Token' },
      after: { value: null, description: 'Token' },
    }),
  ],
  nextCursor: 'cursor-2',
  period: PERIOD,
};
const SECOND: SecurityAuditPage = {
  items: [
    entry({
      id: '2026-11-20T09:00:00.000Z#0a0b0c0f',
      kind: 'session',
      action: 'session.revoke',
      before: { sessionId: SESSION_B },
      after: { sessionId: SESSION_B, revokedAt: '2026-11-20T09:00:00.000Z' },
    }),
  ],
  nextCursor: null,
  period: PERIOD,
};

/** The Telegram bot's panel (telegram-panel.test.tsx tests it): no bot configured. */
const NO_BOT: TelegramBotStatus = {
  configured: false,
  username: null,
  webhook: null,
  webhookError: null,
  lastUpdateAt: null,
  staffChatId: '',
  groups: [],
  recentErrors: [],
};

/** The AML check's panel (aml-panel.test.tsx tests it): off, no checks this month. */
const AML_OFF: AmlStatus = { configured: false, month: '2026-11', checks: 0, cost: '0', currency: 'USD' };

function answerAll(setting = mfaSetting(0)) {
  return fakeApi()
    .answer(adminSecuritySessions, ok(SESSIONS))
    .answer(adminGetSetting, ok(setting))
    .answer(adminTelegramStatus, ok(NO_BOT))
    .answer(adminAmlStatus, ok(AML_OFF))
    .answer(adminSecurityAudit, (request) => ok(request.query.cursor === 'cursor-2' ? SECOND : FIRST));
}

const sessionsTable = async () =>
  within((await screen.findByRole('table', { name: 'Staff sessions' })) as HTMLElement);

describe('SecurityPage', () => {
  beforeEach(startI18n);
  afterEach(cleanup);

  it('lists each staff member’s live sessions; a SUPER_ADMIN ends one after a confirmation', async () => {
    const api = answerAll().answer(adminRevokeSession, done('Session ended.'));
    renderAdmin(<SecurityPage />, { role: 'SUPER_ADMIN', id: 'boss' });
    const table = await sessionsTable();
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('This session')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('anna_manager')).toBeTruthy();
    expect(within(rows[1]!).getByText('no two-step verification')).toBeTruthy();
    expect(within(rows[1]!).getByText('not yet refreshed')).toBeTruthy();
    expect(screen.getByText('No active sessions: ivan@example.com.')).toBeTruthy();

    fireEvent.click(table.getAllByRole('button', { name: 'End session of anna_manager' })[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'End session' }));

    await waitFor(() => expect(api.requests(adminRevokeSession)).toHaveLength(1));
    expect(api.requests(adminRevokeSession)[0]!.params).toEqual({ id: SESSION_A });
    await waitFor(() => expect(sessionsTableNow().getAllByRole('row')).toHaveLength(3));
    expect(toasts()).toContain('The session of anna_manager has ended.');
    // The log is read again: the revoke is its newest entry.
    await waitFor(() => expect(api.requests(adminSecurityAudit)).toHaveLength(2));
  });

  it('shows an ADMIN the sessions and the switch read-only, with no way to change them', async () => {
    answerAll(mfaSetting(1));
    renderAdmin(<SecurityPage />, { role: 'ADMIN', id: 'ivan' });
    const table = await sessionsTable();
    expect(table.queryAllByRole('button', { name: /End session of/ })).toHaveLength(0);
    const mfa = (await screen.findByLabelText('Staff must use two-step verification')) as HTMLInputElement;
    expect(mfa.checked).toBe(true);
    expect(mfa.disabled).toBe(true);
    expect(screen.getByText('Only a Super admin can change this setting.')).toBeTruthy();
    expect(screen.getByText('Without two-step verification (1): anna_manager.')).toBeTruthy();
  });

  it('lets a SUPER_ADMIN require two-step verification after saying who it locks out', async () => {
    const api = answerAll(mfaSetting(0)).answer(adminPutSetting, ok(mfaSetting(1)));
    renderAdmin(<SecurityPage />, { role: 'SUPER_ADMIN', id: 'boss' });
    await sessionsTable();
    const mfa = (await screen.findByLabelText('Staff must use two-step verification')) as HTMLInputElement;
    expect(mfa.checked).toBe(false);
    fireEvent.click(mfa);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Staff without it \(1\) will see only its set-up/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Require' }));

    await waitFor(() => expect(api.requests(adminPutSetting)).toHaveLength(1));
    expect(api.requests(adminPutSetting)[0]).toMatchObject({
      params: { key: 'staffMfaRequired' },
      body: { value: 1 },
    });
    await waitFor(() => expect(mfa.checked).toBe(true));
  });

  it('says the server’s refusal when ending a session fails, and reloads the list', async () => {
    const api = answerAll().answer(
      adminRevokeSession,
      refused(409, 'This session has already ended. Reload the list.', { code: 'StaffSessionAlreadyEnded' }),
    );
    renderAdmin(<SecurityPage />, { role: 'SUPER_ADMIN', id: 'boss' });
    const table = await sessionsTable();
    fireEvent.click(table.getAllByRole('button', { name: 'End session of anna_manager' })[1]!);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(toasts()).toContain('This session has already ended. Reload the list.'));
    await waitFor(() => expect(api.requests(adminSecuritySessions).length).toBeGreaterThan(1));
  });

  it('shows the security log with kinds and changes, filters by kind and pages by cursor', async () => {
    const api = answerAll();
    renderAdmin(<SecurityPage />, { role: 'ADMIN', id: 'ivan' });
    const log = within((await screen.findByRole('table', { name: 'Security log' })) as HTMLElement);
    await log.findByText('role: USER → MANAGER');
    expect(log.getByText('Setting ratesExportToken')).toBeTruthy();
    expect(log.getByText('ratesExportToken: hidden → hidden')).toBeTruthy();
    expect(screen.getByText('2026-10-28 to 2026-11-26 (UTC days), newest first.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await log.findByText('A session was ended');
    expect(api.requests(adminSecurityAudit).at(-1)!.query).toEqual({ ...PERIOD, cursor: 'cursor-2' });

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'mfa' } });
    await waitFor(() => expect(api.requests(adminSecurityAudit).at(-1)!.query).toEqual({ kind: 'mfa' }));
    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: 'anna' } });
    await waitFor(() =>
      expect(api.requests(adminSecurityAudit).at(-1)!.query).toEqual({ kind: 'mfa', actorId: 'anna' }),
    );
  });

  it('refuses a period that ends before it starts, with the server’s rule text, before asking', async () => {
    const api = answerAll();
    renderAdmin(<SecurityPage />, { role: 'ADMIN', id: 'ivan' });
    await screen.findByRole('table', { name: 'Security log' });
    const asked = api.requests(adminSecurityAudit).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The period must not end before it starts.')).toBeTruthy();
    expect(api.requests(adminSecurityAudit)).toHaveLength(asked);
  });

  it('shows the Telegram bot’s panel among the others, and reads in Russian', async () => {
    const api = answerAll();
    await setupTestI18n('ru');
    renderAdmin(<SecurityPage />, { role: 'SUPER_ADMIN', id: 'boss' });
    expect(await screen.findByRole('heading', { name: 'Настройки безопасности' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Сеансы сотрудников' });
    expect(screen.getByRole('heading', { name: 'Журнал безопасности' })).toBeTruthy();
    const telegram = within(screen.getByRole('region', { name: 'Telegram-бот' }));
    expect(await telegram.findByText('Не настроен')).toBeTruthy();
    expect(api.requests(adminTelegramStatus)).toHaveLength(1);
  });
});

const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);

function sessionsTableNow() {
  return within(screen.getByRole('table', { name: 'Staff sessions' }));
}
