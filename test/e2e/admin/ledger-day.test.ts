import { businessDayOf } from '@shared/business-time';
import { SETTING_DEFAULTS } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import {
  logIn,
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from '../support/admin-session';
import { screenshot, seriousAxeViolations, useBrowser, VIEWPORTS } from '../support/browser';

/**
 * The books' page as the office runs it: an ADMIN at a desk opens a cash desk with its opening
 * balance, the MANAGER on shift counts it on a phone, and the ADMIN closes a business day that has
 * ended. The business's zone is the default, Moscow.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

async function staffOf(role: 'ADMIN' | 'MANAGER', prefix: string): Promise<Session> {
  const user = await registerVerifiedUser(prefix);
  const superAdmin = await logInAsSuperAdmin();
  const answer = await api('PUT', `/api/admin/users/${user.user.id}/role`, {
    token: superAdmin.token,
    body: { role },
  });
  if (answer.status !== 200) throw new Error(`Role ${role} not given: ${answer.status}`);
  // Signed in by email; the books name staff by their username.
  return { ...(await logIn(user.email, user.password)), username: user.username };
}

/** The business day before `day` (YYYY-MM-DD). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);

describe('accounts and the day', () => {
  it('an ADMIN opens a desk with its opening balance, a MANAGER counts it on a phone, the ADMIN closes a day', async () => {
    const admin = await staffOf('ADMIN', 'ldga');
    const manager = await staffOf('MANAGER', 'ldgm');
    const name = `E2E safe ${runId()}`;

    const desk = await newPage({ language: 'en', width: VIEWPORTS.desktop });
    await openAs(desk, admin, '/admin/accounts');
    await waitForAdmin(desk);
    await desk.getByRole('button', { name: 'Open an account' }).click();
    const form = desk.getByRole('dialog');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Kind').selectOption('cash');
    await form.getByLabel('Currency').fill('RUB');
    await form.getByLabel('Cash RUB').check();
    await form.getByLabel('Office (optional)').fill('Moscow, Tverskaya 1');
    await form.getByRole('button', { name: 'Open the account' }).click();
    const row = desk.getByRole('row').filter({ has: desk.getByRole('button', { name, exact: true }) });
    await row.getByRole('button', { name: 'Opening balance' }).click();
    const opening = desk.getByRole('dialog');
    await opening.getByLabel('Amount').fill('1,234.56');
    await opening.getByLabel('Reason').fill('Counted when the desk opened');
    await opening.getByRole('button', { name: 'Record' }).click();
    await row.getByText('₽1,234.56').waitFor();
    await waitForAdmin(desk);
    expect(await seriousAxeViolations(desk)).toEqual([]);
    await screenshot(desk, 'ledger/accounts-admin-en-1280');

    const phone = await newPage({ language: 'ru', width: VIEWPORTS.mobile });
    await openAs(phone, manager, '/admin/accounts');
    await waitForAdmin(phone);
    await expect(phone.getByRole('button', { name: 'Открыть счёт' }).count()).resolves.toBe(0);
    const field = phone.getByLabel(`Пересчитано в «${name}» или остаток по выписке`);
    await field.fill('1 234,56');
    const dayRow = phone.getByRole('row').filter({ has: field });
    await dayRow.getByRole('button', { name: 'Сохранить' }).click();
    await dayRow.getByText('сходится').waitFor();
    await expect(dayRow.getByText(`${manager.username}, `, { exact: false }).count()).resolves.toBe(1);
    await waitForAdmin(phone);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'ledger/day-manager-ru-375');

    // Only a day that has ended is closed: the ADMIN closes yesterday.
    const today = businessDayOf(new Date(), SETTING_DEFAULTS.businessTimeZone.value);
    await desk.getByLabel('Day', { exact: true }).fill(dayBefore(today));
    await desk.getByRole('button', { name: 'Close the day' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Close the day' }).click();
    await desk.getByText(`Closed by ${admin.username} at `).waitFor();
    await expect(
      desk.getByLabel(`Counted in ${name} or its statement's closing balance`).count(),
    ).resolves.toBe(0);
    expect(await seriousAxeViolations(desk)).toEqual([]);
    await screenshot(desk, 'ledger/day-closed-admin-en-1280');
  });
});
