import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInAsSuperAdmin, openAs, type Session, waitForAdmin } from '../support/admin-session';
import { type Language, screenshot, seriousAxeViolations, useBrowser } from '../support/browser';

/**
 * Every admin screen at 768 and 1280 px in ru and en: a screenshot each (test-results/screenshots/
 * admin, looked at by hand) and no serious or critical axe-core violations.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const WIDTHS = [768, 1280] as const;
const SCREENS: Array<{ name: string; path: string; ready?: string }> = [
  { name: 'dashboard', path: '/admin', ready: '.kpi-grid, .alert' },
  { name: 'users', path: '/admin/user-management' },
  { name: 'applications', path: '/admin/application-management' },
  { name: 'rates', path: '/admin/exchange-rates' },
  { name: 'geo', path: '/admin/geo-management' },
  { name: 'settings', path: '/admin/system-settings' },
  { name: 'coming-soon', path: '/admin/payment-gateways' },
];

let admin: Session;
beforeAll(async () => {
  admin = await logInAsSuperAdmin();
});

async function look(page: Page, name: string) {
  await screenshot(page, `admin/${name}`);
  return seriousAxeViolations(page);
}

describe.each(['ru', 'en'] as Language[])('admin screens in %s', (language) => {
  it('pass axe-core and are captured at 768 and 1280 px', async () => {
    const page = await newPage({ language, width: 1280 });
    const violations: Record<string, unknown> = {};
    await openAs(page, admin, '/admin');
    for (const screen of SCREENS) {
      await page.goto(page.url().replace(/\/admin.*$/, screen.path));
      await waitForAdmin(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const found = await look(page, `${screen.name}-${width}-${language}`);
        if (found.length > 0) violations[`${screen.name}@${width}`] = found;
      }
    }

    await page.setViewportSize({ width: 768, height: 900 });
    await page.locator('.admin__menu-button').click();
    await page.locator('.admin-drawer .admin-nav').waitFor();
    const drawer = await look(page, `drawer-768-${language}`);
    if (drawer.length > 0) violations['drawer@768'] = drawer;
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(page.url().replace(/\/admin.*$/, '/admin/user-management'));
    await waitForAdmin(page);
    await page.locator('.open-row').first().dblclick();
    await page.locator('.modal .facts').waitFor();
    await waitForAdmin(page);
    const detail = await look(page, `user-detail-1280-${language}`);
    if (detail.length > 0) violations['user detail'] = detail;
    await page.keyboard.press('Escape');
    await page.locator('.modal .facts').waitFor({ state: 'detached' });
    await page.locator('.open-row').first().locator('.row-icon-btn').nth(1).click();
    await page.locator('.modal form').waitFor();
    const edit = await look(page, `user-edit-1280-${language}`);
    if (edit.length > 0) violations['user edit'] = edit;
    await page.keyboard.press('Escape');

    expect(violations).toEqual({});
  });
});
