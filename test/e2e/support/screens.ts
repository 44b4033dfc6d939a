import { cancelMyApplication, createApplication } from '@shared/routes/applications';
import { authForgotPassword, authRegister } from '@shared/routes/auth';
import { getGeo } from '@shared/routes/geo';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, runId } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { E2E_PASSWORD, openAs, registerVerifiedUser, type Session } from './admin-session';
import { type Language, screenshot, seriousAxeViolations, siteUrl, useBrowser, waitForApp } from './browser';
import { authenticator, enableMfa } from './totp';

/**
 * Every visitor and user screen at 375, 768 and 1280 px in one language: no sideways scrolling and
 * no serious or critical axe-core violations at every width, and a full-page screenshot each with
 * `npm run test:screenshots` (test-results/screenshots/site, looked at by hand). One page per
 * screen, resized from width to width. Each language is its own test file.
 */
const WIDTHS = [375, 768, 1280] as const;

interface Screen {
  name: string;
  /** The address, or a function that prepares what the screen needs (a mailed link...) and returns it. */
  path: string | (() => Promise<string>);
  /** Whom a user screen is opened as, when not the shared user. */
  session?: () => Promise<Session>;
  /** Waits for the screen's final state. */
  ready?: (page: Page) => Promise<unknown>;
  /** Puts the screen into the state to capture (opens a modal, expands a section...). */
  act?: (page: Page) => Promise<unknown>;
  /**
   * The state ends by itself (a toast's timeout, a redirect): the page runs on a Playwright clock
   * that is stopped once the state shows, so it stays for the screenshots and axe.
   */
  fleeting?: true;
}

/** Fills the form's fields by name; `true` ticks a checkbox. */
async function fillForm(page: Page, values: Record<string, string | true>) {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`form [name=${name}]`);
    await (value === true ? field.check() : field.fill(value));
  }
}

async function submitForm(page: Page) {
  await page.locator('form button[type=submit]').click();
}

/** Waits for the element and for its entrance animation to end. */
async function shown(element: Locator) {
  await element.waitFor();
  await element.evaluate((node) => Promise.all(node.getAnimations().map((animation) => animation.finished)));
}

/** The path and fragment of the `path#token=` link last mailed to the address (waits for it). */
async function mailedLink(address: string, path: string): Promise<string> {
  const link = new RegExp(`${path}#token=[A-Za-z0-9_%-]+`);
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await mailsTo(address))
      .map((mail) => link.exec(mail.body.text ?? '')?.[0])
      .findLast(Boolean);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No ${path} link mailed to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new account's details, unique to this run. */
function newAccount(prefix: string) {
  const username = `${prefix}${runId()}`.slice(0, 24);
  return { email: `${username}@example.test`, username, password: E2E_PASSWORD };
}

async function submitIndividualApplication(session: Session) {
  await call(createApplication, {
    token: session.token,
    body: {
      requestType: 'INDIVIDUAL',
      details: 'Cash EUR to USDT in Lisbon',
      contactTelegram: '@screens_user',
      amlAcknowledged: true as const,
    },
  });
}

/** A user of their own with one pending application, for the screens that cancel it. */
async function userWithPendingApplication(): Promise<Session> {
  const session = await registerVerifiedUser('sx');
  await submitIndividualApplication(session);
  return session;
}

/** Asks to cancel the first pending application: the confirmation toast with its two buttons. */
async function askToCancel(page: Page) {
  await page.locator('.my-applications tbody button').first().click();
  await shown(page.locator('.toast--custom'));
}

/** The landing page with its ticker or testimonials, and its quote calculator ready for a choice. */
async function landingReady(page: Page) {
  await page.waitForSelector('.ticker__item, .testimonial');
  await page.waitForSelector('.calc select[name=city]:not([disabled])');
}

