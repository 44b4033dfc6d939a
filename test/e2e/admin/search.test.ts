import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { ApplicationView } from '@shared/contract/applications';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createApplication, createManager, STANDARD_APPLICATION } from '../support/admin-data';
import { openAs, registerVerifiedUser, type Session, waitForAdmin } from '../support/admin-session';
import { useBrowser } from '../support/browser';

/** Admin search (docs/decisions.md): a currency code, a place name in Russian, an id prefix. */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let manager: Session;
let owner: Session;
let berlin: ApplicationView;
let prague: ApplicationView;
beforeAll(async () => {
  manager = await createManager();
  owner = await registerVerifiedUser('srch');
  berlin = await createApplication(owner);
  const created = await api<ApplicationView>('POST', '/api/applications', {
    token: owner.token,
    body: {
      ...STANDARD_APPLICATION,
      country: 'europe.czech_republic',
      city: 'europe.czech_republic.prague',
      assetFrom: 'card-CZK',
      amount: 40_000,
    },
  });
  prague = created.body.data!;
});

async function search(page: Page, text: string) {
  await page.getByRole('searchbox').first().fill(text);
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.waitForFunction(
    (wanted) => new URL(window.location.href).searchParams.get('search') === wanted,
    text,
  );
  await waitForAdmin(page);
}

const shown = (page: Page) =>
  page
    .locator('.data-table tbody td.mono')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title')));

/**
 * The rows come to be exactly `ids`. The URL changes before the router's transition renders the new
 * query and its load marks the table busy, so a single read right after the search can still see
 * the previous search's rows (CI once read Prague's row for Berlin's id prefix).
 */
const expectShown = (page: Page, ids: string[]) =>
  expect.poll(() => shown(page), { timeout: 10_000 }).toEqual(ids);

describe('admin application search', () => {
  it('finds by currency code, by a Russian city name and by id prefix, and says what it looked for', async () => {
    const page = await newPage({ language: 'ru' });
    await openAs(page, manager, `/admin/application-management?userId=${owner.user.id}`);
    await waitForAdmin(page);
    await expectShown(page, [prague.id, berlin.id]);

    await search(page, 'EUR');
    await expectShown(page, [berlin.id]);
    await search(page, 'Прага');
    await expectShown(page, [prague.id]);
    await search(page, berlin.id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH));
    await expectShown(page, [berlin.id]);

    await search(page, 'Мадрид');
    await page.getByText('ни одна не подходит под поиск: место Мадрид', { exact: false }).waitFor();
    await search(page, 'GBP');
    await page
      .getByText('ни одна не подходит под поиск: валюта GBP (отдаёт или получает)', { exact: false })
      .waitFor();
  });
});
