import type { LedgerAccountTrail } from '@shared/contract/ledger';
import { adminGetLedgerAccount, adminGetLedgerDay, adminListLedgerAccounts } from '@shared/routes/ledger';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { LedgerPage } from './ledger-page';
import { ACCOUNTS, dayOf, SAFE } from './test-fixtures';

const APP_ID = '7d0c6a0e-1f7b-4c52-9d7e-2b1f6f0a9c11';

const TRAIL: LedgerAccountTrail = {
  account: SAFE,
  postings: [
    {
      entryId: 'e1',
      kind: 'opening',
      amount: '100000',
      at: '2026-11-28T06:00:00.000Z',
      day: '2026-11-28',
      applicationId: null,
      actorId: 'staff-9',
      actorName: 'olga_admin',
      reason: 'Counted at the start of the books',
      reference: null,
    },
    {
      entryId: 'e2',
      kind: 'payment',
      amount: '23456.78',
      // 21:13 in Moscow is still the 28th; 18:13 UTC.
      at: '2026-11-28T18:13:00.000Z',
      day: '2026-11-28',
      applicationId: APP_ID,
      actorId: 'system',
      actorName: 'system',
      reason: null,
      reference: 'SBP-7781',
    },
  ],
  timeZone: 'Europe/Moscow',
};

async function openTrail(trail: LedgerAccountTrail = TRAIL, accounts = ACCOUNTS, { dayFails = false } = {}) {
  const api = fakeApi()
    .answer(adminListLedgerAccounts, ok(accounts))
    .answer(adminGetLedgerDay, dayFails ? refused(503, 'Service unavailable.') : ok(dayOf()))
    .answer(adminGetLedgerAccount, ok(trail));
  renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
  fireEvent.click(await screen.findByRole('button', { name: SAFE.name }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('table');
  return { api, dialog: within(dialog) };
}

const rowOf = (dialog: ReturnType<typeof within>, text: string) =>
  within(dialog.getByText(text).closest('tr')!);

describe("LedgerPage: an account's trail", () => {
  afterEach(cleanup);

  it('lists every posting with its time in the business zone, kind, amount, deal, who and why (en)', async () => {
    await setupTestI18n('en');
    const { api, dialog } = await openTrail();
    expect(api.requests(adminGetLedgerAccount)[0]!.params).toEqual({ id: SAFE.id });
    expect(dialog.getByText("Days and times in the business's time zone: Moscow, UTC+3.")).toBeTruthy();
    const opening = rowOf(dialog, 'Counted at the start of the books');
    expect(opening.getByText('11/28/26, 9:00 AM')).toBeTruthy();
    expect(opening.getByText('Opening balance')).toBeTruthy();
    expect(opening.getByText('₽100,000.00')).toBeTruthy();
    expect(opening.getByText('olga_admin')).toBeTruthy();
    const payment = rowOf(dialog, 'SBP-7781');
    expect(payment.getByText('11/28/26, 9:13 PM')).toBeTruthy();
    expect(payment.getByText("Client's payment")).toBeTruthy();
    expect(payment.getByText('₽23,456.78')).toBeTruthy();
    expect(payment.getByText('system')).toBeTruthy();
    const deal = payment.getByRole('link', { name: APP_ID.slice(0, 12) });
    expect(deal.getAttribute('href')).toBe(`/admin/application-management?open_id=${APP_ID}`);
  });

  it('writes the trail in Russian (ru)', async () => {
    await setupTestI18n('ru');
    const { dialog } = await openTrail();
    expect(dialog.getByText('Дни и время — в часовом поясе обменника: Москва, UTC+3.')).toBeTruthy();
    const payment = rowOf(dialog, 'SBP-7781');
    expect(payment.getByText('28.11.2026, 21:13')).toBeTruthy();
    expect(payment.getByText('Оплата клиента')).toBeTruthy();
    expect(payment.getByText('23 456,78 ₽')).toBeTruthy();
    expect(payment.getByText('система')).toBeTruthy();
  });

  it("says the times are the browser's when no answer names the business's zone", async () => {
    await setupTestI18n('en');
    const { timeZone: _trailZone, ...unnamed } = TRAIL;
    const { timeZone: _accountsZone, ...accounts } = ACCOUNTS;
    // The day's answer, which names it too, failed.
    const { dialog } = await openTrail(unnamed, accounts, { dayFails: true });
    expect(
      dialog.getByText(/^The server named no time zone: days and times in your browser's, /),
    ).toBeTruthy();
  });
});
