import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createApplication, createManager } from '../support/admin-data';
import { openAs, registerVerifiedUser, type Session, waitForAdmin } from '../support/admin-session';
import { screenshot, useBrowser } from '../support/browser';

/**
 * The admin applications table shows every column whole, the manager's included, at
 * 1280, 1024 and 375 px: no column behind the table's horizontal scroll, none hidden, no cell
 * wider than the screen.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let manager: Session;
let owner: Session;
beforeAll(async () => {
  manager = await createManager();
  owner = await registerVerifiedUser('wide');
  // A long email and Telegram, an assignee: the widest a row gets.
  const application = await createApplication(owner, { contactTelegram: '@a_rather_long_telegram_handle' });
  await api('PUT', `/api/admin/applications/${application.id}/details`, {
    token: manager.token,
    body: { assignedToId: manager.user.id },
  });
  await api('POST', `/api/admin/applications/${application.id}/status`, {
    token: manager.token,
    body: { status: 'PROCESSING' },
  });
});

/** What does not fit: the table's overflow in its scroll box, hidden header cells, cells past the screen. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('.table-scroll')!;
    const table = box.querySelector('table')!;
    // Below 1280 px the rows are cards: the headers are the cells' labels, the sortable ones buttons.
    const cards = getComputedStyle(table).display !== 'table';
    const hidden = [...table.querySelectorAll('thead th')]
      .filter((cell) => getComputedStyle(cell).display === 'none')
      .map((cell) => cell.textContent?.trim());
    const past = [...table.querySelectorAll('tbody td')]
      .filter((cell) => getComputedStyle(cell).display !== 'none')
      .filter((cell) => cell.getBoundingClientRect().right > box.getBoundingClientRect().right + 1)
      .map((cell) => `${cell.getAttribute('data-label')}: ${cell.getBoundingClientRect().right}`);
    return {
      overflow: box.scrollWidth - box.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      hidden: cards ? [] : hidden,
      sortable: [...table.querySelectorAll('thead .sort-button')].filter(
        (button) => button.getBoundingClientRect().width > 0,
      ).length,
      past,
      // The assignee, the row's last column but the actions: shown, named, inside the box.
      managerShown: [...table.querySelectorAll('tbody tr td:nth-last-child(2)')].some(
        (cell) =>
          getComputedStyle(cell).display !== 'none' &&
          (cell.textContent ?? '').trim() !== '—' &&
          cell.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1,
      ),
    };
  });
}

describe('the admin applications table', () => {
  it.each([
    [1280, 'ru'],
    [1280, 'en'],
    [1024, 'ru'],
    [1024, 'en'],
    [375, 'ru'],
    [375, 'en'],
  ] as const)('cuts nothing off at %i px (%s)', async (width, language) => {
    const page = await newPage({ width, language });
    await openAs(page, manager, `/admin/application-management?userId=${owner.user.id}`);
    await waitForAdmin(page);
    await page.waitForSelector('.data-table--applications tbody td.mono');
    await screenshot(page, `admin/applications-table-${width}-${language}`);
    const found = await measure(page);
    expect(found).toMatchObject({
      overflow: 0,
      pageOverflow: 0,
      hidden: [],
      past: [],
      managerShown: true,
      sortable: 3,
    });
  });
});
