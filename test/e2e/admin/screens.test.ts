import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../support/admin-data';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from '../support/admin-session';
import { type Language, screenshot, seriousAxeViolations, useBrowser } from '../support/browser';

/**
 * Every admin screen at 768 and 1280 px in ru and en: a screenshot each (test-results/screenshots/
 * admin, looked at by hand) and no serious or critical axe-core violations.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const WIDTHS = [768, 1280] as const;
const SCREENS = [
  { name: 'dashboard', path: '/admin' },
  { name: 'users', path: '/admin/user-management' },
  { name: 'applications', path: '/admin/application-management' },
  { name: 'rates', path: '/admin/exchange-rates' },
  { name: 'geo', path: '/admin/geo-management' },
  { name: 'settings', path: '/admin/system-settings' },
  { name: 'coming-soon', path: '/admin/payment-gateways' },
];

let admin: Session;
let applicationId: string;
beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  applicationId = (await createApplication(await registerVerifiedUser('scr'))).id;
});

/** Screenshots the page at each width and returns the axe-core findings by width. */
async function lookAtWidths(page: Page, name: string, language: Language) {
  const violations: Record<string, unknown> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `admin/${name}-${width}-${language}`);
    const found = await seriousAxeViolations(page);
    if (found.length > 0) violations[`${name}@${width}`] = found;
  }
  return violations;
}

describe.each(['ru', 'en'] as Language[])('admin screens in %s', (language) => {
  it('every screen passes axe-core at 768 and 1280 px', { timeout: 180_000 }, async () => {
    const page = await newPage({ language });
    await openAs(page, admin, '/admin');
    const violations: Record<string, unknown> = {};
    for (const { name, path } of SCREENS) {
      // In-app navigation (as the sidebar does): no reload between screens.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate((target) => {
        window.history.pushState({}, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForFunction((target) => window.location.pathname === target, path);
      await waitForAdmin(page);
      if (name === 'geo') await page.locator('.geo-row__expand').first().click();
      Object.assign(violations, await lookAtWidths(page, name, language));
    }
    expect(violations).toEqual({});
  });

  it('the drawer below 1024 px passes axe-core', async () => {
    const page = await newPage({ language, width: 768 });
    await openAs(page, admin, '/admin');
    await waitForAdmin(page);
    await page.locator('.admin__menu-button').click();
    await page.locator('.admin-drawer .admin-nav').waitFor();
    await screenshot(page, `admin/drawer-768-${language}`);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.admin-drawer .admin-nav').waitFor({ state: 'detached' });
  });

  it('the user detail and edit modals pass axe-core', async () => {
    const page = await newPage({ language });
    await openAs(page, admin, '/admin/user-management');
    await waitForAdmin(page);
    await page.locator('.open-row').first().dblclick();
    await page.locator('.modal .facts').waitFor();
    await waitForAdmin(page);
    const detail = await lookAtWidths(page, 'user-detail', language);
    await page.keyboard.press('Escape');
    await page.locator('.modal .facts').waitFor({ state: 'detached' });
    await page.locator('.open-row').first().locator('.row-icon-btn').nth(1).click();
    await page.locator('.modal form').waitFor();
    const edit = await lookAtWidths(page, 'user-edit', language);
    expect({ ...detail, ...edit }).toEqual({});
  });

  it('the application detail modal and the reject dialog pass axe-core', async () => {
    const page = await newPage({ language });
    await openAs(page, admin, `/admin/application-management?open_id=${applicationId}`);
    await page.locator('.modal .facts').waitFor();
    await waitForAdmin(page);
    const detail = await lookAtWidths(page, 'application-detail', language);
    await page.locator('.modal .detail-status select').selectOption('REJECTED');
    await page.locator('.modal textarea[required]').waitFor();
    const reject = await lookAtWidths(page, 'reject-dialog', language);
    expect({ ...detail, ...reject }).toEqual({});
  });
});
