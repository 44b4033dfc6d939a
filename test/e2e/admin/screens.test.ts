import { adminAddBlacklistEntry } from '@shared/routes/blacklist';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { completeApplication, createApplication } from '../support/admin-data';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from '../support/admin-session';
import { type Language, screenshot, seriousAxeViolations, useBrowser } from '../support/browser';

/**
 * Every admin screen at 768 and 1280 px in ru and en: no serious or critical axe-core violations,
 * and a screenshot each with `npm run test:screenshots` (test-results/screenshots/admin, looked at
 * by hand); and at 375 px every screen and modal fits a phone (phoneProblems).
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const WIDTHS = [768, 1280] as const;
const SCREENS = [
  { name: 'dashboard', path: '/admin' },
  { name: 'users', path: '/admin/user-management' },
  { name: 'applications', path: '/admin/application-management' },
  { name: 'rates', path: '/admin/exchange-rates' },
  { name: 'reserves', path: '/admin/reserves' },
  { name: 'geo', path: '/admin/geo-management' },
  { name: 'settings', path: '/admin/system-settings' },
  { name: 'payments', path: '/admin/payment-gateways' },
  { name: 'transactions', path: '/admin/transaction-history' },
  { name: 'security', path: '/admin/security-settings' },
  { name: 'reports', path: '/admin/analytics-reports?by=source' },
  { name: 'blacklists', path: '/admin/blacklists' },
];

let admin: Session;
let applicationId: string;
beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  const client = await registerVerifiedUser('scr');
  applicationId = (await createApplication(client)).id;
  // The dashboard's "recently completed" is a table only once something was completed.
  await completeApplication(client, admin);
  // A payment template of each kind, so the page shows its cards (a 34-character address wraps).
  for (const body of [
    {
      kind: 'card',
      label: 'Deutsche Bank EUR',
      currency: 'EUR',
      details: 'IBAN DE89 3704 0044 0532 0130 00',
      // By hand only, so no other file's deal on this stack is given it; its limits show on the page.
      availability: 'manual',
      limits: { dayAmount: '50000', monthAmount: '900000', dayDeals: 20 },
    },
    {
      kind: 'office',
      label: 'Berlin, Friedrichstraße',
      city: 'europe.germany.berlin',
      details: 'Friedrichstraße 10',
    },
    {
      kind: 'usdt',
      label: 'Hot wallet',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      availability: 'paused',
    },
  ] as const) {
    const saved = await call(adminCreatePaymentTemplate, { token: admin.token, body });
    if (saved.status !== 201) throw new Error(`Template not saved: ${saved.status}`);
  }
  // An email on its blacklist, so the page shows a row (the email list opens first).
  const listed = await call(adminAddBlacklistEntry, {
    token: admin.token,
    body: {
      kind: 'email',
      value: `screens-${Date.now()}@blacklist.test`,
      reason: 'Chargebacks on three deals',
    },
  });
  if (listed.status !== 201) throw new Error(`Blacklist entry not saved: ${listed.status}`);
});

/**
 * What a phone user meets at 375 px: horizontal page scroll, card cells without their label, values
 * cut off without the full text at hand, and controls shorter than 44 px (a finger's target).
 */
