import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GeoTree } from '../../shared/geo';
import { api } from '../support/api';
import { openAs, registerVerifiedUser, type Session } from './support/admin-session';
import {
  type Language,
  screenshot,
  seriousAxeViolations,
  siteUrl,
  useBrowser,
  waitForApp,
} from './support/browser';

/**
 * Every visitor and user screen at 375, 768 and 1280 px in ru and en: a full-page screenshot each
 * (test-results/screenshots/site, looked at by hand), no sideways scrolling and no serious or
 * critical axe-core violations.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const WIDTHS = [375, 768, 1280] as const;

interface Screen {
  name: string;
  path: string;
  /** Waits for the screen's final state. */
  ready?: (page: Page) => Promise<unknown>;
  /** Puts the screen into the state to capture (opens a modal, expands a section...). */
  act?: (page: Page) => Promise<unknown>;
}

const VISITOR_SCREENS: Screen[] = [
  { name: 'landing', path: '/', ready: (page) => page.waitForSelector('.ticker__item, .testimonial') },
  { name: 'login', path: '/login' },
  {
    name: 'login-error',
    path: '/login',
    act: async (page) => {
      await page.locator('form button[type=submit]').click();
      await page.locator('.alert--danger').waitFor();
    },
  },
  { name: 'register', path: '/register' },
  {
    name: 'register-errors',
    path: '/register',
    act: async (page) => {
      await page.locator('form button[type=submit]').click();
      await page.locator('.field__error').first().waitFor();
    },
  },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'reset-password', path: '/reset-password?token=example-token' },
  { name: 'reset-password-no-token', path: '/reset-password' },
  {
    name: 'verify-email-error',
    path: '/verify-email?token=unknown',
    ready: (page) => page.waitForSelector('.alert'),
  },
  { name: 'license-agreement', path: '/license-agreement', ready: (page) => page.waitForSelector('h1') },
  { name: 'privacy-policy', path: '/privacy-policy', ready: (page) => page.waitForSelector('h1') },
  { name: 'access-denied', path: '/apply' },
  { name: 'not-found', path: '/no/such/page' },
];

const USER_SCREENS: Screen[] = [
  { name: 'landing-user', path: '/', ready: (page) => page.waitForSelector('.hero__welcome') },
  { name: 'apply-standard', path: '/apply', ready: (page) => page.waitForSelector('select[name=continent]') },
  {
    name: 'apply-standard-errors',
    path: '/apply',
    ready: (page) => page.waitForSelector('select[name=continent]'),
    act: async (page) => {
      await page.locator('form button[type=submit]').click();
      await page.locator('.field__error').first().waitFor();
    },
  },
  {
    name: 'apply-individual',
    path: '/apply',
    act: async (page) => {
      await page.locator('.mode-switch__option').nth(1).click();
      await page.waitForSelector('textarea[name=details]');
    },
  },
  {
    name: 'profile',
    path: '/profile',
    ready: (page) =>
      page.waitForSelector('.my-applications .data-table, .my-applications .muted, .my-applications .alert'),
    act: async (page) => {
      await page.locator('.referral__toggle').click();
    },
  },
  {
    name: 'profile-edit',
    path: '/profile',
    act: async (page) => {
      await page.locator('.profile-card__actions button').first().click();
      await page.waitForSelector('.modal .avatar-picker__option img');
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.modal img')].every((image) => image.complete),
      );
    },
  },
  {
    name: 'profile-password',
    path: '/profile',
    act: async (page) => {
      await page.locator('.profile-card__actions button').nth(1).click();
      await page.waitForSelector('.modal input[name=currentPassword]');
    },
  },
];

/**
 * One screen at the three widths. axe-core runs at 375 and 1280 px in English and at 1280 px in
 * Russian (the markup is the same in both languages; the e2e run must stay within minutes).
 */
async function capture(page: Page, screen: Screen, language: Language, session: Session | null) {
  const problems: Record<string, unknown> = {};
  if (session) await openAs(page, session, screen.path);
  else await page.goto(siteUrl(screen.path));
  await waitForApp(page);
  await screen.ready?.(page);
  await screen.act?.(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `site/${screen.name}-${width}-${language}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems[`${width} px scrolls sideways`] = `${overflow}px`;
    if (width === 1280 || (width === 375 && language === 'en')) {
      const found = await seriousAxeViolations(page);
      if (found.length > 0) problems[`axe at ${width} px`] = found;
    }
  }
  return problems;
}

let user: Session;
beforeAll(async () => {
  user = await registerVerifiedUser('sc');
  // Applications for the profile's list: a standard one (cancelled) and an individual one.
  const geo = await api<GeoTree>('GET', '/api/geo');
  const continent = geo.body.data![0]!;
  const country = continent.countries[0]!;
  const standard = await api<{ id: string }>('POST', '/api/applications', {
    token: user.token,
    body: {
      requestType: 'STANDARD',
      continent: continent.key,
      country: country.key,
      city: country.cities[0]!.key,
      assetFrom: 'cash-USD',
      assetTo: 'usdt-trc20',
      amount: 1500,
      contactTelegram: '@screens_user',
      originFunds: 'N/A',
    },
  });
  await api('POST', `/api/applications/${standard.body.data!.id}/cancel`, { token: user.token });
  await api('POST', '/api/applications', {
    token: user.token,
    body: {
      requestType: 'INDIVIDUAL',
      details: 'Cash EUR to USDT in Lisbon',
      contactTelegram: '@screens_user',
    },
  });
});

describe.each(['ru', 'en'] as Language[])('screens in %s', (language) => {
  it.each(VISITOR_SCREENS.map((screen) => [screen.name, screen] as const))(
    'visitor screen %s is captured and passes the checks',
    async (_name, screen) => {
      const page = await newPage({ language });

      expect(await capture(page, screen, language, null)).toEqual({});
    },
  );

  it.each(USER_SCREENS.map((screen) => [screen.name, screen] as const))(
    'user screen %s is captured and passes the checks',
    async (_name, screen) => {
      const page = await newPage({ language });

      expect(await capture(page, screen, language, user)).toEqual({});
    },
  );
});
