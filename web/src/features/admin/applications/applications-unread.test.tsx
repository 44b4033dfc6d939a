import type { AdminApplicationView } from '@shared/contract/applications';
import { adminListApplications } from '@shared/routes/admin-applications';
import { getGeo } from '@shared/routes/geo';
import { cleanup, screen, within } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testApplication } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { ApplicationsPage } from './applications-page';

function row(id: string, unreadMessages: number): AdminApplicationView {
  return {
    ...testApplication({ id }),
    userId: `owner-of-${id}`,
    user: { email: `${id}@example.com`, telegramId: null },
    assignedToId: null,
    assignedTo: null,
    adminNote: null,
    unreadMessages,
  };
}

describe('the unread messages of each application in the admin list', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it("shows a badge with staff's unread count on the rows that have unread messages, and none elsewhere", async () => {
    const rows = [row('aaaaaaaaaaaa0000', 3), row('bbbbbbbbbbbb0000', 0)];
    fakeApi()
      .answer(getGeo, ok([], 'OK'))
      .answer(
        adminListApplications,
        ok({ items: rows, total: 2, totalPages: 1, nextCursor: null, window: null }),
      );
    renderAdmin(<ApplicationsPage />, { url: '/admin/application-management' });

    const unread = await screen.findByText('Unread messages: 3');
    const withUnread = unread.closest('tr')!;
    expect(within(withUnread).getByText('✉ 3')).toBeTruthy();
    const other = screen.getByText('bbbbbbbbbbbb0000@example.com').closest('tr')!;
    expect(within(other).queryByText(/Unread messages/)).toBeNull();
  });
});