const VISITOR_SCREENS: Screen[] = [
  { name: 'landing', path: '/', ready: landingReady },
  {
    name: 'landing-quote',
    path: '/',
    ready: landingReady,
    act: async (page) => {
      await page.locator('.calc select[name=city]').selectOption({ index: 1 });
      await page.locator('.calc [name=amount]').fill('1500');
      await page.locator('.calc .quote__receive').waitFor();
    },
  },
  {
    name: 'rates',
    path: '/rates',
    ready: (page) => page.waitForSelector('.rates-table'),
    act: async (page) => {
      await page.locator('select[name=city]').selectOption({ index: 1 });
      await page.locator('.rates-table').waitFor();
    },
  },
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
  {
    name: 'register-done',
    path: '/register',
    act: async (page) => {
      const account = newAccount('sr');
      await fillForm(page, {
        ...account,
        confirmPassword: account.password,
        noCode: true,
        acceptTerms: true,
      });
      await submitForm(page);
      await page.locator('.auth-result .alert--success').waitFor();
    },
  },
  { name: 'forgot-password', path: '/forgot-password' },
  {
    name: 'forgot-password-done',
    path: '/forgot-password',
    act: async (page) => {
      await fillForm(page, { email: newAccount('sf').email });
      await submitForm(page);
      await page.locator('.auth-result .alert--success').waitFor();
    },
  },
  { name: 'reset-password', path: '/reset-password#token=example-token' },
  {
    name: 'reset-password-done',
    path: async () => {
      const { email } = await registerVerifiedUser('sp');
      await call(authForgotPassword, { body: { email } });
      return mailedLink(email, '/reset-password');
    },
    act: async (page) => {
      const password = 'Brand-new-pass-7';
      await fillForm(page, { password, confirmPassword: password });
      await submitForm(page);
      await page.locator('.auth-result .alert--success').waitFor();
    },
    fleeting: true,
  },
  { name: 'reset-password-no-token', path: '/reset-password' },
  {
    name: 'verify-email-done',
    path: async () => {
      const account = newAccount('sv');
      const answer = await call(authRegister, { body: account });
      if (answer.status !== 201) throw new Error(`Register failed: ${answer.status}`);
      return mailedLink(account.email, '/verify-email');
    },
    act: async (page) => {
      await fillForm(page, { password: E2E_PASSWORD });
      await submitForm(page);
      await page.locator('.auth-result .alert--success').waitFor();
    },
    fleeting: true,
  },
  { name: 'verify-email', path: '/verify-email#token=example-token' },
  {
    name: 'login-mfa-step',
    path: '/login',
    act: async (page) => {
      const account = await registerVerifiedUser('sl');
      await enableMfa(account);
      await fillForm(page, { loginIdentifier: account.email, password: account.password });
      await submitForm(page);
      await page.locator('#mfa-step-title').waitFor();
    },
  },
  {
    name: 'verify-email-error',
    path: '/verify-email#token=unknown',
    act: async (page) => {
      await fillForm(page, { password: E2E_PASSWORD });
      await submitForm(page);
      await page.locator('.alert--danger').waitFor();
    },
  },
  { name: 'verify-email-no-token', path: '/verify-email' },
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
    name: 'apply-quote',
    path: '/apply',
    act: async (page) => {
      for (const name of ['continent', 'country', 'city'])
        await page.locator(`select[name=${name}]`).selectOption({ index: 1 });
      await fillForm(page, { amount: '1500' });
      await page.locator('.quote__receive').waitFor();
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
    // The partner page with a code the rule refuses: the link, the code form and its error, the days.
    name: 'partner',
    path: '/partner',
    ready: (page) => page.waitForSelector('.partner-days, .partner-page table'),
    act: async (page) => {
      await page.locator('.partner-code-form [name=code]').fill('a-b');
      await page.locator('.partner-code-form button[type=submit]').click();
      await page.locator('.partner-code-form .field__error').waitFor();
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
  {
    name: 'profile-mfa-setup',
    path: '/profile',
    session: () => registerVerifiedUser('sm'),
    act: async (page) => {
      await page.locator('section.mfa [name=currentPassword]').fill(E2E_PASSWORD);
      await page.locator('section.mfa button[type=submit]').click();
      await page.locator('.mfa-qr svg').waitFor();
    },
  },
  {
    name: 'profile-mfa-recovery-codes',
    path: '/profile',
    session: () => registerVerifiedUser('sr'),
    act: async (page) => {
      await page.locator('section.mfa [name=currentPassword]').fill(E2E_PASSWORD);
      await page.locator('section.mfa button[type=submit]').click();
      const secret = (await page.locator('.mfa-secret code').textContent()) ?? '';
      await page.locator('section.mfa [name=code]').fill(authenticator(secret.trim()).now());
      await page.locator('section.mfa button[type=submit]').click();
      await page.locator('.mfa-codes').waitFor();
    },
  },
  {
    name: 'profile-cancel-confirmation',
    path: '/profile',
    session: userWithPendingApplication,
    act: askToCancel,
    fleeting: true,
  },
  {
    name: 'profile-cancelled-toast',
    path: '/profile',
    session: userWithPendingApplication,
    act: async (page) => {
      await askToCancel(page);
      await page.locator('.toast--custom .toast__actions button').first().click();
      await shown(page.locator('.toast--success'));
      await page.locator('.my-applications tbody button').waitFor({ state: 'detached' });
    },
    fleeting: true,
  },
];

/** One screen at the three widths, each width screenshotted and checked. */
async function capture(page: Page, screen: Screen, language: Language, session: Session | null) {
  const problems: Record<string, unknown> = {};
  const path = typeof screen.path === 'string' ? screen.path : await screen.path();
  if (screen.fleeting) await page.clock.install();
  if (session) await openAs(page, session, path);
  else await page.goto(siteUrl(path));
  await waitForApp(page);
  await screen.ready?.(page);
  await screen.act?.(page);
  // pauseAt refuses a time already past, and the clock runs on while the command travels.
  if (screen.fleeting) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `site/${screen.name}-${width}-${language}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems[`${width} px scrolls sideways`] = `${overflow}px`;
    const found = await seriousAxeViolations(page);
    if (found.length > 0) problems[`axe at ${width} px`] = found;
  }
  return problems;
}

export function checkScreensIn(language: Language) {
  // biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
  const newPage = useBrowser();
  let user: Session;
  beforeAll(async () => {
    user = await registerVerifiedUser('sc');
    // Applications for the profile's list: a standard one (cancelled) and an individual one.
    const geo = await call(getGeo);
    const continent = geo.body.data![0]!;
    const country = continent.countries[0]!;
    const standard = await call(createApplication, {
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
        amlAcknowledged: true as const,
        originFunds: 'N/A',
      },
    });
    await call(cancelMyApplication, { params: { id: standard.body.data!.id }, token: user.token });
    await submitIndividualApplication(user);
  });

  describe(`screens in ${language}`, () => {
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

        expect(await capture(page, screen, language, (await screen.session?.()) ?? user)).toEqual({});
      },
    );
  });
}
