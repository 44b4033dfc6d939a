import {
  adminCloseLedgerDay,
  adminCountLedgerDay,
  adminGetLedgerDay,
  adminListLedgerAccounts,
} from '@shared/routes/ledger';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test-utils';
import { LedgerPage } from './ledger-page';
import { ACCOUNTS, account, dayOf, SAFE, WALLET } from './test-fixtures';

const DAY = dayOf();
const COUNTED = dayOf({
  accounts: DAY.accounts.map((item) =>
    item.accountId === SAFE.id
      ? {
          ...item,
          count: {
            counted: '123450',
            difference: '-6.78',
            countedBy: 'anna_manager',
            countedAt: '2026-11-29T19:40:00.000Z',
            note: null,
          },
        }
      : item,
  ),
});
const CLOSED = { ...COUNTED, closed: { closedBy: 'olga_admin', closedAt: '2026-11-29T21:10:00.000Z' } };

const dayTable = () => within(screen.getByRole('table', { name: /^(Office accounts on|Счета офиса за)/ }));
const rowOf = (name: string) => within(dayTable().getByText(name).closest('tr')!);

describe('LedgerPage: the business day', () => {
  beforeEach(() => {
    // 22:30 UTC on the 28th is already the 29th in Moscow, the business's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T22:30:00.000Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("opens on the business's today and shows each office account's day (en)", async () => {
    await setupTestI18n('en');
    const api = fakeApi().answer(adminListLedgerAccounts, ok(ACCOUNTS)).answer(adminGetLedgerDay, ok(DAY));
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('heading', { name: 'Business day Nov 29, 2026' });
    await screen.findByRole('table', { name: /^Office accounts on/ });
    expect(api.requests(adminGetLedgerDay)[0]!.params).toEqual({ day: '2026-11-29' });
    const safe = rowOf(SAFE.name);
    for (const figure of ['₽100,000.00', '₽30,000.50', '₽6,543.72', '₽0.00', '₽123,456.78'])
      expect(safe.getByText(figure)).toBeTruthy();
    const wallet = rowOf(WALLET.name);
    expect(wallet.getByText('anna_manager, 11/29/26, 8:05 PM')).toBeTruthy();
    expect(wallet.getByText('matches')).toBeTruthy();
    // A MANAGER counts; closing the day is an ADMIN's.
    expect(screen.queryByRole('button', { name: 'Close the day' })).toBeNull();
  });

  it("names an asset's own account by its asset, in the accounts and in the day (ru)", async () => {
    await setupTestI18n('ru');
    const own = account({
      id: 'asset-card-RUB',
      name: 'asset-card-RUB',
      kind: 'card',
      assets: ['card-RUB'],
      office: null,
    });
    const day = dayOf();
    fakeApi()
      .answer(adminListLedgerAccounts, ok({ ...ACCOUNTS, accounts: [...ACCOUNTS.accounts, own] }))
      .answer(
        adminGetLedgerDay,
        ok({
          ...day,
          accounts: [...day.accounts, { ...day.accounts[0]!, accountId: own.id, name: own.name }],
        }),
      );
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('table', { name: /^Счета офиса за/ });
    expect(rowOf('Карта RUB, счёт не назван')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Карта RUB, счёт не назван' })).toBeTruthy();
    expect(screen.queryByText('asset-card-RUB')).toBeNull();
  });

  it("takes the business's zone from the day's answer when the accounts' names none", async () => {
    await setupTestI18n('en');
    const { timeZone: _zone, ...unnamed } = ACCOUNTS;
    const api = fakeApi()
      .answer(adminListLedgerAccounts, ok(unnamed))
      .answer(adminGetLedgerDay, (request) => ok(dayOf({ day: request.params.day! })));
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByText("Days and times in the business's time zone: Moscow, UTC+3.");
    await screen.findByRole('heading', { name: 'Business day Nov 29, 2026' });
    expect(api.requests(adminGetLedgerDay).at(-1)!.params).toEqual({ day: '2026-11-29' });
  });

  it('reads another day when picked and keeps it in the address', async () => {
    await setupTestI18n('en');
    const api = fakeApi()
      .answer(adminListLedgerAccounts, ok(ACCOUNTS))
      .answer(adminGetLedgerDay, (request) => ok(dayOf({ day: request.params.day! })));
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('heading', { name: 'Business day Nov 29, 2026' });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-27' } });
    await screen.findByRole('heading', { name: 'Business day Nov 27, 2026' });
    expect(api.requests(adminGetLedgerDay).at(-1)!.params).toEqual({ day: '2026-11-27' });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByRole('heading', { name: 'Business day Nov 29, 2026' });
  });

  it('a MANAGER enters what was counted, typed the Russian way, and sees the difference (ru)', async () => {
    await setupTestI18n('ru');
    const api = fakeApi()
      .answer(adminListLedgerAccounts, ok(ACCOUNTS))
      .answer(adminGetLedgerDay, ok(DAY))
      .answer(adminCountLedgerDay, ok(COUNTED));
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    const field = await screen.findByLabelText(`Пересчитано в «${SAFE.name}» или остаток по выписке`);
    fireEvent.change(field, { target: { value: '123 450,00' } });
    fireEvent.click(rowOf(SAFE.name).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(rowOf(SAFE.name).getByText('-6,78 ₽')).toBeTruthy());
    expect(api.requests(adminCountLedgerDay)[0]).toMatchObject({
      params: { day: '2026-11-29', id: SAFE.id },
      body: { counted: '123450.00' },
    });
    expect(rowOf(SAFE.name).getByText('123 450,00 ₽')).toBeTruthy();
    expect(rowOf(SAFE.name).getByText('anna_manager, 29.11.2026, 22:40')).toBeTruthy();
  });

  it('an ADMIN closes the day after confirming; the page then says who and when and takes no counts (en)', async () => {
    await setupTestI18n('en');
    const api = fakeApi()
      .answer(adminListLedgerAccounts, ok(ACCOUNTS))
      .answer(adminGetLedgerDay, ok(COUNTED))
      .answer(adminCloseLedgerDay, ok(CLOSED));
    renderAdmin(<LedgerPage />, { role: 'ADMIN', url: '/admin/accounts' });
    await screen.findByLabelText(`Counted in ${SAFE.name} or its statement's closing balance`);
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Close Nov 29, 2026?' })).toBeTruthy();
    expect(api.requests(adminCloseLedgerDay)).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Close the day' }));
    expect(
      await screen.findByText(
        'Closed by olga_admin at 11/30/26, 12:10 AM. Its figures no longer change; corrections go to an open day.',
      ),
    ).toBeTruthy();
    expect(api.requests(adminCloseLedgerDay)[0]!.params).toEqual({ day: '2026-11-29' });
    expect(screen.queryByLabelText(`Counted in ${SAFE.name} or its statement's closing balance`)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close the day' })).toBeNull();
  });

  it("shows the server's refusal to close a day that has not ended, in Russian (ru)", async () => {
    await setupTestI18n('ru');
    fakeApi()
      .answer(adminListLedgerAccounts, ok(ACCOUNTS))
      .answer(adminGetLedgerDay, ok(DAY))
      .answer(
        adminCloseLedgerDay,
        refused(409, 'The business day 2026-11-29 has not ended yet.', {
          code: 'LedgerDayNotOver',
          params: { day: '2026-11-29' },
        }),
      );
    renderAdmin(<LedgerPage />, { role: 'ADMIN', url: '/admin/accounts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Закрыть день' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(`Ещё не пересчитаны: ${SAFE.name}.`)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Закрыть день' }));
    expect(await dialog.findByText('Рабочий день 2026-11-29 ещё не закончился.')).toBeTruthy();
  });
});