async function phoneProblems(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    // A visually hidden control (the thread's file input) is for screen readers; its label is the target.
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        !element.classList.contains('visually-hidden')
      );
    };
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const unlabeled = [...document.querySelectorAll('.data-table tbody td:not([colspan])')]
      .filter((cell) => visible(cell) && !cell.getAttribute('data-label'))
      .map(describe);
    const cut = [...document.querySelectorAll('.admin main *, .modal *')]
      .filter(
        (element) =>
          visible(element) &&
          getComputedStyle(element).textOverflow === 'ellipsis' &&
          element.scrollWidth > element.clientWidth &&
          !element.getAttribute('title'),
      )
      .map(describe);
    const small = [
      ...document.querySelectorAll(
        '.admin button, .admin select, .admin input:not([type=radio]):not([type=checkbox]), .admin textarea, .admin a.btn, .modal button, .modal select, .modal input:not([type=radio]):not([type=checkbox]), .modal a.btn, .admin [role=switch]',
      ),
    ]
      .filter((element) => visible(element) && element.getBoundingClientRect().height < 44)
      .map((element) => `${describe(element)} ${Math.round(element.getBoundingClientRect().height)}px`);
    const outside = [
      ...document.querySelectorAll(
        '.admin button, .admin select, .admin input, .admin a, .admin [role=switch]',
      ),
    ]
      .filter((element) => {
        if (!visible(element)) return false;
        const box = element.getBoundingClientRect();
        return box.right > window.innerWidth + 1 || box.left < -1;
      })
      .filter((element) => !element.closest('.table-scroll, .admin-tabs, .filter-bar__scroll'))
      .map(describe);
    const problems: Record<string, unknown> = {};
    if (overflow > 0) problems.overflow = overflow;
    if (unlabeled.length) problems.unlabeled = unlabeled.slice(0, 5);
    if (cut.length) problems.cut = cut.slice(0, 5);
    if (small.length) problems.small = small.slice(0, 8);
    if (outside.length) problems.outside = outside.slice(0, 5);
    return problems;
  });
}

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

/** Every admin screen's heading: no two screens share one. */
const SCREEN_TITLE = 'main h1';

/**
 * In-app navigation to `path`, as the sidebar does: no reload between screens. The URL changes before
 * the router's transition renders the screen, so this waits for the screen's title to change as
 * well; checking right after the URL would look at the previous screen again.
 */
async function goToScreen(page: Page, path: string) {
  if (new URL(page.url()).pathname !== path) {
    const previous = await page.locator(SCREEN_TITLE).textContent();
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction(
      ([selector, before]) => {
        const now = document.querySelector(selector)?.textContent;
        return now != null && now !== before;
      },
      [SCREEN_TITLE, previous] as const,
    );
  }
  await waitForAdmin(page);
}

/** The geo page's two working-hours modals, each opened from the page as it loads. */
const HOURS_MODALS = {
  'geo-city-hours': async (page: Page) => {
    await page.locator('.geo-node--continent > .geo-row .geo-row__expand').first().click();
    await page.locator('.geo-node--country > .geo-row .geo-row__expand').first().click();
    await page.locator('.geo-node--city .row-icon-btn').first().click();
  },
  'geo-card-hours': (page: Page) => page.locator('.hours-panel__card button').click(),
};

/** Opens each working-hours modal on the geo page in turn, calling `look` in each. */
async function openHoursModals(page: Page, look: (name: string) => Promise<unknown>) {
  await page.goto(page.url().replace(/\/admin.*$/, '/admin/geo-management'));
  await waitForAdmin(page);
  for (const [name, open] of Object.entries(HOURS_MODALS)) {
    await open(page);
    await page.locator('.modal .hours-form').waitFor();
    await look(name);
    await page.keyboard.press('Escape');
    await page.locator('.modal .hours-form').waitFor({ state: 'detached' });
  }
}

