import { TICKER_COINS } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { createStaff } from './support/admin-data';
import { openAs, type Session, waitForAdmin } from './support/admin-session';
import {
  screenshot,
  seriousAxeViolations,
  showsToast,
  siteUrl,
  useBrowser,
  VIEWPORTS,
  waitForApp,
} from './support/browser';

/**
 * Pages staff edit, as an owner and a visitor meet them (docs/product.md "Pages staff edit"): an
 * ADMIN writes the FAQ in Russian in Admin → Pages, previews it and saves; a visitor's phone then
 * gets the new text in the prerendered page itself (JavaScript off), and in the app when it goes
 * there from the landing page. The FAQ is put back to its built-in text after.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const QUESTION = 'Сколько ждать выплату?';
const MARKDOWN = `## ${QUESTION}\n\nНе дольше **30 минут** после подтверждения. <script>window.hacked = 1</script>`;
let admin: Session;

beforeAll(async () => {
  admin = await createStaff('ADMIN', 'pages');
});

afterAll(async () => {
  await api('PUT', '/api/admin/site-content/faq', {
    token: admin.token,
    body: { language: 'ru', markdown: '' },
  });
});

describe('a page block an ADMIN writes', () => {
  it('is previewed and saved in Admin → Pages, and the prerendered page carries it, scripts left out', async () => {
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/pages');
    await waitForAdmin(page);
    await page.getByRole('button', { name: 'Edit FAQ' }).click();
    await page.getByRole('button', { name: 'Russian' }).click();
    await page.getByLabel('Text in Markdown, Russian').fill(MARKDOWN);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'As the site will show it (Russian)' });
    await preview.getByRole('heading', { name: QUESTION }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('30 минут');
    expect(await preview.locator('script').count()).toBe(0);
    await screenshot(page, 'site-content/editor-preview-1280-en');
    await showsToast(page, 'The site shows it now.', () =>
      page.getByRole('button', { name: 'Save' }).click(),
    );

    // The page as the server sends it, no script run: a phone with JavaScript off.
    const phone = await newPage({ width: VIEWPORTS.mobile, language: 'ru', javaScript: false });
    await phone.goto(siteUrl('/faq?lang=ru'));
    const slot = phone.locator('[data-content-slot="faq"][data-content-custom]');
    expect(await slot.getByRole('heading', { name: QUESTION }).count()).toBe(1);
    expect(await slot.locator('script').count()).toBe(0);
    expect(await slot.textContent()).toContain('<script>window.hacked = 1</script>');
  });

  it('is what the app shows after hydrating the page and after coming from the landing page', async () => {
    const page = await newPage({ width: VIEWPORTS.mobile, language: 'ru' });
    await page.goto(siteUrl('/faq?lang=ru'));
    await waitForApp(page);
    expect(await page.getByRole('heading', { name: QUESTION }).count()).toBe(1);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'site-content/faq-written-375-ru');

    const fromLanding = await newPage({ width: VIEWPORTS.desktop, language: 'ru' });
    await fromLanding.goto(siteUrl('/?lang=ru'));
    await waitForApp(fromLanding);
    await fromLanding.locator('footer').getByRole('link', { name: 'Частые вопросы' }).click();
    await fromLanding.getByRole('heading', { name: QUESTION }).waitFor();
    expect(fromLanding.url()).toBe(siteUrl('/faq'));
  });

  it('as news of the landing page, is a section under the cards once written, and nothing before', async () => {
    const news = '[data-content-slot="landing.news"]';
    const before = await newPage({ width: VIEWPORTS.mobile, language: 'ru', javaScript: false });
    await before.goto(siteUrl('/?lang=ru'));
    expect(await before.locator(news).isVisible()).toBe(false);

    const written = await api('PUT', '/api/admin/site-content/landing.news', {
      token: admin.token,
      body: { language: 'ru', markdown: '## Новости\n\n### 1 декабря\n\nОткрыли офис в Казани.' },
    });
    expect(written.status).toBe(200);
    const after = await newPage({ width: VIEWPORTS.mobile, language: 'ru', javaScript: false });
    await after.goto(siteUrl('/?lang=ru'));
    await after.locator(news).getByRole('heading', { name: 'Новости' }).waitFor();
    expect(await after.locator(news).getByText('Открыли офис в Казани.').isVisible()).toBe(true);
  });
});

describe("the landing page's ticker", () => {
  afterAll(async () => {
    await api('PUT', '/api/admin/ticker', { token: admin.token, body: { coins: [...TICKER_COINS] } });
  });

  it('with no coins chosen, holds no band for it: the hero is straight above the sections', async () => {
    const chosen = await api('PUT', '/api/admin/ticker', { token: admin.token, body: { coins: [] } });
    expect(chosen.status).toBe(200);
    const page = await newPage({ width: VIEWPORTS.mobile, language: 'ru' });
    await page.goto(siteUrl('/?lang=ru'));
    await waitForApp(page);
    await page.locator('.calc select[name=city]:not([disabled])').waitFor();
    expect(await page.locator('.ticker').count()).toBe(1);
    expect(await page.locator('.ticker').isVisible()).toBe(false);
    // What follows the hero starts where the hero ends.
    const [heroBottom, nextTop] = await page.evaluate(() => {
      const hero = document.querySelector('.hero')!.getBoundingClientRect();
      const ticker = document.querySelector('.ticker')!;
      let next = ticker.nextElementSibling;
      while (next && next.getBoundingClientRect().height === 0) next = next.nextElementSibling;
      return [hero.bottom, next!.getBoundingClientRect().top];
    });
    expect(nextTop).toBe(heroBottom);
  });
});
