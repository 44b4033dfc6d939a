import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runId } from '../../support/api';
import { createStaff } from '../support/admin-data';
import { openAs, type Session, waitForAdmin } from '../support/admin-session';
import { screenshot, seriousAxeViolations, useBrowser, VIEWPORTS } from '../support/browser';

/**
 * The audit trail as an owner reads it: an ADMIN changes a payment template's card number from
 * their browser (the first thing a thief changes), and the audit page names who did it, from which
 * address and device, and the number before → after: in English at a desk, in Russian on a phone.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

/** Saves a card template and changes its number, from the page (the browser's address and device). */
function changeCardNumber(page: Page, admin: Session, label: string): Promise<string> {
  return page.evaluate(
    async ({ token, label }) => {
      const send = async (method: string, path: string, details: string) => {
        const response = await fetch(path, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'card', label, currency: 'RUB', details }),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
        return ((await response.json()) as { data: { id: string } }).data.id;
      };
      const id = await send('POST', '/api/admin/payment-templates', '4276 0000 0000 0001');
      await send('PUT', `/api/admin/payment-templates/${id}`, '4276 9999 9999 9999');
      return id;
    },
    { token: admin.token, label },
  );
}

describe('the audit trail', () => {
  it("names who changed a template's card number, from where, and the number before and after", async () => {
    const admin = await createStaff('ADMIN', 'aud');
    const username = admin.user.username!;

    const desk = await newPage({ language: 'en', width: VIEWPORTS.desktop });
    await openAs(desk, admin, '/admin');
    await waitForAdmin(desk);
    const id = await changeCardNumber(desk, admin, `E2E card ${runId()}`);
    await desk.getByRole('link', { name: 'Audit trail' }).click();
    await desk.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    await desk.getByLabel('Object type').selectOption('paymentTemplate');
    await desk.getByLabel('Object id').fill(id);
    await desk.getByRole('button', { name: 'Search' }).click();
    const change = desk.getByRole('row').filter({ hasText: '4276 0000 0000 0001 → 4276 9999 9999 9999' });
    await change.waitFor();
    await expect(change.getByText(username, { exact: true }).count()).resolves.toBe(1);
    await expect(change.getByText('127.0.0.1').count()).resolves.toBe(1);
    await expect(change.getByText(/Chrome/).count()).resolves.toBe(1);
    await waitForAdmin(desk);
    expect(await seriousAxeViolations(desk)).toEqual([]);
    await screenshot(desk, 'audit/trail-admin-en-1280');

    const phone = await newPage({ language: 'ru', width: VIEWPORTS.mobile });
    await openAs(phone, admin, `/admin/audit?targetType=paymentTemplate&targetId=${id}`);
    await phone.getByRole('heading', { name: 'Журнал изменений', level: 1 }).waitFor();
    const created = phone.getByRole('row').filter({ hasText: 'paymentTemplate.create' });
    await created.waitFor();
    await expect(
      phone.getByRole('row').filter({ hasText: '4276 0000 0000 0001 → 4276 9999 9999 9999' }).count(),
    ).resolves.toBe(1);
    await expect(created.getByText('Платёжные шаблоны').count()).resolves.toBe(1);
    await waitForAdmin(phone);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await screenshot(phone, 'audit/trail-admin-ru-375');
  });
});
