import type { BlacklistEntryView } from '@shared/contract/blacklist';
import {
  adminAddBlacklistEntry,
  adminListBlacklist,
  adminRemoveBlacklistEntry,
} from '@shared/routes/blacklist';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { done, fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { BlacklistsPage } from './blacklists-page';

const AT = '2026-11-20T10:00:00.000Z';
const author = { id: 'staff-1', name: 'chief_admin' };
const EMAIL: BlacklistEntryView = {
  kind: 'email',
  value: 'fraud@example.test',
  reason: 'Chargebacks',
  createdAt: AT,
  createdBy: author,
};
const CARD: BlacklistEntryView = {
  kind: 'card',
  value: '4242|IVAN PETROV',
  reason: 'Disputed payment',
  createdAt: AT,
  createdBy: author,
};

function openPage(role: 'MANAGER' | 'ADMIN' = 'ADMIN') {
  const api = fakeApi().answer(adminListBlacklist, (request) =>
    ok({ items: request.query.kind === 'card' ? [CARD] : [EMAIL], nextCursor: null }),
  );
  renderAdmin(<BlacklistsPage />, { url: '/admin/blacklists', role });
  return api;
}

describe('the blacklists page', () => {
  beforeEach(() => {
    useToastStore.getState().clear();
    return setupTestI18n('en');
  });
  afterEach(cleanup);

  it('lists one kind with each entry’s reason and author, and another kind when chosen', async () => {
    const api = openPage();

    expect(await screen.findByText('fraud@example.test')).toBeTruthy();
    expect(screen.getByText('Chargebacks')).toBeTruthy();
    expect(screen.getByText('chief_admin')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('List'), { target: { value: 'card' } });
    expect(await screen.findByText('•••• 4242 · IVAN PETROV')).toBeTruthy();
    expect(api.requests(adminListBlacklist).map((request) => request.query.kind)).toEqual(['email', 'card']);
  });

  it('offers a MANAGER the lists to read and nothing to change', async () => {
    openPage('MANAGER');

    await screen.findByText('fraud@example.test');
    expect(screen.queryByRole('button', { name: 'Add to the list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('adds a card by its last four digits and holder, after checking them as the server does', async () => {
    const api = openPage().answer(adminAddBlacklistEntry, ok(CARD));
    fireEvent.change(await screen.findByLabelText('List'), { target: { value: 'card' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the list' }));
    const dialog = within(await screen.findByRole('dialog'));

    fireEvent.change(dialog.getByLabelText('Last four digits of the card'), { target: { value: '42' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Enter the last four digits of the card.')).toBeTruthy();
    expect(api.requests(adminAddBlacklistEntry)).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Last four digits of the card'), { target: { value: '4242' } });
    fireEvent.change(dialog.getByLabelText("Cardholder's name"), { target: { value: 'Ivan Petrov' } });
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Disputed payment' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Added to the blacklist.',
    ]);
    expect(api.requests(adminAddBlacklistEntry).map((request) => request.body)).toEqual([
      { kind: 'card', value: '4242', holder: 'Ivan Petrov', reason: 'Disputed payment' },
    ]);
  });

  it('says so when the value is on the list already', async () => {
    openPage().answer(
      adminAddBlacklistEntry,
      refused(409, 'This value is on the blacklist already.', { code: 'BlacklistEntryExists' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add to the list' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'fraud@example.test' } });
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Again' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await dialog.findByText('This value is on the blacklist already.')).toBeTruthy();
  });

  it('removes an entry only with a reason', async () => {
    const api = openPage().answer(adminRemoveBlacklistEntry, done('Removed from the blacklist.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove from the blacklist' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await dialog.findByText('Say why the value is listed.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Why it is removed'), { target: { value: 'Cleared by support' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Removed from the blacklist.',
    ]);
    expect(api.requests(adminRemoveBlacklistEntry)).toMatchObject([
      { params: { kind: 'email', value: 'fraud@example.test' }, body: { reason: 'Cleared by support' } },
    ]);
  });
});
