import type { AuditEntryView, AuditPage as AuditPageData } from '@shared/contract/audit';
import { adminListManagers } from '@shared/routes/admin-users';
import { adminAuditTrail } from '@shared/routes/audit';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { AuditPage } from './audit-page';
import { changeLines } from './change-lines';
import { ObjectTrail } from './object-trail';

function entry(overrides: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: '2026-11-26T21:30:00.000Z#0a0b0c0d',
    at: '2026-11-26T21:30:00.000Z',
    kind: 'templates',
    action: 'paymentTemplate.update',
    actorId: 'anna',
    actorRole: 'ADMIN',
    actorName: 'anna_admin',
    ip: '203.0.113.7',
    device: 'Mozilla/5.0 (iPhone) Safari/604.1',
    targetType: 'paymentTemplate',
    targetId: 'tpl-1',
    targetName: null,
    before: { label: 'Sber', details: '4276 0000 0000 0001' },
    after: { label: 'Sber', details: '4276 9999 9999 9999' },
    ...overrides,
  };
}

const PAGE: AuditPageData = {
  items: [
    entry({}),
    entry({
      id: '2026-11-26T20:00:00.000Z#0a0b0c0e',
      at: '2026-11-26T20:00:00.000Z',
      kind: 'deals',
      action: 'application.status',
      actorId: 'system',
      actorRole: 'SYSTEM',
      actorName: null,
      ip: null,
      device: null,
      targetType: 'application',
      targetId: 'app-1',
      before: { status: 'WAITING_PAYMENT' },
      after: { status: 'EXPIRED' },
    }),
  ],
  nextCursor: null,
  period: { from: '2026-10-29', to: '2026-11-27' },
  timeZone: 'Europe/Moscow',
};

const STAFF = [{ id: 'anna', username: 'anna_admin', email: 'anna@example.com', role: 'ADMIN' as const }];

function answerAll() {
  return fakeApi().answer(adminListManagers, ok(STAFF)).answer(adminAuditTrail, ok(PAGE));
}

describe('AuditPage', () => {
  beforeEach(startI18n);
  afterEach(cleanup);

  it('shows who changed what, when in the business zone, from where, and each field before → after', async () => {
    answerAll();
    renderAdmin(<AuditPage />);

    const table = within(
      (await screen.findByRole('table', { name: 'Changes, newest first' })) as HTMLElement,
    );
    const [, template, expiry] = table.getAllByRole('row');
    // 21:30 UTC is 00:30 the next day in Moscow.
    expect(within(template!).getByText('27/11/2026, 00:30')).toBeTruthy();
    expect(within(template!).getByText('anna_admin')).toBeTruthy();
    expect(within(template!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(template!).getByText('Mozilla/5.0 (iPhone) Safari/604.1')).toBeTruthy();
    expect(within(template!).getByRole('listitem').textContent).toBe(
      'details: 4276 0000 0000 0001 → 4276 9999 9999 9999',
    );
    expect(within(expiry!).getByText('System')).toBeTruthy();
    expect(within(expiry!).getByText("the system's own work")).toBeTruthy();
    expect(screen.getByText('2026-10-29 to 2026-11-27 (days in Europe/Moscow), newest first.')).toBeTruthy();
  });

  it('asks for the kind and staff member at once, and for an object and days on Search', async () => {
    const api = answerAll();
    renderAdmin(<AuditPage />);
    await screen.findByRole('table', { name: 'Changes, newest first' });

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'templates' } });
    await waitFor(() =>
      expect(api.requests(adminAuditTrail).at(-1)!.query).toMatchObject({ kind: 'templates' }),
    );
    await waitFor(() => expect(screen.getByRole('option', { name: 'anna_admin' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'application' } });
    fireEvent.change(screen.getByLabelText('Object id'), { target: { value: 'app-1' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(api.requests(adminAuditTrail).at(-1)!.query).toMatchObject({
        kind: 'templates',
        actorId: 'anna',
        targetType: 'application',
        targetId: 'app-1',
        from: '2026-11-01',
      }),
    );
  });

  it('refuses an object id without its type before asking', async () => {
    const api = answerAll();
    renderAdmin(<AuditPage />);
    await screen.findByRole('table', { name: 'Changes, newest first' });
    const asked = api.requests(adminAuditTrail).length;

    fireEvent.change(screen.getByLabelText('Object id'), { target: { value: 'app-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Choose the type of the object whose trail to show.')).toBeTruthy();
    expect(api.requests(adminAuditTrail)).toHaveLength(asked);
  });
});

describe('ObjectTrail', () => {
  beforeEach(startI18n);
  afterEach(cleanup);

  it("shows an ADMIN a deal's own trail, asked for by its type and id", async () => {
    const api = answerAll();
    renderAdmin(<ObjectTrail type="application" id="app-1" />, { role: 'ADMIN' });

    const trail = within((await screen.findByRole('region', { name: 'Trail of changes' })) as HTMLElement);
    expect(await trail.findByText('anna_admin')).toBeTruthy();
    expect(api.requests(adminAuditTrail)[0]!.query).toMatchObject({
      targetType: 'application',
      targetId: 'app-1',
    });
  });

  it('shows a MANAGER no trail and asks for none', () => {
    const api = answerAll();
    renderAdmin(<ObjectTrail type="ledgerAccount" id="acct-1" />, { role: 'MANAGER' });

    expect(screen.queryByRole('region', { name: 'Trail of changes' })).toBeNull();
    expect(api.requests(adminAuditTrail)).toHaveLength(0);
  });
});

describe('changeLines', () => {
  it('lists the changed fields only, opening nested ones', () => {
    expect(
      changeLines(
        { 'currency:DOP': { usdValue: 0.0171, cashStep: null }, note: 'same' },
        { 'currency:DOP': { usdValue: 0.0172, cashStep: null }, note: 'same' },
      ),
    ).toEqual([{ field: 'currency:DOP.usdValue', before: 0.0171, after: 0.0172 }]);
  });

  it('lists every field of an entry that only adds', () => {
    expect(changeLines(null, { email: 'a@example.com', role: 'MANAGER' })).toEqual([
      { field: 'email', before: undefined, after: 'a@example.com' },
      { field: 'role', before: undefined, after: 'MANAGER' },
    ]);
  });
});