describe.each(['ru', 'en'] as Language[])('admin screens in %s', (language) => {
  it('every screen passes axe-core at 768 and 1280 px', { timeout: 180_000 }, async () => {
    const page = await newPage({ language });
    await openAs(page, admin, '/admin');
    const violations: Record<string, unknown> = {};
    for (const { name, path } of SCREENS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await goToScreen(page, path);
      if (name === 'geo') await page.locator('.geo-row__expand').first().click();
      Object.assign(violations, await lookAtWidths(page, name, language));
    }
    expect(violations).toEqual({});
  });

  it('every admin screen and modal fits a 375 px phone', { timeout: 180_000 }, async () => {
    const page = await newPage({ language, width: 375 });
    await openAs(page, admin, '/admin');
    const problems: Record<string, unknown> = {};
    const look = async (name: string) => {
      await screenshot(page, `admin/${name}-375-${language}`);
      const found = await phoneProblems(page);
      if (Object.keys(found).length > 0) problems[name] = found;
    };
    for (const { name, path } of SCREENS) {
      await goToScreen(page, path);
      if (name === 'geo') await page.locator('.geo-row__expand').first().click();
      await look(name);
    }
    // A reserve edited in place: its two inputs and the save and cancel buttons in the row's card.
    await page.goto(page.url().replace(/\/admin.*$/, '/admin/reserves'));
    await waitForAdmin(page);
    await page.locator('.data-table tbody .row-icon-btn').first().click();
    await page.locator('.data-table tbody .cell-edit input').first().waitFor();
    await look('reserve-edit');
    // A new payment template's modal.
    await page.goto(page.url().replace(/\/admin.*$/, '/admin/payment-gateways'));
    await waitForAdmin(page);
    await page.locator('.admin-page__tools button').click();
    await page.locator('.modal .template-form').waitFor();
    await look('payment-template-form');
    await page.keyboard.press('Escape');
    await page.locator('.modal .template-form').waitFor({ state: 'detached' });

    await page.locator('.admin__menu-button').click();
    await page.locator('.admin-drawer .admin-nav').waitFor();
    await look('drawer');
    await page.keyboard.press('Escape');

    await openHoursModals(page, look);

    await page.goto(page.url().replace(/\/admin.*$/, '/admin/user-management'));
    await waitForAdmin(page);
    await page.locator('.open-row').first().dblclick();
    await page.locator('.modal .facts').first().waitFor();
    await waitForAdmin(page);
    await look('user-detail');
    await page.keyboard.press('Escape');
    await page.locator('.modal .facts').first().waitFor({ state: 'detached' });
    await page.locator('.open-row').first().locator('.row-icon-btn').nth(1).click();
    await page.locator('.modal form').waitFor();
    await look('user-edit');
    await page.keyboard.press('Escape');

    await page.goto(
      page.url().replace(/\/admin.*$/, `/admin/application-management?open_id=${applicationId}`),
    );
    await page.locator('.modal .facts').first().waitFor();
    await waitForAdmin(page);
    await look('application-detail');
    await page.locator('.modal .detail-status select').selectOption('REJECTED');
    await page.locator('.modal textarea[required]').waitFor();
    await look('reject-dialog');
    expect(problems).toEqual({});
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
    await page.locator('.modal .facts').first().waitFor();
    await waitForAdmin(page);
    const detail = await lookAtWidths(page, 'user-detail', language);
    await page.keyboard.press('Escape');
    await page.locator('.modal .facts').first().waitFor({ state: 'detached' });
    await page.locator('.open-row').first().locator('.row-icon-btn').nth(1).click();
    await page.locator('.modal form').waitFor();
    const edit = await lookAtWidths(page, 'user-edit', language);
    expect({ ...detail, ...edit }).toEqual({});
  });

  it.each(Object.entries(HOURS_MODALS))('the working hours modal %s passes axe-core', async (name, open) => {
    const page = await newPage({ language });
    await openAs(page, admin, '/admin/geo-management');
    await waitForAdmin(page);
    await open(page);
    await page.locator('.modal .hours-form').waitFor();
    expect(await lookAtWidths(page, name, language)).toEqual({});
  });

  it('the application detail modal and the reject dialog pass axe-core', async () => {
    const page = await newPage({ language });
    await openAs(page, admin, `/admin/application-management?open_id=${applicationId}`);
    await page.locator('.modal .facts').first().waitFor();
    await waitForAdmin(page);
    const detail = await lookAtWidths(page, 'application-detail', language);
    await page.locator('.modal .detail-status select').selectOption('REJECTED');
    await page.locator('.modal textarea[required]').waitFor();
    const reject = await lookAtWidths(page, 'reject-dialog', language);
    expect({ ...detail, ...reject }).toEqual({});
  });
});
