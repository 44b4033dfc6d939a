import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAND_IN_CHANGES } from '@infra/local/market-data-stand-in';
import BRAND_NAMES from '@shared/brand/names.json';
import { TICKER_COINS } from '@shared/constants';
import { describe, expect, inject, it } from 'vitest';
import { siteUrl, useBrowser, waitForApp } from './support/browser';
import { readManifest } from './support/route-sizes';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

/** A language's common texts as shown: the brand's name (shared/brand/names.json) in place of `{{brand.ru}}`/`{{brand.en}}`. */
const texts = (language: 'ru' | 'en') =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../web/src/locales/${language}/common.json`), 'utf8').replace(
      /\{\{brand\.(ru|en)\}\}/g,
      (_, named: 'ru' | 'en') => BRAND_NAMES[named],
    ),
  );
const HERO = { ru: texts('ru'), en: texts('en') } as const;

describe('public site', () => {
  it.each(['ru', 'en'] as const)(
    'shows the hero and the links to login and register without JavaScript (%s, by Accept-Language)',
    async (language) => {
      const page = await newPage({ language, javaScript: false, width: 375 });

      await page.goto(siteUrl('/'));

      const texts = HERO[language];
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      expect(await page.locator('h1').textContent()).toBe(texts.landing.hero.title);
      expect(await page.locator('.hero__subtitle').textContent()).toBe(texts.landing.hero.subtitle);
      const hero = page.locator('.hero');
      expect(await hero.getByRole('link', { name: texts.nav.login }).getAttribute('href')).toBe('/login');
      expect(await hero.getByRole('link', { name: texts.nav.register }).getAttribute('href')).toBe(
        '/register',
      );
      expect(await page.title()).toBe(texts.meta.home.title);
      expect(await page.locator('link[hreflang]').count()).toBe(3);
    },
  );

  it("serves the language of the cookie before the browser's, prerendered", async () => {
    const page = await newPage({ language: 'ru', javaScript: false });
    await page.context().addCookies([{ name: 'language', value: 'en', url: siteUrl('/') }]);

    await page.goto(siteUrl('/privacy-policy'));

    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toBe(HERO.en.meta.privacyPolicy.title);
  });

  it('hydrates the prerendered landing page without a mismatch and keeps it in place', async () => {
    const page = await newPage({ language: 'en', width: 375 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('Failed to load resource'))
        problems.push(message.text());
    });

    await page.goto(siteUrl('/'));
    await waitForApp(page);
    await page.waitForSelector('.ticker__item');

    expect(problems).toEqual([]);
    expect(await page.locator('h1').textContent()).toBe(HERO.en.landing.hero.title);
    expect(await page.title()).toBe(HERO.en.meta.home.title);
  });

  it("starts the app's scripts and texts only after the prerendered page has painted, then hydrates", async () => {
    const page = await newPage({ language: 'en', width: 375 });

    await page.goto(siteUrl('/'));
    await waitForApp(page);

    const { painted, requests } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      requests: performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    // The app's scripts and texts (docs/architecture.md §13): none before the paint, all after it.
    // Stylesheets may come before it, as render-blocking CSS does; on a quiet machine (nothing left
    // in the memory cache by an earlier file) they are fetched before the first paint.
    const scriptsAndTexts = requests.filter(({ name }) => !new URL(name).pathname.endsWith('.css'));
    expect(scriptsAndTexts.some(({ name }) => new URL(name).pathname.endsWith('.js'))).toBe(true);
    expect(scriptsAndTexts.some(({ name }) => new URL(name).pathname.endsWith('.json'))).toBe(true);
    for (const { name, startTime } of scriptsAndTexts)
      expect(startTime, name).toBeGreaterThanOrEqual(painted);
  });

  it.each(['/login', '/register'])(
    'keeps the prerendered form on %s closed until its scripts run, so it never sends a password in the URL',
    async (path) => {
      const page = await newPage({ language: 'en' });
      let releaseScripts = () => {};
      const scriptsHeld = new Promise<void>((resolve) => {
        releaseScripts = resolve;
      });
      // A slow phone: the page has painted, its scripts have not arrived.
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await page.goto(siteUrl(path), { waitUntil: 'domcontentloaded' });
      const password = page.getByLabel('Password', { exact: true });
      const submit = page.locator('.form-gate button[type=submit]');

      expect(await password.isEditable()).toBe(false);
      expect(await submit.isDisabled()).toBe(true);
      // What a visitor can still try: Enter in a field, a tap on the button.
      await password.focus();
      await page.keyboard.press('Enter');
      await submit.click({ force: true });
      await page.waitForTimeout(500);
      expect(visited.filter((url) => url.includes('?'))).toEqual([]);
      expect(page.url()).toBe(siteUrl(path));

      releaseScripts();
      await waitForApp(page);
      await password.fill('Typed-after-hydration-1');
      expect(await submit.isEnabled()).toBe(true);
    },
  );

  it('shows visitors the hero with login and register and the ticker of nine coins', async () => {
    const page = await newPage({ language: 'en' });

    await page.goto(siteUrl('/'));
    await waitForApp(page);
    await page.waitForSelector('.ticker__item');

    const hero = page.locator('.hero');
    expect(await hero.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await hero.getByRole('link', { name: 'Register' }).isVisible()).toBe(true);
    const readable = page.locator('.ticker__list:not([aria-hidden]) .ticker__item');
    expect(await readable.count()).toBe(TICKER_COINS.length);
    const tones = await readable
      .locator('[data-tone]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tone')));
    const expected = TICKER_COINS.map((id) => {
      const change = STAND_IN_CHANGES[id]!;
      return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
    });
    expect(tones).toEqual(expected);
  });

  it('shows the five feature cards and the testimonials with three cards on a wide screen', async () => {
    const page = await newPage({ language: 'en', width: 1280 });

    await page.goto(siteUrl('/'));
    await waitForApp(page);
    await page.waitForSelector('.testimonial');

    expect(await page.locator('.feature').count()).toBe(5);
    expect(await page.locator('.testimonial').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Next testimonials' }).isVisible()).toBe(true);
  });

  it('shows visitors the access-denied screen on the profile, and the guest form on /apply', async () => {
    const page = await newPage({ language: 'en' });

    await page.goto(siteUrl('/profile'));
    await waitForApp(page);
    expect(await page.getByRole('heading', { name: 'Access denied' }).isVisible()).toBe(true);
    // /profile is where a login leads anyway, so its link carries no redirectTo.
    expect(await page.locator('.status-page').getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login',
    );

    await page.goto(siteUrl('/apply'));
    await waitForApp(page);
    expect(await page.getByLabel('Email', { exact: true }).isVisible()).toBe(true);
    expect(
      await page.locator('.apply-card').getByRole('link', { name: 'Sign in' }).getAttribute('href'),
    ).toBe('/login?redirectTo=%2Fapply');
  });

  it('answers an unknown path with the 404 page and a link home', async () => {
    const page = await newPage({ language: 'en' });

    await page.goto(siteUrl('/no/such/page'));
    await waitForApp(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();

    await page.waitForURL(siteUrl('/'));
  });

  it('serves the app for client routes but 404 for a missing file, like the distribution', async () => {
    const route = await fetch(siteUrl('/some/client/route'));
    const missing = await fetch(siteUrl('/assets/missing-chunk.js'));
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/html');
    expect(missing.status).toBe(404);
  });

  it('starts in Russian and keeps the language chosen with the switcher after a reload', async () => {
    const page = await newPage({ width: 1280 });

    await page.goto(siteUrl('/'));
    await waitForApp(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('.site-nav__link[href="/apply"]').textContent()).toBe('Заявки');

    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.title()).toBe(HERO.en.meta.home.title);
    await page.reload();
    await waitForApp(page);

    expect(await page.locator('.site-nav__link[href="/apply"]').textContent()).toBe('Applications');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  });

  it('fetches only the active language resources, each namespace when a screen needs it', async () => {
    const sources = new Map(
      Object.values(readManifest(inject('e2e').distDir)).map((chunk) => [chunk.file, chunk.src ?? '']),
    );
    const page = await newPage({ language: 'en' });
    const fetched: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.slice(1);
      if (file.endsWith('.json') && sources.has(file)) fetched.push(sources.get(file)!);
    });

    await page.goto(siteUrl('/login'));
    await waitForApp(page);

    expect(fetched.sort()).toEqual([
      'src/locales/en/auth.json',
      'src/locales/en/common.json',
      'src/locales/en/errors.json',
      'src/locales/en/forms.json',
    ]);
  });

  it('keeps a referral code from a ref link for seven days, cleans the URL and locks the register field', async () => {
    const page = await newPage({ language: 'en' });

    await page.goto(siteUrl('/?ref=FRIEND42'));
    await waitForApp(page);
    await page.waitForFunction(() => !window.location.search.includes('ref='));
    const cookie = (await page.context().cookies()).find((item) => item.name === 'referralCode');
    expect(cookie?.value).toBe('FRIEND42');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.goto(siteUrl('/register'));
    await waitForApp(page);
    // The prerendered form hydrates first; the cookie's code is applied right after.
    const code = page.getByRole('textbox', { name: 'Invitation code' });
    await page.locator('input[name="invitationCode"][readonly]').waitFor();
    expect(await code.inputValue()).toBe('FRIEND42');
    expect(await code.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel("I don't have an invitation code").count()).toBe(0);
  });
});
